/* The broadcast's pages: every table's game for spectators away from the room (/broadcast) and
   one table's overlay for streaming software (/overlay/<table>). Both poll what the server hands
   out — each table as it was the broadcast's delay ago (the server decides; nothing here asks
   for a version) — and draw it with the phone panel's own scripts (window.Panel): the board as
   the phones draw it, the status chips, the log's words. Nothing here acts on a game. */
"use strict";

(() => {
  const { boot, t, el } = window.Page;
  const page = boot.page;
  let held = null; // the last answer drawn, as text: an unchanged answer is not drawn again

  function delayText(seconds) {
    if (!seconds) return t("broadcast.live");
    const minutes = Math.floor(seconds / 60);
    const rest = Math.round(seconds % 60);
    if (!minutes) return t("broadcast.delay_seconds", { seconds: rest });
    return rest ? t("broadcast.delay_both", { minutes, seconds: rest }) : t("broadcast.delay_minutes", { minutes });
  }

  /* Each seat's player (in their colour) and warband, from the frame. */
  function players(frame) {
    const view = frame.view;
    return window.Panel.withView(view, () => view.seats.map((s) => {
      const who = (frame.players || {})[s.seat] || {};
      const seated = window.Panel.seat(s.seat);
      return el("p", { class: "bc-player", dataset: { seat: s.seat }, style: { borderColor: seated.colour } },
        el("strong", { class: "bc-name", text: who.name || seated.name }),
        who.warband ? el("span", { class: "bc-warband", text: who.warband }) : null);
    }));
  }

  function score(frame) {
    const view = frame.view;
    if (view.winner) {
      return el("p", { class: "bc-winner", text: window.Panel.withView(view, () => t("status.winner", { name: window.Panel.seat(view.winner).name })) });
    }
    if (!frame.score) return null;
    const points = view.seats.map((s) => frame.score[s.seat] ?? 0).join(" – ");
    return el("p", { class: "bc-score", text: t("broadcast.score", { score: points }) });
  }

  function chips(view) {
    return window.Panel.statusOf(view).map(([label, value]) => el("span", { class: "chip" }, el("small", { text: label }), " ", value));
  }

  function lastDice(frame) {
    if (!frame.last_roll) return t("overlay.none");
    return window.Panel.withView(frame.view, () => window.Panel.logText(frame.last_roll));
  }

  /* The newest rule notice in the view's log that the page has words for. */
  function lastNotice(view) {
    for (const entry of (view.log || []).slice().reverse()) {
      const notice = (entry.notices || []).filter((n) => window.Page.has(n.key)).pop();
      if (notice) return window.Panel.withView(view, () => window.Panel.noticeText(notice));
    }
    return t("overlay.none");
  }

  function board(view) {
    const box = el("div", { class: "bc-board" });
    return window.Panel.drawBoardOf(box, view) ? box : null;
  }

  // -- the spectator page -------------------------------------------------------------------------

  function tableCard(entry) {
    const frame = entry.frame;
    const card = el("li", { class: "bc-table card", dataset: { table: entry.table } }, el("h2", { text: entry.table }));
    if (!frame || !frame.view) {
      card.append(el("p", { class: "bc-waiting", text: t("broadcast.waiting") }));
      return card;
    }
    card.dataset.version = String(frame.view.version);
    card.dataset.game = String(frame.view.game_id);
    card.append(...[
      el("div", { class: "bc-players" }, players(frame)),
      score(frame),
      el("div", { class: "bc-status" }, chips(frame.view)),
      board(frame.view),
      el("p", { class: "bc-dice" }, el("small", { text: t("overlay.last_dice") }), " ", lastDice(frame)),
      el("p", { class: "bc-notice" }, el("small", { text: t("overlay.last_notice") }), " ", lastNotice(frame.view)),
    ].filter((part) => part !== null)); // a game without a score or a board has none to show
    return card;
  }

  function drawPage(answer) {
    document.getElementById("bc-delay").textContent = delayText(answer.delay);
    document.getElementById("bc-none").hidden = answer.tables.length > 0;
    document.getElementById("bc-tables").replaceChildren(...answer.tables.map(tableCard));
  }

  // -- the overlay --------------------------------------------------------------------------------

  function fill(id, ...nodes) {
    document.getElementById(id).replaceChildren(...nodes.flat().filter((n) => n !== null));
  }

  function drawOverlay(answer) {
    const frame = answer.frame;
    const shown = Boolean(frame && frame.view);
    document.getElementById("ov-waiting").hidden = shown;
    for (const part of document.querySelectorAll(".ov-board, .ov-side")) part.hidden = !shown;
    if (!shown) return;
    document.body.dataset.version = String(frame.view.version);
    fill("ov-board", board(frame.view));
    fill("ov-players", players(frame), score(frame));
    fill("ov-status", chips(frame.view));
    fill("ov-dice", lastDice(frame));
    fill("ov-notice", lastNotice(frame.view));
  }

  async function poll() {
    const path = page === "overlay" ? `/api/broadcast/${encodeURIComponent(boot.table)}` : "/api/broadcast";
    let response;
    try {
      response = await fetch(path, { cache: "no-store" });
    } catch (error) {
      return; // the server is away: the page keeps what it showed, and asks again
    }
    if (!response.ok) return;
    const text = await response.text();
    if (text === held) return;
    held = text;
    const answer = JSON.parse(text);
    if (page === "overlay") drawOverlay(answer);
    else drawPage(answer);
    document.body.dataset.drawn = String(Date.now());
  }

  poll();
  setInterval(poll, boot.poll_seconds * 1000);
})();
