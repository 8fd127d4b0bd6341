/* The hub's pages: the organizer page, the spectator wall, the printable page and a table's live
   position for the judge. They read the event from /api/event (every 2 s; the wall with every
   table's view, the judge's page that table's every second) and, on the hub's own screen or where
   the organizer or a judge signed in with the organizer PIN, send the organizer's changes; the
   hub checks everything and answers refusals in the page's language. The tables' games are drawn
   by the phone panel's own scripts (window.Panel), which on these pages only read. */
"use strict";

(() => {
  const { boot, t, el } = window.Page;
  const messages = boot.messages;
  const page = boot.page;
  const REFRESH_MS = boot.refresh_ms;
  let event = null;
  let warbands = [];
  const LABELS_LIMIT_KB = 16; // the hub's limit for a label registration (player_labels.py)

  // the outcome the organizer picked to correct each match (by match id): the page's refresh
  // draws the rows again, and must not undo a choice made before its button is pressed
  const corrections = {};

  function fill(id, nodes) {
    const target = document.getElementById(id);
    if (target) target.replaceChildren(...nodes);
  }

  function toast(text, bad = false) {
    const box = document.getElementById("toast");
    box.textContent = text;
    box.className = bad ? "toast bad" : "toast";
    box.hidden = false;
    clearTimeout(toast.timer);
    toast.timer = setTimeout(() => { box.hidden = true; }, 4000);
  }

  /* POST ``body``; a refusal is toasted and gives ``null``, except one whose code is in
     ``handled``: it gives ``{ refused: body }`` for the caller to show. */
  async function post(path, body, handled = []) {
    const response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": boot.csrf },
      body: JSON.stringify(body),
    });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) {
      if (handled.includes(data.error)) return { refused: data };
      toast(data.message || t("hub.error.other"), true);
      return null;
    }
    return data;
  }

  async function send(path, body = {}, handled = []) {
    const data = await post(path, body, handled);
    if (data) await refresh();
    return data;
  }

  function percent(value) {
    return `${(value * 100).toFixed(1)}%`;
  }

  function clockText(clock) {
    if (clock.length === null || clock.length === undefined) return t("hub.clock.none");
    let left = clock.remaining;
    if (clock.running && clock.deadline) left = Math.max(0, clock.deadline - (clock.hub_time + (Date.now() - fetchedAt) / 1000));
    if (left <= 0) return t("hub.clock.time");
    const minutes = Math.floor(left / 60);
    const seconds = Math.floor(left % 60).toString().padStart(2, "0");
    return `${minutes}:${seconds}${clock.running ? "" : ` (${t("hub.clock.paused")})`}`;
  }

  let fetchedAt = Date.now();

  function renderClock() {
    if (!event) return;
    const clock = document.getElementById("clock");
    clock.textContent = event.round ? clockText(event.clock) : "";
    const toggle = document.getElementById("clock-toggle");
    if (toggle) {
      const has = event.round && event.clock.length;
      toggle.hidden = !has;
      toggle.textContent = event.clock.running ? t("hub.clock.pause") : t("hub.clock.resume");
    }
  }

  function playerName(side) {
    return side ? side.name : t("hub.match.bye");
  }

  function resultText(match) {
    if (match.outcome === "bye") return t("hub.match.bye");
    if (match.outcome === "draw") return t("hub.match.draw");
    if (match.outcome === "a") return t("hub.match.wins", { name: match.a.name });
    if (match.outcome === "b") return t("hub.match.wins", { name: match.b.name });
    return t("hub.match.playing");
  }

  function resultCell(match) {
    const cell = el("td", { class: "result" }, el("span", { class: "outcome", text: resultText(match) }));
    if (match.confirmed.length) {
      const names = match.confirmed.map((id) => (match.a.id === id ? match.a.name : match.b.name));
      cell.append(el("small", { class: "confirmed", text: t("hub.match.confirmed", { names: names.join(", ") }) }));
    }
    if ((event.records || []).includes(match.id)) { // its game, as the table recorded it
      cell.append(" ", el("a", { class: "replay-link", href: `/matches/${match.id}/replay`, text: t("hub.match.replay") }));
    }
    if (!boot.organizer || page !== "organizer" || match.outcome === "bye") return cell;
    const choices = [["a", t("hub.match.wins", { name: match.a.name })], ["draw", t("hub.match.draw")], ["b", t("hub.match.wins", { name: match.b.name })]];
    if (match.outcome === null) {
      const row = el("div", { class: "choices" });
      for (const [outcome, label] of choices) {
        if (outcome === "draw" && event.round.stage === "cut") continue;
        row.append(el("button", { class: "btn small", type: "button", dataset: { outcome }, text: label,
          onclick: () => send(`/api/matches/${match.id}/result`, { outcome }) }));
      }
      cell.append(row);
    } else {
      const select = el("select", { class: "correct-outcome", "aria-label": t("hub.match.correct"),
        onchange: () => { corrections[match.id] = select.value; } },
        ...choices.filter(([o]) => o !== match.outcome).map(([value, label]) => el("option", { value, text: label })));
      if ([...select.options].some((option) => option.value === corrections[match.id])) select.value = corrections[match.id];
      cell.append(el("div", { class: "choices" }, select, el("button", { class: "btn small secondary correct", type: "button", text: t("hub.match.correct"),
        onclick: () => {
          const reason = window.prompt(t("hub.match.reason"));
          if (reason) send(`/api/matches/${match.id}/correction`, { outcome: select.value, reason });
        } })));
    }
    return cell;
  }

  function renderRound() {
    const round = event.round;
    const title = document.getElementById("round-title");
    if (title) title.textContent = round ? t(round.stage === "cut" ? "hub.round.cut" : "hub.round.title", { number: round.number }) : t("hub.round.none");
    renderAcross(round);
    renderEnded();
    const rematches = document.getElementById("round-rematches");
    if (rematches) {
      rematches.hidden = !(round && round.rematches);
      if (round && round.rematches) rematches.textContent = t("hub.round.rematches", { count: round.rematches });
    }
    if (!round) { fill("matches", []); return; }
    fill("matches", round.matches.map((match) => el("tr", { dataset: { match: match.id, table: match.table || "" } },
      el("td", { text: match.table || (match.outcome === "bye" ? "—" : t("hub.match.desk")) }),
      el("td", {}, `${playerName(match.a)} – ${playerName(match.b)}`),
      resultCell(match))));
  }

  // the event ended by the organizer: said under the round, and no round is paired any more
  function renderEnded() {
    const line = document.getElementById("event-ended");
    if (!line) return;
    const ended = event.ended;
    line.hidden = !ended;
    for (const id of ["start-round", "start-cut", "cut-size"]) document.getElementById(id).hidden = Boolean(ended);
    if (!ended) return;
    document.getElementById("rematch-choice").hidden = true;
    const who = ended.by === "hub" ? "" : ` ${t("hub.round.ended_by", { by: ended.by })}`;
    line.textContent = t("hub.round.ended", { round: ended.round }) + who;
  }

  /* No pairing avoids a rematch (``refused``: the hub's answer, saying why): the organizer
     chooses to pair the fewest rematches or to end the event; ``null`` hides the choice. */
  function showRematchChoice(refused) {
    const box = document.getElementById("rematch-choice");
    box.hidden = !refused;
    if (refused) document.getElementById("rematch-why").textContent = refused.message;
  }

  // how many pairs of a Swiss round join two point groups, and why no pairing has fewer
  function renderAcross(round) {
    const line = document.getElementById("round-across");
    if (!line) return;
    const across = round && round.across;
    line.hidden = !across;
    if (!across) return;
    let key = across.parity === 0 ? "hub.round.across_rematch" : "hub.round.across_both";
    if (across.pairs === 0) key = "hub.round.across_none";
    else if (across.pairs === across.parity) key = "hub.round.across_parity";
    line.textContent = t(key, { pairs: across.pairs, parity: across.parity });
  }

  function cutText(finish) {
    if (!finish) return "";
    if (finish === "winner" || finish === "final") return t(`hub.cut.${finish}`);
    return t("hub.cut.top", { n: finish.replace("top-", "") });
  }

  function renderStandings() {
    fill("standings", event.standings.map((row) => el("tr", { class: row.dropped ? "dropped" : "" },
      el("td", { text: row.rank }),
      el("td", { class: "name" }, row.name, row.dropped ? el("small", { text: ` (${t("hub.players.dropped")})` }) : null),
      el("td", { class: "cut", text: cutText(row.cut) }),
      el("td", { text: row.points }),
      el("td", { text: `${row.wins}–${row.draws}–${row.losses}` }),
      el("td", { text: percent(row.omw) }),
      el("td", { text: percent(row.gw) }),
      el("td", { text: percent(row.ogw) }))));
    fill("wall-standings", event.standings.slice(0, 8).map((row) => el("li", {}, `${row.name} `, el("small", { text: `${row.points}` }))));
  }

  function renderPlayers() {
    const title = document.getElementById("players-title");
    if (title) title.textContent = t("hub.players.title", { count: event.players.filter((p) => !p.dropped).length });
    fill("players", event.players.map((player) => el("li", { dataset: { player: player.id } },
      el("span", { class: "name", text: player.name }),
      player.warband ? el("small", { text: ` ${player.warband}` }) : null,
      player.labels ? el("small", { class: "labels", text: t("hub.players.labels", { ...player.labels, family: t(`hub.family.${player.labels.family}`) }) }) : null,
      player.dropped ? el("small", { class: "dropped", text: ` ${t("hub.players.dropped")}` }) : null,
      !player.dropped && boot.organizer ? labelsButton(player) : null,
      !player.dropped && boot.organizer ? el("a", { class: "btn small secondary page", href: `/players/${player.id}/card`, target: "_blank", text: t("hub.players.page") }) : null,
      !player.dropped && boot.organizer ? el("button", { class: "btn small secondary drop", type: "button", text: t("hub.players.drop"),
        onclick: () => { if (window.confirm(t("hub.players.drop_confirm", { name: player.name }))) send(`/api/players/${player.id}/drop`); } }) : null)));
    const clashes = event.label_clashes || [];
    const card = document.getElementById("clashes-card");
    if (card) card.hidden = clashes.length === 0;
    fill("label-clashes", clashes.map((clash) => el("li", {
      text: t(clash.free_key === null ? "hub.clashes.no_free" : "hub.clashes.item", {
        players: clash.players.join(t("hub.clashes.and")), key: clash.key, family: t(`hub.family.${clash.family}`), free: clash.free_key,
      }),
    })));
  }

  // The text of a label registration file the organizer picked, or null (told why) when it is
  // too large to send.
  async function labelsText(file) {
    if (file.size > LABELS_LIMIT_KB * 1024) {
      toast(t("hub.error.labels_size", { limit: LABELS_LIMIT_KB }), true);
      return null;
    }
    return file.text();
  }

  function labelsButton(player) {
    const input = el("input", { type: "file", accept: ".yaml,.yml,text/yaml", hidden: true, class: "labels-file" });
    input.addEventListener("change", async () => {
      const file = input.files[0];
      const text = file ? await labelsText(file) : null;
      if (text !== null && await send(`/api/players/${player.id}/labels`, { labels: text })) {
        toast(t("hub.players.labels_done", { name: player.name }));
      }
      input.value = "";
    });
    const button = el("button", { class: "btn small secondary labels-change", type: "button", text: t("hub.players.labels_change"),
      onclick: () => input.click() });
    return el("span", {}, button, input);
  }

  function tableMatch(name) {
    return event.round ? event.round.matches.find((m) => m.table === name) : null;
  }

  function tableStatus(table) {
    if (table.online === true) return t("hub.tables.online");
    if (table.online === false) return t("hub.tables.offline");
    return t("hub.tables.unseen");
  }

  function tableLink(name) {
    return el("a", { class: "open-table", href: `/tables/${encodeURIComponent(name)}`, text: t("hub.table.open") });
  }

  /* A player's name, underlined in their seat's colour at the table when the table sent it. */
  function seatedName(view, seat, name) {
    const seated = view && (view.seats || []).find((s) => s.seat === seat);
    return el("span", { class: "seated", style: seated ? { borderColor: seated.colour } : null, text: name });
  }

  function wallBoard(view) {
    const box = el("div", { class: "wall-board" });
    if (!view || !window.Panel.drawBoardOf(box, view)) return null;
    return box;
  }

  /* The judge frees a seat of the table's match (a dead phone, a swapped device): the table
     unseats its phones and the player's own page shows a new join link. */
  function releaseButtons(name) {
    const match = tableMatch(name);
    if (!boot.organizer || page !== "organizer" || !match || !match.b) return null;
    return el("div", { class: "choices release" }, ...[["A", match.a.name], ["B", match.b.name]].map(([seat, player]) =>
      el("button", { class: "btn small secondary", type: "button", dataset: { seat },
        text: t("hub.tables.release", { seat, name: player }),
        onclick: async () => {
          if (await post(`/api/tables/${encodeURIComponent(name)}/release`, { seat })) toast(t("hub.tables.released", { table: name, seat, name: player }));
        } })));
  }

  function renderTables() {
    fill("tables", event.tables.map((table) => el("li", { class: `table ${table.online === false ? "away" : ""}`, dataset: { table: table.name } },
      el("strong", { text: table.name }), " ", el("small", { text: tableStatus(table) }), " ", tableLink(table.name),
      table.unreadable ? el("p", { class: "unreadable", text: t(table.unreadable === 1 ? "hub.tables.unreadable_one" : "hub.tables.unreadable", { table: table.name, count: table.unreadable }) }) : null,
      releaseButtons(table.name))));
    if (page !== "wall") return;
    fill("wall-tables", event.tables.map((table) => {
      const match = tableMatch(table.name);
      const score = table.score || {};
      return el("li", { class: `wall-table ${table.online === false ? "away" : ""}`, dataset: { table: table.name } },
        el("h3", { text: table.name }),
        match ? el("p", { class: "names" }, seatedName(table.view, "A", match.a.name), " – ", match.b ? seatedName(table.view, "B", match.b.name) : "") : null,
        match ? el("p", { class: "score", text: t("hub.tables.score", { a: score.A ?? 0, b: score.B ?? 0 }) }) : null,
        table.turn ? el("small", { text: t("hub.tables.turn", { turn: table.turn }) }) : null,
        match && match.outcome ? el("p", { class: "outcome", text: resultText(match) }) : null,
        wallBoard(table.view),
        el("small", { class: "status", text: tableStatus(table) }));
    }));
  }

  function seatName(table, seat) {
    const match = tableMatch(table);
    if (!match || !seat) return null;
    return seat === "A" ? match.a.name : match.b && match.b.name;
  }

  function renderCalls() {
    const calls = event.judge_calls;
    fill("judge-calls", calls.length === 0 ? [el("li", { class: "none", text: t("hub.judge.none") })] : calls.map((call) => {
      const waiting = messages[`kind.${call.waiting_for}`] || call.waiting_for;
      const name = seatName(call.table, call.seat);
      const text = name ? t("hub.judge.call", { table: call.table, name, waiting }) : t("hub.judge.call_any", { table: call.table, waiting });
      return el("li", { dataset: { call: call.id } }, el("span", { text }), " ", tableLink(call.table), " ",
        boot.organizer ? el("button", { class: "btn small", type: "button", text: t("hub.judge.answer"), onclick: () => send(`/api/judge_calls/${call.id}/answer`) }) : null);
    }));
    fill("notices", event.notices.map((notice) => {
      const key = `hub.error.${notice.code}`;
      const message = t(messages[key] ? key : "hub.error.other", notice);
      return el("li", { text: t("hub.notice", { table: notice.table, message }) });
    }));
  }

  function render() {
    renderRound();
    renderStandings();
    renderPlayers();
    renderTables();
    renderCalls();
    renderClock();
    renderMap();
    renderBroadcast();
    const minutes = document.getElementById("settings-minutes");
    if (untouched(minutes) && event.settings.round_minutes) minutes.value = event.settings.round_minutes;
    const delay = document.getElementById("settings-broadcast-delay");
    if (untouched(delay)) delay.value = String(event.settings.broadcast_delay);
    const atTime = document.getElementById("settings-at-time");
    if (untouched(atTime)) atTime.value = event.settings.at_time;
    renderGame();
    document.body.dataset.round = event.round ? event.round.number : 0;
  }

  /* The wall's boards as last received, table → { tag, view }: the hub sends a table's view
     again only when it changed (``view_unchanged`` otherwise). */
  const boards = new Map();

  /* The address of the next poll: the event's tag the page holds (the hub leaves out the event's
     tagged part while it has not changed: ``event_unchanged``) and, on the wall, the boards'. */
  function eventAddress() {
    const query = new URLSearchParams();
    if (page === "wall") {
      query.set("boards", "1");
      const seen = [...boards].filter(([, held]) => held.tag).map(([name, held]) => `${name}:${held.tag}`);
      if (seen.length) query.set("seen", seen.join(","));
    }
    if (event && event.event_tag) query.set("event_seen", event.event_tag);
    const text = query.toString();
    return text ? `/api/event?${text}` : "/api/event";
  }

  /* An answer whose event did not change carries only the clock and the tables: the rest is
     what the page already holds. */
  function keepEvent(answer) {
    if (!answer.event_unchanged || !event) return answer;
    return { ...event, ...answer };
  }

  function keepBoards(tables) {
    for (const table of tables) {
      const held = boards.get(table.name);
      if (table.view_unchanged && held) table.view = held.view;
      else boards.set(table.name, { tag: table.view_tag, view: table.view });
    }
  }

  async function refresh() {
    const response = await fetch(eventAddress(), { cache: "no-store" });
    if (!response.ok) return;
    event = keepEvent(await response.json());
    if (page === "wall") keepBoards(event.tables);
    fetchedAt = Date.now();
    render();
  }

  // -- one table's live position, for the judge (read-only) --------------------------------------

  let watched = null; // the last answer drawn, as text: an unchanged table is not drawn again

  function renderWatched(data) {
    const match = data.match;
    fill("watch-match", match && match.a && match.b
      ? [seatedName(data.view, "A", match.a.name), " – ", seatedName(data.view, "B", match.b.name),
        ...(match.outcome ? [" ", el("strong", { class: "outcome", text: resultText(match) })] : [])]
      : [t("hub.table.no_match")]);
    document.getElementById("watch-away").hidden = data.online !== false;
    document.getElementById("watch-none").hidden = Boolean(data.view);
    document.getElementById("watch-game").hidden = !data.view;
    if (data.view) window.Panel.showView(data.view);
  }

  async function refreshTable() {
    const response = await fetch(`/api/tables/${encodeURIComponent(boot.table)}`, { cache: "no-store" });
    if (!response.ok) return;
    const text = await response.text();
    if (text === watched) return;
    watched = text;
    renderWatched(JSON.parse(text));
  }

  function wireAccess() {
    const signIn = document.getElementById("sign-in");
    if (signIn) signIn.addEventListener("submit", async (e) => {
      e.preventDefault();
      const pin = document.getElementById("sign-in-pin");
      const done = await post("/api/sign_in", { name: document.getElementById("sign-in-name").value, pin: pin.value });
      pin.value = "";
      if (done) window.location.reload();
    });
    const signOut = document.getElementById("sign-out");
    if (signOut) signOut.addEventListener("click", async () => {
      if (await post("/api/sign_out", {})) window.location.reload();
    });
    const pinForm = document.getElementById("pin-form");
    if (pinForm) pinForm.addEventListener("submit", async (e) => {
      e.preventDefault();
      const pin = document.getElementById("pin-new");
      const done = await post("/api/pin", { pin: pin.value });
      pin.value = "";
      if (done) toast(t("hub.access.pin_done"));
    });
  }

  /* A settings field the refresh may fill from the event: not one the organizer is in, nor one
     they changed and have not saved yet (the page's refresh must not undo their choice). */
  function untouched(field) {
    return Boolean(field) && document.activeElement !== field && !field.dataset.edited;
  }

  /* The event's game: the games this hub knows, the chosen one picked; the map card and the
     warband field only for a game that has them. */
  function renderGame() {
    const select = document.getElementById("settings-game");
    if (!select) return;
    if (!select.options.length) {
      for (const game of event.settings.games) select.append(el("option", { value: game.name, text: game.title }));
    }
    if (untouched(select)) select.value = event.settings.game;
    document.getElementById("map-card").hidden = !event.settings.maps;
    document.getElementById("checkin-warband-field").hidden = !event.settings.armies;
  }

  // -- the event's map ----------------------------------------------------------------------------

  let mapChoices = {};
  const KEY_CELLS = ["b2", "c2", "d2", "b3", "c3", "d3", "b4", "c4", "d4"];

  function renderMap() {
    const status = document.getElementById("map-status");
    if (!status) return;
    const current = event.settings.map;
    if (!current) {
      status.textContent = t("hub.map.none");
      status.className = "warn-text";
      return;
    }
    const values = KEY_CELLS.map((cell) => `${cell} ${current.key_values[cell]}`).join(", ");
    status.textContent = t("hub.map.current", { name: current.name, values });
    status.className = "";
  }

  /* The 3×3 key cells of the chosen map: the known values shown, the unknown ones to type. */
  function drawMapCells() {
    const choice = mapChoices[document.getElementById("map-base").value];
    if (!choice) return;
    const [low, high] = choice.value_range;
    document.getElementById("map-hint").textContent = t("hub.map.hint", { low, high });
    fill("map-cells", KEY_CELLS.map((cell) => {
      const known = choice.key_values[cell];
      const input = el("input", {
        class: "map-cell", inputmode: "numeric", autocomplete: "off", maxlength: "3",
        "aria-label": t("hub.map.cell", { cell }), dataset: { cell },
      });
      if (known !== null) { input.value = String(known); input.disabled = true; }
      return el("label", { class: "map-cell-box" }, el("span", { text: cell }), input);
    }));
  }

  /* The maps to pick from, the event's own chosen (its values all known once entered). */
  async function loadMaps() {
    const base = document.getElementById("map-base");
    const data = await (await fetch("/api/maps", { cache: "no-store" })).json();
    mapChoices = data.maps;
    base.replaceChildren(...Object.keys(mapChoices).map((name) => el("option", { value: name, text: name })));
    if (data.current && mapChoices[data.current.name]) base.value = data.current.name;
    drawMapCells();
  }

  function wireMap() {
    const base = document.getElementById("map-base");
    loadMaps();
    base.addEventListener("change", drawMapCells);
    document.getElementById("map-form").addEventListener("submit", async (e) => {
      e.preventDefault();
      const values = {};
      for (const input of document.querySelectorAll("#map-cells input:not(:disabled)")) {
        const text = input.value.trim();
        // a whole number goes as a number; anything else as typed, for the hub to refuse
        values[input.dataset.cell] = text === "" ? null : /^\d+$/.test(text) ? Number(text) : text;
      }
      const name = document.getElementById("map-name").value.trim();
      const body = { base: base.value, values, ...(name ? { name } : {}) };
      const done = await send("/api/map", body);
      if (!done) return;
      toast(t("hub.map.saved", { name: done.map.name }));
      await loadMaps();
    });
  }

  function wireOrganizer() {
    wireAccess();
    for (const node of document.querySelectorAll("[data-organizer]")) node.hidden = !boot.organizer;
    if (!boot.organizer) return;
    wireMap();
    fetch("/api/warbands").then((r) => r.json()).then((data) => {
      warbands = data.warbands;
      const select = document.getElementById("checkin-warband");
      for (const warband of warbands) select.append(el("option", { value: warband.key, text: warband.name }));
    });
    document.getElementById("checkin").addEventListener("submit", async (e) => {
      e.preventDefault();
      const name = document.getElementById("checkin-name");
      const key = document.getElementById("checkin-warband").value;
      const chosen = warbands.find((w) => w.key === key);
      const body = { name: name.value };
      if (chosen) body.warband = { name: chosen.name, miniatures: chosen.miniatures };
      const labels = document.getElementById("checkin-labels");
      if (labels.files.length) {
        body.labels = await labelsText(labels.files[0]);
        if (body.labels === null) return;
      }
      const done = await send("/api/players", body);
      if (!done) return;
      toast(t("hub.checkin.done", { name: done.name }));
      // the whole form is the next player's: no name, no warband, no carriers of the last one —
      // unless the organizer has begun the next one while this answer came (kept as typed)
      const warband = document.getElementById("checkin-warband");
      if (name.value !== body.name || warband.value !== key) return;
      name.value = "";
      warband.value = "";
      labels.value = "";
      name.focus();
    });
    document.getElementById("start-round").addEventListener("click", async () => {
      const done = await send("/api/rounds", {}, ["rematch_only"]);
      showRematchChoice(done && done.refused ? done.refused : null);
    });
    document.getElementById("allow-rematches").addEventListener("click", async () => {
      if (await send("/api/rounds", { allow_rematches: true })) showRematchChoice(null);
    });
    document.getElementById("end-event").addEventListener("click", async () => {
      if (await send("/api/event/end")) showRematchChoice(null);
    });
    document.getElementById("start-cut").addEventListener("click", () => send("/api/cut", { size: Number(document.getElementById("cut-size").value) }));
    document.getElementById("clock-toggle").addEventListener("click", () => send("/api/clock", { action: event.clock.running ? "pause" : "resume" }));
    const settings = document.getElementById("settings");
    for (const kind of ["input", "change"]) settings.addEventListener(kind, (e) => { e.target.dataset.edited = "1"; });
    settings.addEventListener("submit", async (e) => {
      e.preventDefault();
      const minutes = Number(document.getElementById("settings-minutes").value) || null;
      const atTime = document.getElementById("settings-at-time").value;
      const game = document.getElementById("settings-game").value;
      const delayField = document.getElementById("settings-broadcast-delay").value;
      const changed = game !== event.settings.game;
      if (await send("/api/settings", { round_minutes: minutes, at_time: atTime, game, ...(delayField === "" ? {} : { broadcast_delay: Number(delayField) }) })) {
        if (changed) location.reload(); // the game's warbands and maps are fetched again
        else toast(t("hub.settings.saved"));
        for (const field of settings.querySelectorAll("[data-edited]")) delete field.dataset.edited;
      }
    });
  }

  // -- the broadcast's links and the players' statistics (the organizer's page) ------------------

  function renderBroadcast() {
    const delay = document.getElementById("broadcast-delay");
    if (!delay) return;
    delay.textContent = t("hub.settings.broadcast_delay") + ": " + event.settings.broadcast_delay;
    fill("overlay-links", event.tables.map((table) => el("li", {},
      el("a", { href: `/overlay/${encodeURIComponent(table.name)}`, text: t("hub.broadcast.overlay", { table: table.name }) }))));
  }

  function statCells(row) {
    const rate = row.win_rate === null ? "–" : `${Math.round(row.win_rate * 100)}%`;
    const luck = row.luck === null ? t("stats.no_rolls") : t("stats.luck_percent", { percent: row.luck_percent });
    return [row.name, row.games, row.wins, rate, row.turn_wins, row.rolls, luck].map((value) => el("td", { text: String(value) }));
  }

  async function refreshStatistics() {
    const response = await fetch("/api/statistics", { cache: "no-store" });
    if (!response.ok) return;
    const rows = await response.json();
    for (const part of ["players", "warbands"]) {
      const table = document.getElementById(`stats-${part}`);
      table.hidden = rows[part].length === 0;
      table.tBodies[0].replaceChildren(...rows[part].map((row) => el("tr", { dataset: { name: row.name } }, statCells(row))));
    }
    document.getElementById("stats-none").hidden = rows.players.length > 0;
  }

  if (page === "organizer") {
    refreshStatistics();
    setInterval(refreshStatistics, 10000);
  }

  if (page === "organizer") wireOrganizer();
  if (page === "watch") {
    refreshTable();
    setInterval(refreshTable, REFRESH_MS / 2);
  }
  refresh();
  if (page !== "print") {
    setInterval(refresh, REFRESH_MS);
    setInterval(renderClock, 1000);
  }
})();
