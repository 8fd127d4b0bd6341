/* One recorded version of a game, drawn as the phones drew it: the replay's frame (what the
   game's own phone view said then, the LEDs' scene, the pending decision) with the seats and the
   log up to that version is a whole view, which the panel's own scripts draw (Panel.showView:
   status, decision, board; each game's registered board). Nothing here knows a game; any page
   that holds a replay (docs/formats.md "Replay") draws a version with ``Replay.draw``. */
"use strict";

window.Replay = (() => {
  const P = window.Panel;

  /* The view of ``version`` (0: before the first action): the frame's own fields, the seats, and
     the last ``log_length`` log entries written by then, each push taken back by then marked
     undone (the frame lists them), as the live view's log had them. */
  function viewAt(replay, version) {
    const frame = replay.frames[version];
    const undone = new Set(frame.undone);
    const first = Math.max(0, version - replay.log_length);
    const log = replay.entries.slice(first, version).map((entry) => (
      entry.kind === "push" ? { ...entry, undone: undone.has(entry.seq) } : entry));
    return {
      game: replay.game, game_id: 0, version, seats: replay.seats,
      pending: frame.pending, winner: frame.winner, extra: frame.extra,
      offers: null, legal_count: 0, camera_prompts: [], notices: [], log,
    };
  }

  /* The log entry that made ``version`` (none for version 0). */
  function entryAt(replay, version) {
    return version > 0 ? replay.entries[version - 1] : null;
  }

  /* The camera's pictures of the entry that made ``version``: [{cell, before, after}] as data
     addresses of their JPEGs. */
  function picturesAt(replay, version) {
    return (replay.pictures || [])
      .filter((p) => p.first <= version && version <= p.last)
      .map((p) => ({ cell: p.cell, before: `data:image/jpeg;base64,${p.before}`, after: `data:image/jpeg;base64,${p.after}` }));
  }

  /* Draw ``version`` into the page's cards (#status, #pending, #board, #log), its board lit by
     the LEDs' scene of that moment; returns the view drawn. */
  function draw(replay, version) {
    const view = viewAt(replay, version);
    P.state.leds = replay.frames[version].leds || {};
    P.showView(view);
    return view;
  }

  return { viewAt, entryAt, picturesAt, draw };
})();
