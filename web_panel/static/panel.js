/* The phone panel: renders the table's public view, sent over one event stream, and proposes
   actions. It never decides what is legal: it shows what the engine says and sends the players'
   choices back; the server checks everything. Game-specific views register through window.Panel. */
"use strict";

(() => {
  const { boot, t, has, el } = window.Page;
  const page = boot.page;
  // ``views``: how many views the stream has brought (a view waiting for ``/api/me`` is dropped
  // if a newer one came meanwhile)
  const state = { me: boot.me, view: null, leds: {}, receivedAt: 0, busy: false, stream: null, views: 0 };
  const renderers = {}; // "game:kind" or "kind" → function(container, pending, view)
  const boards = {}; // game → function(container, view)
  const statusParts = {}; // game → function(view) → list of [label, value]
  const terms = {}; // game → function(kind, value, view) → how a label parameter of its own reads
  const judgeTools = {}; // game → function(container, view): the game's correction form
  const prompts = {}; // game → function(pending, view) → the engine's own prompt text, or null
  const pieceNames = {}; // game → function(id, view) → what the players call a piece, or null
  const pieceOwners = {}; // game → function(id, view) → the seat that owns a piece, or null
  const scoring = {}; // game → function(view) → nodes: each scoring cell, its claim and why

  /* A seat's name and colour in ``view`` (by default the table's view this page shows). */
  function seat(seatId, view = state.view) {
    const seats = (view && view.seats) || [];
    return seats.find((s) => s.seat === seatId) || { seat: seatId, name: seatId, colour: "#777777" };
  }

  /* ``view`` with each seat's name in the page's language, when the seat has one for it (its
     ``names``): every view is read through this as it arrives. */
  function inPageLanguage(view) {
    if (!view || !view.seats) return view;
    const seats = view.seats.map((s) => (s.names && s.names[boot.lang] ? { ...s, name: s.names[boot.lang] } : s));
    return { ...view, seats };
  }

  /* Who made a log entry: the judge and the camera are never seats, whatever a seat is named. */
  function who(entry) {
    if (entry.by === "judge") return t("log.judge");
    if (entry.by === "camera") return t("log.camera");
    return seat(entry.seat).name;
  }

  /* A label parameter as people read it: a seat by its name, pieces by what the game's view
     calls them, a signed number with its sign, a kind of the game's own as its page words it
     (``terms``); anything else as it is. */
  function labelParam(value, view) {
    if (!value || typeof value !== "object" || !("ref" in value)) return value;
    const kind = value.ref;
    if (kind === "seat") return seat(value.value, view).name;
    if (kind === "piece") return pieceName(value.value, view);
    if (kind === "pieces") return value.value.map((id) => pieceName(id, view)).join(", ");
    if (kind === "signed") return value.value > 0 ? `+${value.value}` : String(value.value);
    const own = view && terms[view.game] ? terms[view.game](kind, value.value, view) : null;
    return own === null || own === undefined ? String(value.value) : own;
  }

  /* What people read for an action: its label (message key and parameters) as the game gave
     it — an offer's, or a log entry's as written when it was taken. A game without words of
     its own for it shows its notation; an entry of an old store never labelled says so. */
  function actionLabel(labelled, view = state.view) {
    const label = labelled && labelled.label;
    const written = labelled && (labelled.notation || labelled.action);
    if (!label || !label.key) return t("log.unlabelled", { action: written || "" });
    if (!has(label.key)) return written || "";
    const params = Object.fromEntries(Object.entries(label.params || {}).map(([k, v]) => [k, labelParam(v, view)]));
    return t(ownWords(labelled, label) ? `${label.key}_own` : label.key, params);
  }

  /* A log entry whose label names the seat that took it, in a message with words of its own for
     that (``<key>_own``: "rolls 17 on the d20"): the entry names its player already. */
  function ownWords(labelled, label) {
    if (labelled.by !== "seat" || !has(`${label.key}_own`)) return false;
    return Object.values(label.params || {}).some((v) => v && v.ref === "seat" && v.value === labelled.seat);
  }

  /* May this phone act on the pending decision? (The server checks again.) */
  function canAct(pending) {
    if (page !== "phone" || !pending || pending.kind === "game_over") return false;
    if (state.view && state.view.remote && state.view.remote.paused) return false; // remote.js says why
    if (state.me.judge) return true;
    if (!state.me.seat) return false;
    // a computer seat's dice, rolled for real and typed in on any seated phone (issue 35)
    if (state.view && state.view.dice_typed_for && state.view.dice_typed_for === pending.seat) return true;
    return pending.seat === null || pending.seat === state.me.seat;
  }

  // -- talking to the server ----------------------------------------------------------------

  let toastTimer = null;
  function toast(text, isError = true) {
    const box = document.getElementById("toast");
    box.textContent = text;
    box.classList.toggle("error", isError);
    box.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { box.hidden = true; }, 8000);
  }

  /* A refusal in the phone's language only: what happened, the engine's reason (a message key
     and its parameters) and the rule's explanation when the panel has one. A detail the server
     put in the phone's language (a form field's problem) is said; the engine's own English
     words never are (they name pieces and decisions by their ids). */
  function refusal(data) {
    const detail = data.detail_localized ? data.detail : "";
    const reason = data.because && has(data.because.key) ? keyedText(data.because) : "";
    return [data.message, reason, data.prompt || detail].filter(Boolean).join("\n");
  }

  async function post(url, body) {
    let response;
    try {
      response = await fetch(url, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": state.me.csrf },
        body: JSON.stringify(body),
      });
    } catch (error) {
      toast(t("error.network"));
      return null;
    }
    const data = await response.json().catch(() => ({}));
    if (!response.ok) {
      toast(refusal(data) || t("error.bad_request"));
      return null;
    }
    document.getElementById("toast").hidden = true;
    return data;
  }

  async function guarded(work) {
    if (state.busy) return null;
    state.busy = true;
    document.body.classList.add("busy");
    try {
      return await work();
    } finally {
      state.busy = false;
      document.body.classList.remove("busy");
    }
  }

  /* Send an action as it was offered (``{verb, args}``: one of the view's offers, or a form's
     own arguments); ``typed``: notation a person typed in. The server checks everything. */
  function propose(offer) {
    return send({ verb: offer.verb, args: offer.args });
  }

  function proposeTyped(text) {
    return send(text);
  }

  function send(action) {
    const view = state.view;
    return guarded(() => post("/api/actions", { action, version: view.version, game_id: view.game_id }));
  }

  /* The view's offers of a verb (or of any of ``verbs``). */
  function offers(view, ...verbs) {
    return (view.offers || []).filter((offer) => verbs.includes(offer.verb));
  }

  function ask(question) {
    const dialog = document.getElementById("confirm");
    document.getElementById("confirm-text").textContent = question;
    return new Promise((resolve) => {
      const finish = (answer) => {
        dialog.close();
        yes.removeEventListener("click", onYes);
        no.removeEventListener("click", onNo);
        resolve(answer);
      };
      const yes = document.getElementById("confirm-yes");
      const no = document.getElementById("confirm-no");
      const onYes = () => finish(true);
      const onNo = () => finish(false);
      yes.addEventListener("click", onYes);
      no.addEventListener("click", onNo);
      dialog.showModal();
    });
  }

  async function refreshMe(data) {
    if (data) {
      state.me = data;
      render();
    }
  }

  // -- the live stream ----------------------------------------------------------------------

  function setConnection(live) {
    const conn = document.getElementById("conn");
    conn.textContent = t(live ? "conn.live" : "conn.reconnecting");
    conn.className = `conn ${live ? "conn-live" : "conn-lost"}`;
    document.body.dataset.live = live ? "yes" : "no";
  }

  function connect() {
    const stream = new EventSource("/api/stream");
    state.stream = stream;
    stream.addEventListener("state", async (event) => {
      const number = ++state.views;
      const view = inPageLanguage(JSON.parse(event.data));
      const held = (v) => (v.held || []).join(",");
      if (state.view && (state.view.game_id !== view.game_id || held(state.view) !== held(view))) {
        // a new game (seats were for the old one), or a seat taken or freed by the judge: ask
        // again who this phone is
        const response = await fetch("/api/me", { credentials: "same-origin" });
        const me = response.ok ? await response.json() : null;
        // a newer view came while this one waited (it asked again itself): this one is stale
        if (number !== state.views) return;
        if (me) state.me = me;
      }
      state.view = view;
      state.receivedAt = performance.now();
      setConnection(true);
      render();
    });
    stream.addEventListener("leds", (event) => {
      state.leds = JSON.parse(event.data);
      if (state.view) renderBoard();
      document.dispatchEvent(new Event("panel:leds")); // the table's light card (leds.js)
    });
    stream.addEventListener("open", () => setConnection(true));
    stream.addEventListener("error", () => {
      setConnection(false);
      // A refused or broken stream is closed for good: open a new one (it resends Last-Event-ID
      // only within one EventSource, so the first message then brings the whole view anyway).
      if (stream.readyState === EventSource.CLOSED) setTimeout(connect, 2000);
    });
  }

  // -- rendering ----------------------------------------------------------------------------

  function renderViewer() {
    const badge = document.getElementById("viewer");
    if (page === "table") {
      // the table's own screen is the table, whoever's cookies the browser holds
      badge.textContent = state.me.judge ? `${t("viewer.table")} · ${t("viewer.judge")}` : t("viewer.table");
      badge.style.background = "#2f4f4f";
    } else if (state.me.judge) {
      badge.textContent = t("viewer.judge");
      badge.style.background = "#444";
    } else if (state.me.seat) {
      const mine = seat(state.me.seat);
      // lettered seats (Seat A · name); the games seat each player by an id
      // of their own, so their badge is the player's name alone
      const lettered = /^[A-Z]$/.test(state.me.seat);
      badge.textContent = lettered ? `${t("viewer.seat", { seat: state.me.seat })} · ${mine.name}` : mine.name;
      badge.style.background = mine.colour;
    } else {
      badge.textContent = t("viewer.spectator");
      badge.style.background = "#888";
    }
    badge.title = badge.textContent; // a long name is cut short in the bar: whole on a long press
  }

  function renderStatus() {
    const view = state.view;
    const box = document.getElementById("status");
    const pending = view.pending;
    const parts = [];
    if (view.winner) {
      parts.push(el("strong", { class: "winner", text: t("status.winner", { name: seat(view.winner).name }) }));
    } else if (pending.seat === null) {
      parts.push(el("span", { class: "waiting", text: t("status.waiting_anyone") }));
    } else {
      const mine = page === "phone" && pending.seat === state.me.seat;
      const waiting = seat(pending.seat);
      parts.push(el("span", {
        class: `waiting${mine ? " mine" : ""}`,
        style: { borderColor: waiting.colour },
        text: mine ? t("status.your_decision") : t("status.waiting_for", { name: waiting.name }),
      }));
    }
    const extra = statusParts[view.game];
    if (extra) {
      for (const [label, value] of extra(view)) {
        parts.push(el("span", { class: "chip" }, el("small", { text: label }), " ", value));
      }
    }
    box.replaceChildren(...parts);
  }

  function genericDecision(container, pending, view) {
    if (view.offers === null) {
      const input = el("input", { type: "text", id: "notation", autocomplete: "off", "aria-label": t("pending.notation") });
      const sendTyped = el("button", { class: "btn", type: "button", text: t("pending.send"),
        onclick: () => input.value.trim() && proposeTyped(input.value.trim()) });
      container.append(el("p", { class: "hint", text: t("pending.none_listed") }), el("div", { class: "row" }, input, sendTyped));
      return;
    }
    const list = el("div", { class: "choices" });
    for (const offer of view.offers) {
      list.append(el("button", {
        class: "btn choice", type: "button", dataset: { action: offer.notation, verb: offer.verb },
        text: actionLabel(offer), onclick: () => propose(offer),
      }));
    }
    container.append(list);
  }

  function renderPending() {
    const view = state.view;
    const pending = view.pending;
    const box = document.getElementById("pending");
    box.dataset.kind = pending.kind;
    const waiting = pending.seat === null ? t("status.waiting_anyone") : seat(pending.seat).name;
    const kindName = has(pending.title) ? t(pending.title) : t("pending.decision");
    const children = [
      el("h3", { class: "pending-title", text: t("pending.title", { name: waiting, kind: kindName }) }),
    ];
    const promptKey = `prompt.${view.game}.${pending.kind}`;
    const ownPrompt = prompts[view.game] && prompts[view.game](pending, view);
    const prompt = ownPrompt || (has(promptKey) ? t(promptKey)
      : has(`prompt.${pending.kind}`) ? t(`prompt.${pending.kind}`) : t("pending.generic"));
    children.push(el("p", { class: "prompt", text: prompt }));
    box.replaceChildren(...children);
    if (view.winner || pending.kind === "game_over") {
      box.append(el("p", { class: "hint", text: t("pending.game_over") }));
      return;
    }
    if (demoWatching(box, view)) return;
    if (view.expected) { // the computer's move waits for the players to carry its miniature
      box.append(el("p", { class: "computer-carry", text: t("computer.carry", { action: actionLabel(view.expected) }) }));
      if (view.camera_confirms) { // the camera sees it arrive; a tap cannot say so
        box.append(el("p", { class: "hint computer-camera", text: t("computer.camera_confirms") }));
      } else if (page === "phone" && state.me.seat) {
        box.append(el("button", {
          class: "btn computer-carried", type: "button", text: t("computer.carried"),
          onclick: () => guarded(() => post("/api/carried", { version: view.version, game_id: view.game_id })),
        }));
      }
      return;
    }
    if (page !== "phone") return;
    if (view.remote && view.remote.paused) { // a remote game paused: the banner says why
      box.append(el("p", { class: "hint remote-paused-hint", text: t("remote.paused_hint") }));
      return;
    }
    if (!canAct(pending)) {
      if (!state.me.seat && state.me.moved) { // a new pairing took this phone's seat
        box.append(movedNotice(state.me.moved));
        return;
      }
      const thinking = view.computer && view.computer[pending.seat]; // the table plays that seat
      const key = thinking ? "computer.thinking" : state.me.seat ? "pending.not_yours" : "pending.spectator";
      box.append(el("p", { class: `hint not-yours${thinking ? " computer-thinking" : ""}`, text: t(key, { name: waiting }) }));
      return;
    }
    const controls = el("div", { class: "controls" });
    const renderer = renderers[`${view.game}:${pending.kind}`] || renderers[pending.kind] || genericDecision;
    renderer(controls, pending, view);
    box.append(controls);
  }

  /* A phone whose seat the tournament's new pairing took: where its player plays now (the hub
     said so with the pairing), and the way back to the player's own page on the hub. */
  function movedNotice(moved) {
    let key = "moved.table";
    if (moved.bye) key = "moved.bye";
    else if (!moved.seat) key = "moved.unpaired";
    else if (moved.here) key = "moved.here";
    else if (!moved.table) key = "moved.desk";
    const parts = [el("p", { class: "moved-where", text: t(key, { round: moved.round, table: moved.table, seat: moved.seat }) })];
    parts.push(moved.page
      ? el("a", { id: "moved-page", class: "btn", href: moved.page, text: t("moved.page") })
      : el("p", { class: "hint", text: t("moved.no_page") }));
    return el("div", { id: "moved", class: "moved", role: "status" }, ...parts);
  }

  /* A scripted demo: while its script plays every phone watches, and says so; a seated phone (or
     the judge) may take the game over ("Play from here"), after which the phones play on.
     Returns whether this page only watches now. */
  function demoWatching(box, view) {
    const demo = view.demo;
    if (!demo) return false;
    if (!demo.scripted) {
      if (demo.taken_over) box.append(el("p", { class: "hint demo-note", text: t("demo.taken_over") }));
      for (const taken of Object.keys(view.computer || {})) { // nobody held that seat: the table plays it
        box.append(el("p", { class: "hint demo-computer", text: t("demo.computer", { name: seat(taken).name }) }));
      }
      return false;
    }
    box.append(el("p", { class: "notice demo-note", text: t(page === "phone" ? "demo.watching" : "demo.watching_table") }));
    if (page === "phone" && (state.me.seat || state.me.judge)) {
      box.append(el("button", { class: "btn", type: "button", id: "demo-take-over", text: t("demo.take_over"),
        onclick: () => guarded(() => post("/api/demo/take_over", {})) }));
    }
    return true;
  }

  function renderBoard() {
    const view = state.view;
    const card = document.getElementById("board-card");
    if (!card) return; // the set-up page: no board
    const draw = boards[view.game];
    card.hidden = !draw;
    if (draw) draw(document.getElementById("board"), view);
  }

  /* The action a seat would take back: the last one still in effect, from the log. */
  function lastEffective(log) {
    const stack = [];
    for (const entry of log) {
      if (entry.kind === "push") stack.push(entry);
      else stack.pop();
    }
    return stack.length ? stack[stack.length - 1] : null;
  }

  /* What a log entry says: who took which action (or took which back), in the page's words. */
  function entryText(entry) {
    if (entry.kind === "push") {
      return t(entry.undone ? "log.push_undone" : "log.push", { who: who(entry), action: actionLabel(entry) });
    }
    return entry.undoes
      ? t(who(entry) === who(entry.undoes) ? "log.undo_own" : "log.undo_of",
        { who: who(entry), action: actionLabel(entry.undoes), by: who(entry.undoes) })
      : t("log.undo", { who: who(entry) });
  }

  function renderLog() {
    const view = state.view;
    const list = document.getElementById("log");
    // each entry numbered by its place in the game's log (its version), however long the log
    const items = view.log.slice().reverse().map((entry) => el("li", {
      class: `log-${entry.kind}${entry.undone ? " log-undone" : ""}`, value: String(entry.seq),
      dataset: { seq: entry.seq, step: entry.step || "" },
    }, entryText(entry),
    // a computer seat says why it chose (issue 35)
    entry.reason ? el("span", { class: "log-reason", text: t("log.reason", { reason: actionLabel({ label: entry.reason }) }) }) : null,
    ...(entry.notices || []).filter((n) => has(n.key)).map((n) => el("span", {
      class: "log-notice", dataset: { key: n.key }, text: keyedText(n),
    })),
    state.me.judge && entry.pictures ? el("button", {
      class: "btn secondary log-pictures", type: "button", dataset: { seq: entry.seq },
      text: t("log.pictures"), onclick: () => showPictures(entry.seq),
    }) : null));
    if (!items.length) items.push(el("li", { class: "log-empty", text: t("log.empty") }));
    list.replaceChildren(...items);
    const undo = document.getElementById("undo");
    if (!undo) return;
    const last = lastEffective(view.log);
    const mine = last && last.by === "seat" && last.seat === state.me.seat;
    undo.hidden = !last || !(state.me.judge || (state.me.seat && mine));
  }

  /* The judge's evidence for a dispute: what the camera saw, cell by cell, before and after. */
  async function showPictures(seq) {
    const response = await fetch(`/api/judge/pictures/${seq}`, { credentials: "same-origin" });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) {
      toast(refusal(data) || t("error.bad_request"));
      return;
    }
    const dialog = document.getElementById("pictures")
      || document.body.appendChild(el("dialog", { id: "pictures", class: "confirm" }));
    const picture = (src, kind, cell) => el("figure", {},
      el("img", { src, class: kind, alt: t(`log.${kind}`, { cell }) }),
      el("figcaption", { text: t(`log.${kind}`, { cell }) }));
    dialog.replaceChildren(
      el("h3", { text: t("log.pictures_title") }),
      ...data.pictures.map((p) => el("figure", { class: "pictures", dataset: { cell: p.cell } },
        el("div", { class: "row" }, picture(p.before, "before", p.cell), picture(p.after, "after", p.cell)))),
      el("button", { class: "btn", type: "button", id: "pictures-close", text: t("log.close"),
        onclick: () => dialog.close() }));
    dialog.showModal();
  }

  async function undoLast() {
    const view = state.view;
    const last = lastEffective(view.log);
    if (!last || !(await ask(t("undo.confirm", { action: actionLabel(last) })))) return;
    await guarded(() => post("/api/undo", { version: view.version, game_id: view.game_id }));
  }

  function formatSeconds(seconds) {
    const whole = Math.max(0, Math.ceil(seconds));
    const minutes = Math.floor(whole / 60);
    return `${minutes}:${String(whole % 60).padStart(2, "0")}`;
  }

  function renderClock() {
    const box = document.getElementById("clock");
    if (!box) return;
    const clock = state.view && state.view.clock;
    if (!clock || !clock.enabled) {
      box.hidden = true;
      return;
    }
    const elapsed = clock.running ? (performance.now() - state.receivedAt) / 1000 : 0;
    const remaining = Math.max(0, clock.remaining - elapsed);
    const warning = clock.warn_minutes.filter((m) => remaining <= m * 60).pop();
    box.hidden = false;
    box.className = `clock${remaining <= 0 ? " expired" : warning !== undefined ? " warning" : ""}`;
    const parts = [el("span", { class: "time", text: formatSeconds(remaining) })];
    if (remaining <= 0) {
      parts.push(el("strong", { text: `${t("clock.expired")} ${t(`clock.at_time.${clock.at_time}`)}` }));
    } else if (warning !== undefined) {
      parts.push(el("span", { text: t("clock.warning", { minutes: warning }) }));
    }
    box.replaceChildren(...parts);
  }

  /* A piece named as the game's view names it (never its id); "a piece" when the view does not
     know it (a tag no warband has, a notice from an earlier game). */
  function pieceName(id, view = state.view) {
    const name = id && pieceNames[view.game] ? pieceNames[view.game](id, view) : null;
    return name || t("notice.piece");
  }

  /* A piece in a notice, with its owner's name when the game's view knows it ("Ben's Windborne
     Blademaster"): both seats may field the same miniature. */
  function noticePiece(id) {
    const view = state.view;
    const owner = id && pieceOwners[view.game] ? pieceOwners[view.game](id, view) : null;
    const name = pieceName(id);
    return owner ? t("notice.owned_piece", { owner: seat(owner).name, piece: name }) : name;
  }

  /* A message the engine names by key (a rule notice, a refusal's reason) in the phone's
     language, its parameters named for people: seats (``seat``, ``seats``, ``to``) by the
     players' names, pieces (``mini``, ``minis``) by name and owner, a decision by its title,
     an ability by its printed name; cells and numbers as they are. */
  function keyedText(message) {
    const joiner = t("notice.cells_joiner");
    const named = {
      seat: (id) => seat(id).name,
      to: (id) => seat(id).name,
      seats: (ids) => ids.map((id) => seat(id).name).join(joiner),
      mini: noticePiece,
      target: noticePiece,
      minis: (ids) => ids.map(noticePiece).join(joiner),
      decision: (title) => (has(title) ? t(title) : t("pending.decision")),
      ability: (slug) => String(slug).split("-").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" "),
    };
    const params = {};
    for (const [name, value] of Object.entries(message.params || {})) {
      params[name] = named[name] && value !== null ? named[name](value) : value;
    }
    const text = t(message.key, params);
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  /* The rule notices of the last action still standing (what the rules did by themselves after
     it: a tie rolled again, the spawn phases skipped, a turn scored), said on every phone and on
     the table screen until the next action; the log keeps them with their action. */
  function ruleNotices() {
    const log = state.view.log || [];
    const last = log[log.length - 1];
    if (!last || last.kind !== "push") return [];
    return (last.notices || []).filter((n) => has(n.key)).map((n) => el("p", {
      class: "notice rule-notice", dataset: { kind: "rule", key: n.key }, text: keyedText(n),
    }));
  }

  /* Which message says a flagged notice: its reason, and for the camera's notes which of the
     cell seen and the cell it belongs on are known. */
  function flaggedKey(notice) {
    const where = notice.cell && notice.expected ? "_moved" : notice.cell ? "_seen" : notice.expected ? "" : "_missing";
    const variants = {
      put_back: `put_back${where}`,
      illegal: notice.expected ? "illegal_move" : "illegal",
      // the computer's miniature in another cell than it said: where it goes, not where it was
      refused: notice.rule === "expect.other" ? "refused_carry" : notice.expected ? "refused_move" : "refused",
      destroy_prompted: "destroy_prompted",
    };
    const key = `notice.flagged.${variants[notice.reason] || notice.reason}`;
    return has(key) ? key : "notice.flagged";
  }

  /* A flagged notice (the camera's, a button's, the store's) in the phone's language, from its
     data: pieces by name, cells as the map names them, a refusal by the rule it broke. */
  function flaggedText(notice) {
    const lost = notice.set_aside || [];
    const text = t(flaggedKey(notice), {
      piece: noticePiece(notice.subject),
      enemy: noticePiece(notice.enemy),
      cell: notice.cell || "",
      expected: notice.expected || "",
      cells: (notice.cells || []).join(t("notice.cells_joiner")),
      spot: notice.spot || "",
      at: notice.cell ? t("cp.at", { where: notice.cell }) : "",
      why: notice.rule && has(`rule.${notice.rule}`) ? t(`rule.${notice.rule}`) : t("error.illegal"),
      copy: notice.copy || "",
      games: notice.games ?? "",
      lost: lost.length ? t("notice.store_lost", { count: lost.length }) : t("notice.store_nothing_lost"),
    });
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  /* A seated player's labels the camera leaves out (a kind this table does not read), naming
     the player: said as long as the pairing lasts, before the passing notices. */
  function leftOutText(left) {
    return t(`notice.labels_left_out.${left.reason}`, {
      player: seat(left.seat).name,
      family: t(`hub.family.${left.family}`),
      reads: left.reads ? t(`hub.family.${left.reads}`) : "",
    });
  }

  function renderNotices() {
    const box = document.getElementById("notices");
    const leftOut = (state.view.labels_left_out || []).map((left) => el("p", {
      class: "notice", dataset: { kind: "labels_left_out", seat: left.seat }, text: leftOutText(left),
    }));
    box.replaceChildren(...leftOut, ...ruleNotices(), ...state.view.notices.slice(-2).map((notice) => el("p", {
      class: "notice", dataset: { kind: notice.kind, reason: notice.reason || "" },
      text: notice.kind === "flagged" ? flaggedText(notice)
        : notice.kind === "device" && has(`notice.device.${notice.device}.${notice.status}`)
          ? t(`notice.device.${notice.device}.${notice.status}`)
          : t(`notice.${notice.kind}`, { message: notice.message || "", by: notice.by || "" }),
    }, notice.kind === "judge_called" && state.me.judge ? answerButton() : null)));
  }

  /* The judge at the table takes the call: the notice clears on every phone (and at the hub). */
  function answerButton() {
    return el("button", { class: "btn small", type: "button", id: "judge-answer", text: t("judge.answer_call"),
      onclick: () => guarded(() => post("/api/judge/answer", {})) });
  }

  function renderTournament() {
    const card = document.getElementById("tournament");
    if (!card) return;
    const result = state.view.tournament;
    card.hidden = !result;
    if (!result) return;
    const outcome = result.outcome === "draw" ? t("tournament.draw")
      : t("tournament.wins", { name: seat(result.outcome.toUpperCase()).name });
    const parts = [el("p", { class: "recorded", text: t("tournament.recorded", { result: outcome }) })];
    if (result.confirmed.length) {
      const names = result.confirmed.map((s) => seat(s).name).join(", ");
      parts.push(el("p", { class: "confirmed", text: t("tournament.confirmed", { names }) }));
    }
    const mine = state.me.seat;
    if (mine && !result.confirmed.includes(mine)) {
      parts.push(el("button", { id: "tournament-confirm", class: "btn", type: "button", text: t("tournament.confirm"),
        onclick: () => guarded(() => post("/api/tournament/confirm", {})) }));
      parts.push(el("p", { class: "hint", text: t("tournament.disagree") }));
    }
    document.getElementById("tournament-body").replaceChildren(...parts);
  }

  function clockControls() {
    const minutes = el("input", { type: "number", min: "1", max: "600", id: "clock-minutes", "aria-label": t("clock.minutes") });
    const op = (name, extra = {}) => guarded(() => post("/api/clock", { op: name, ...extra }));
    return el("div", { class: "clock-controls" },
      el("label", { text: t("clock.minutes") }),
      el("div", { class: "row" }, minutes, el("button", { class: "btn secondary", type: "button", text: t("clock.set"),
        onclick: () => op("configure", { minutes: Number(minutes.value) || null }) })),
      el("div", { class: "row" },
        el("button", { class: "btn secondary", type: "button", text: t("clock.start"), onclick: () => op("start") }),
        el("button", { class: "btn secondary", type: "button", text: t("clock.pause"), onclick: () => op("pause") }),
        el("button", { class: "btn secondary", type: "button", text: t("clock.reset"), onclick: () => op("reset") })));
  }

  /* A PIN entry and its button: the first PIN on the table's own screen, or the judge's change. */
  function pinForm(id, label, done) {
    const pin = el("input", { type: "password", inputmode: "numeric", autocomplete: "new-password", id, "aria-label": t("judge.new_pin"), placeholder: t("judge.new_pin") });
    return el("div", { class: "row" }, pin, el("button", {
      class: "btn secondary", type: "button", id: `${id}-set`, text: label,
      onclick: async () => {
        const me = await guarded(() => post("/api/judge/pin", { pin: pin.value }));
        if (me) { pin.value = ""; toast(t("judge.pin_set"), false); done(me); }
      },
    }));
  }

  function renderPinSetup() {
    const section = document.getElementById("pin-setup");
    if (!section) return;
    section.hidden = !state.me.set_pin;
    const box = document.getElementById("pin-setup-body");
    if (section.hidden || box.childElementCount) return;
    box.replaceChildren(el("p", { class: "hint", text: t("judge.first_pin") }),
      pinForm("first-pin", t("judge.set_pin"), refreshMe));
  }

  function renderJudge() {
    const box = document.getElementById("judge-body");
    if (!box) return;
    // a seated player's turn flow keeps the judge's PIN out of the way: folded until opened
    const unlock = document.getElementById("judge-unlock");
    const folded = Boolean(state.me.seat) && !state.me.judge;
    if (unlock && unlock.dataset.folded !== String(folded)) {
      unlock.dataset.folded = String(folded);
      unlock.open = !folded;
    }
    if (!state.me.judge_enabled) {
      box.replaceChildren(el("p", { class: "hint", text: t("judge.disabled") }));
      return;
    }
    if (!state.me.judge) {
      if (box.dataset.mode === "login") return; // keep what is being typed
      box.dataset.mode = "login";
      const pin = el("input", { type: "password", inputmode: "numeric", autocomplete: "off", id: "judge-pin", "aria-label": t("judge.pin"), placeholder: t("judge.pin") });
      box.replaceChildren(el("div", { class: "row" }, pin, el("button", {
        class: "btn secondary", type: "button", id: "judge-login", text: t("judge.login"),
        onclick: async () => refreshMe(await guarded(() => post("/api/judge/login", { pin: pin.value }))),
      })));
      return;
    }
    if (box.dataset.mode === "judge") return;
    box.dataset.mode = "judge";
    const correction = el("input", { type: "text", id: "judge-action", autocomplete: "off", "aria-label": t("judge.correction") });
    box.replaceChildren(
      el("p", { class: "hint", text: t("judge.undo_hint") }),
      el("label", { text: t("judge.correction") }),
      el("div", { class: "row" }, correction, el("button", {
        class: "btn", type: "button", id: "judge-send", text: t("pending.send"),
        onclick: () => correction.value.trim() && proposeTyped(correction.value.trim()),
      })),
      clockControls(),
      el("label", { text: t("judge.change_pin") }),
      pinForm("change-pin", t("judge.set_pin"), refreshMe),
      el("button", { class: "btn secondary", type: "button", text: t("judge.logout"),
        onclick: async () => refreshMe(await guarded(() => post("/api/judge/logout", {}))) }));
  }

  /* The judge's corrections: the game's own form, else the notations it accepts (sent through
     the correction field below). Hidden for anyone but the judge and for games without any. */
  function renderJudgeTools() {
    const box = document.getElementById("judge-tools");
    if (!box) return;
    const view = state.view;
    const usage = view.corrections || [];
    box.hidden = !state.me.judge || !usage.length;
    if (box.hidden) {
      box.replaceChildren();
      return;
    }
    const draw = judgeTools[view.game];
    if (draw) draw(box, view);
    else box.replaceChildren(el("p", { class: "hint", text: t("judge.corrections", { usage: usage.join(" · ") }) }));
  }

  /* Each seat's join link, as a QR code and as text to type (with the LAN address). */
  async function joinCode(s) {
    const figure = el("figure", { class: "join", dataset: { seat: s.seat } });
    const response = await fetch(`/api/join/${encodeURIComponent(s.seat)}`, { credentials: "same-origin" });
    const data = await response.json().catch(() => ({}));
    if (response.status === 409 && data.error === "seat_held") {
      // a tournament table's screen shows no code for a seat its player holds
      figure.dataset.held = "true";
      figure.append(el("p", { class: "hint", text: t("join.held", { name: s.name }) }));
      return figure;
    }
    if (!response.ok) {
      figure.append(el("p", { class: "hint", text: refusal(data) || t("error.bad_request") }));
      return figure;
    }
    if (state.me.judge && (state.view.held || []).includes(s.seat)) {
      const button = el("button", { type: "button", class: "release", text: t("join.release") });
      button.addEventListener("click", () => guarded(async () => {
        if (await post("/api/judge/release", { seat: s.seat })) toast(t("join.released"), false);
      }));
      figure.append(el("p", { class: "hint", text: t("join.held", { name: s.name }) }), button);
    }
    figure.append(
      el("img", { src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(data.svg)}`, alt: s.name }),
      el("figcaption", { style: { borderColor: s.colour }, text: t("join.scan", { name: s.name }) }),
      el("p", { class: "join-link" }, el("small", { text: t("join.link") }), " ", el("code", { text: data.url })));
    if (!data.reachable) figure.append(el("p", { class: "hint", text: t("join.lan_missing") }));
    return figure;
  }

  async function renderJoinCodes() {
    const box = document.getElementById("join-codes");
    if (!box) return;
    const view = state.view;
    if (!state.me.join_codes) {
      box.replaceChildren(el("p", { class: "hint", text: t("join.hidden") }));
      return;
    }
    // a code seats one phone: once one is used (``joins`` grows) every seat gets a new one
    const round = `${view.game_id}.${view.joins}.${(view.held || []).join(",")}.${view.remote ? view.remote.role : ""}`;
    if (box.dataset.round === round) return;
    box.dataset.round = round;
    // a remote game: the guest's seat is played at the guest table, the others at the host's
    const remote = view.remote;
    const here = (s) => !remote || (s.seat === remote.seat) === (remote.role === "guest");
    const codes = await Promise.all(view.seats.filter(here).map(joinCode));
    if (box.dataset.round === round) box.replaceChildren(...codes);
  }

  // -- a seated phone keeps its screen on ---------------------------------------------------

  /* While its game is played, a seated phone's screen stays on. With the Screen Wake Lock API
     (HTTPS, or this machine) the page holds a lock, asked for again when the page shows again
     (the browser drops it whenever the page is hidden). Where the browser has no such API (the
     table's plain HTTP on the LAN) or refuses it, the page keeps the screen on the way NoSleep.js
     does: a muted, looping, inline video (static/keep-awake.*), which a browser plays only after a
     tap, so it starts on the player's first tap; it stops when the game ends, the phone is no
     longer seated, or the page is hidden (and plays again when it shows). body[data-wake]: on
     (a lock), video (the video plays), tap (waiting for the first tap), off, or refused. */
  const wake = { lock: null, asking: false, video: null, tapped: false };

  function showWake(status) {
    document.body.dataset.wake = status;
    const note = document.getElementById("wake-note");
    if (!note) return;
    const problem = status === "tap" || status === "refused";
    note.hidden = !problem;
    note.textContent = problem ? t(`wake.${status}`) : "";
  }

  function wakeVideo() {
    if (wake.video) return wake.video;
    const video = el("video", { id: "keep-awake", muted: true, loop: true, playsinline: true,
      "aria-hidden": "true", tabindex: "-1", class: "keep-awake" },
    el("source", { src: "/static/keep-awake.mp4", type: "video/mp4" }),
    el("source", { src: "/static/keep-awake.webm", type: "video/webm" }));
    video.muted = true; // the attribute alone is not the property a browser checks for autoplay
    document.body.append(video);
    wake.video = video;
    return video;
  }

  function stopVideo() {
    if (wake.video && !wake.video.paused) wake.video.pause();
  }

  /* The video way: played once the player has tapped (a browser plays media only after a
     gesture), else the page asks for a tap. */
  async function playVideo() {
    if (!wake.tapped) {
      showWake("tap");
      return;
    }
    const video = wakeVideo();
    try {
      await video.play();
      showWake("video");
    } catch (error) {
      showWake("refused");
    }
  }

  async function keepAwake() {
    const wanted = page === "phone" && Boolean(state.me.seat) && Boolean(state.view) && !state.view.winner;
    if (!wanted || document.visibilityState !== "visible") {
      if (!wanted && wake.lock) {
        wake.lock.release().catch(() => {});
        wake.lock = null;
      }
      stopVideo();
      if (!wanted) showWake("off");
      return;
    }
    if ((wake.lock && !wake.lock.released) || wake.asking) return;
    if (wake.video && !wake.video.paused) return;
    if (!("wakeLock" in navigator)) {
      await playVideo();
      return;
    }
    wake.asking = true;
    try {
      const lock = await navigator.wakeLock.request("screen");
      lock.addEventListener("release", () => {
        if (wake.lock === lock) showWake("off"); // the page was hidden: asked again when shown
      });
      wake.lock = lock;
      showWake("on");
    } catch (error) {
      wake.lock = null;
      await playVideo(); // refused (no HTTPS, battery saver): the video way
    } finally {
      wake.asking = false;
    }
  }

  /* The player's first tap anywhere lets the page play its video. */
  function firstTap() {
    wake.tapped = true;
    document.removeEventListener("pointerdown", firstTap, true);
    keepAwake();
  }

  /* New game: while a scripted demo plays nobody sets one up, so the button is off and says why
     (the set-up page would say the same before its form). */
  function renderSetupLink() {
    const link = document.getElementById("setup-link");
    if (!link) return;
    const watching = Boolean(state.view.demo && state.view.demo.scripted);
    if (!link.dataset.href) link.dataset.href = link.getAttribute("href");
    if (watching) link.removeAttribute("href");
    else link.setAttribute("href", link.dataset.href);
    link.classList.toggle("disabled", watching);
    link.setAttribute("aria-disabled", String(watching));
    let why = document.getElementById("setup-why");
    if (!why) link.parentElement.after(why = el("p", { id: "setup-why", class: "hint" }));
    why.hidden = !watching;
    why.textContent = watching ? t("setup.demo_watching") : "";
  }

  function render() {
    renderViewer();
    // The set-up and join pages show only who this phone is, not the game.
    if (!state.view || !document.getElementById("status")) return;
    document.body.dataset.version = String(state.view.version);
    renderClock();
    renderStatus();
    renderNotices();
    renderTournament();
    renderPending();
    renderBoard();
    renderLog();
    renderJudge();
    renderPinSetup();
    renderJudgeTools();
    renderJoinCodes();
    renderSetupLink();
    keepAwake();
    document.dispatchEvent(new Event("panel:rendered")); // for views drawn on their own terms
  }

  /* A table's view that another page fetched (the tournament hub's judge page): its status,
     what it waits for, its board and its last actions, read-only (that page is no phone and
     nobody on it is seated or the judge: nothing here acts). */
  function showView(view) {
    state.view = inPageLanguage(view);
    view = state.view;
    document.body.dataset.version = String(view.version);
    renderStatus();
    renderPending();
    renderBoard();
    renderLog();
  }

  /* Draw ``view``'s board into ``container`` (the hub's wall draws every table's); ``false``
     when its game has no board. Seats are read from ``view`` while it is drawn. */
  function drawBoardOf(container, view) {
    const draw = boards[view.game];
    if (!draw) return false;
    const shown = state.view;
    view = inPageLanguage(view);
    state.view = view;
    try {
      draw(container, view);
    } finally {
      state.view = shown;
    }
    return true;
  }

  /* Read ``view`` (another table's, as a broadcast shows it) with the panel's own words: ``fn``
     runs while it is the view this page reads seats and pieces from. */
  function withView(view, fn) {
    const shown = state.view;
    state.view = inPageLanguage(view);
    try {
      return fn(state.view);
    } finally {
      state.view = shown;
    }
  }

  /* The game's status chips of ``view`` ([label, value] pairs: turn, phase, score…), as the
     status line shows them. */
  function statusOf(view) {
    const extra = statusParts[view.game];
    return extra ? withView(view, (shown) => extra(shown)) : [];
  }

  window.Panel = {
    t, has, el, seat, propose, proposeTyped, offers, post, guarded, ask, toast, state, actionLabel, canAct,
    showView, drawBoardOf, withView, statusOf, keyedText, entryText,
    /* The game's scoring cells with their claims and reasons for ``view`` (nodes; none when
       the game words none): the replay viewer shows them at every version. */
    scoringOf(view) { return scoring[view.game] ? scoring[view.game](view) : []; },
    rerender: render,
    registerRenderer(kind, fn) { renderers[kind] = fn; },
    registerBoard(game, fn) { boards[game] = fn; },
    registerStatus(game, fn) { statusParts[game] = fn; },
    registerTerms(game, fn) { terms[game] = fn; },
    registerJudgeTools(game, fn) { judgeTools[game] = fn; },
    registerPrompt(game, fn) { prompts[game] = fn; },
    registerPieceNames(game, fn) { pieceNames[game] = fn; },
    registerPieceOwners(game, fn) { pieceOwners[game] = fn; },
    registerScoring(game, fn) { scoring[game] = fn; },
  };

  document.addEventListener("DOMContentLoaded", () => {
    if (page === "join") return; // a join that failed: the page only says why
    if (boot.watching) return; // a hub page: it fetches the views it shows itself
    const undo = document.getElementById("undo");
    if (undo) undo.addEventListener("click", undoLast);
    renderViewer();
    renderJudge();
    renderPinSetup();
    setInterval(renderClock, 1000);
    document.addEventListener("visibilitychange", keepAwake);
    document.addEventListener("pointerdown", firstTap, true);
    connect();
  });
})();
