/* The judge's rules assistant (Dreamblade, judge only): start from the live game or an empty
   map, change the position with a few controls (or an edit line), ask a question and read the
   answer in plain words. The position lives on this phone only: the live game never changes,
   and "back to the live game" drops the hypothetical. The server checks every edit. */
"use strict";

(() => {
  const P = window.Panel;
  const { t, el } = P;
  const CELLS = [];
  for (const row of "12345") for (const col of "abcde") CELLS.push(col + row);
  const PLACES = ["reserve", "graveyard", "out"];
  const QUESTIONS = ["claims", "odds", "spawn", "shifts", "engaged", "keyword"];
  const STATS = ["damage", "power", "defense", "life", "cost"];
  // the phases the position editor sets: its ``phase`` line's words, and their parts
  const PHASES = [
    { phase: "initiative" }, { phase: "spawn", seat: "A" }, { phase: "spawn", seat: "B" },
    ...["A", "B"].flatMap((seat) => [1, 2].map((round) => ({ phase: "action", seat, round }))),
    ...["A", "B"].flatMap((seat) => [1, 2].map((round) => ({ phase: "action", seat, round, strike: true }))),
    { phase: "conquest" },
  ].map((p) => ({ ...p, words: [p.phase, p.seat, p.round, p.strike ? "strike" : null].filter(Boolean).join(" ") }));

  // what this phone is looking at: null (nothing yet) or the edited position and its board
  const assistant = { position: null, board: null, answer: [] };

  async function call(url, payload) {
    return P.guarded(() => P.post(url, payload));
  }

  async function start(from) {
    const reply = await call("/api/judge/editor", { from, edits: [] });
    if (!reply) return;
    Object.assign(assistant, { position: reply.position, board: reply.board, answer: [] });
    draw();
  }

  async function edit(lines) {
    const reply = await call("/api/judge/editor", { position: assistant.position, edits: lines });
    if (!reply) return false;
    if (reply.refused) { // an impossible position: the reasons, and the position stays
      P.toast([reply.refused, ...reply.problems].join("\n"));
      return false;
    }
    Object.assign(assistant, { position: reply.position, board: reply.board });
    P.toast(t("judge.applied"), false);
    draw();
    return true;
  }

  async function askQuestion(form) {
    const payload = { question: form.question.value, seat: form.seat.value,
      cell: form.cell.value, keyword: form.keyword.value.trim() };
    if (assistant.position) payload.position = assistant.position;
    else payload.from = "live";
    const reply = await call("/api/judge/ask", payload);
    if (!reply) return;
    assistant.answer = reply.sentences;
    draw();
  }

  function back() {
    Object.assign(assistant, { position: null, board: null, answer: [] });
    draw();
  }

  function select(id, label, options, chosen) {
    return el("select", { id, "aria-label": label, style: { flex: "1", minWidth: "0" } },
      ...options.map(([value, text]) => el("option", { value, text, selected: value === chosen })));
  }

  function miniLabel(mini) {
    return t("judge.mini", { name: mini.name, seat: mini.seat, copy: mini.copy });
  }

  function phaseLabel(option) {
    return [t(`phase.${option.phase}`), option.seat, option.round, option.strike ? t("judge.stat.strike") : null]
      .filter(Boolean).join(" ");
  }

  function whereLabel(where) {
    return PLACES.includes(where) ? t(`judge.where.${where}`) : where;
  }

  function positionList(board) {
    const phase = `${t(`phase.${board.phase}`)}${board.phase_seat ? ` (${board.phase_seat})` : ""}`;
    const items = board.minis.map((mini) => {
      const notes = [mini.damage ? t("judge.damage", { n: mini.damage }) : null,
        ...Object.entries(mini.modifiers).map(([stat, n]) => `${stat} ${n > 0 ? "+" : ""}${n}`)].filter(Boolean);
      return el("li", { dataset: { mini: mini.id, where: mini.where } },
        `${miniLabel(mini)}: ${whereLabel(mini.where)}`, notes.length ? ` (${notes.join(", ")})` : "");
    });
    return [el("p", { class: "hint", id: "ja-phase", text: `${t("status.turn", { turn: board.turn })} · ${phase}` }),
      el("ul", { id: "ja-position", class: "ja-position" }, ...items)];
  }

  function editControls(board) {
    const minis = board.minis.map((m) => [m.id, miniLabel(m)]);
    const mini = select("ja-mini", t("judge.fix.mini"), minis, minis.length ? minis[0][0] : "");
    const where = select("ja-where", t("judge.fix.cell"), [...CELLS, ...PLACES].map((w) => [w, whereLabel(w)]), "c3");
    const place = el("button", { class: "btn secondary", type: "button", id: "ja-place", text: t("judge.fix.move"),
      onclick: () => mini.value && edit([`place ${mini.value} ${where.value}`]) });
    const stat = select("ja-stat", t("judge.edit"), STATS.map((s) => [s, t(`judge.stat.${s}`)]), "damage");
    const amount = el("input", { id: "ja-amount", type: "text", inputmode: "numeric", value: "0",
      "aria-label": t("judge.fix.amount"), style: { width: "4em" } });
    const setStat = el("button", { class: "btn secondary", type: "button", id: "ja-set", text: t("judge.apply"),
      onclick: () => mini.value && edit([stat.value === "damage" ? `damage ${mini.value} ${amount.value}`
        : `modifier ${mini.value} ${stat.value} ${amount.value}`]) });
    const phase = select("ja-phase-set", t("judge.edit"), PHASES.map((p) => [p.words, phaseLabel(p)]), "action A 1");
    const points = el("input", { id: "ja-points", type: "text", inputmode: "numeric", value: "7",
      "aria-label": t("judge.fix.amount"), style: { width: "4em" } });
    const setPhase = el("button", { class: "btn secondary", type: "button", id: "ja-phase-apply", text: t("judge.apply"),
      onclick: () => edit([`phase ${phase.value}${phase.value.startsWith("spawn") ? " " + points.value : ""}`]) });
    const line = el("input", { id: "ja-edit", type: "text", autocomplete: "off",
      placeholder: t("judge.edit_placeholder"), "aria-label": t("judge.edit"), style: { flex: "1", minWidth: "0" } });
    const apply = el("button", { class: "btn secondary", type: "button", id: "ja-edit-apply", text: t("judge.apply"),
      onclick: async () => { if (line.value.trim() && await edit([line.value.trim()])) line.value = ""; } });
    return [
      el("div", { class: "row" }, mini),
      el("div", { class: "row" }, where, place),
      el("div", { class: "row" }, stat, amount, setStat),
      el("div", { class: "row" }, phase, points, setPhase),
      el("div", { class: "row" }, line, apply),
    ];
  }

  function questionForm() {
    const form = {
      question: select("ja-question", t("judge.ask"), QUESTIONS.map((q) => [q, t(`judge.question.${q}`)]), "claims"),
      seat: select("ja-seat", t("judge.field.seat"), [["A", "A"], ["B", "B"]], "A"),
      cell: select("ja-cell", t("judge.field.cell"), CELLS.map((c) => [c, c]), "c3"),
      keyword: el("input", { id: "ja-keyword", type: "text", autocomplete: "off",
        placeholder: t("judge.field.keyword"), "aria-label": t("judge.field.keyword"), style: { flex: "1", minWidth: "0" } }),
    };
    const go = el("button", { class: "btn", type: "button", id: "ja-ask", text: t("judge.ask"),
      onclick: () => askQuestion(form) });
    return [
      el("div", { class: "row" }, form.question),
      el("div", { class: "row" }, form.seat, form.cell),
      el("div", { class: "row" }, form.keyword, go),
    ];
  }

  function draw() {
    const box = document.getElementById("judge-assistant");
    if (!box) return;
    const view = P.state.view;
    box.hidden = !P.state.me.judge || !view || view.game !== "dreamblade";
    if (box.hidden) return;
    const parts = [el("h3", { text: t("judge.editor") })];
    if (assistant.position) {
      parts.push(...positionList(assistant.board), ...editControls(assistant.board),
        el("button", { class: "btn secondary", type: "button", id: "ja-back", text: t("judge.back_to_live"), onclick: back }));
    } else {
      parts.push(el("div", { class: "row" },
        el("button", { class: "btn secondary", type: "button", id: "ja-from-live", text: t("judge.from_live"), onclick: () => start("live") }),
        el("button", { class: "btn secondary", type: "button", id: "ja-from-empty", text: t("judge.from_empty"), onclick: () => start("empty") })),
      el("p", {}, el("a", { id: "ja-export", href: "/api/judge/export", download: "dreamblade-game.json", text: t("judge.export") })));
    }
    parts.push(el("h3", { text: assistant.position ? t("judge.editor") + " · " + t("judge.ask") : t("judge.live") + " · " + t("judge.ask") }),
      ...questionForm(),
      el("ul", { id: "ja-answer", class: "ja-answer" }, ...assistant.answer.map((line) => el("li", { text: line }))));
    box.replaceChildren(...parts);
  }

  // drawn when the judge logs in or out and when the game changes, never on every update (the
  // judge may be typing); the edited position is this phone's own
  let shownFor = null;
  document.addEventListener("panel:rendered", () => {
    const key = `${P.state.me.judge}:${P.state.view && P.state.view.game_id}`;
    if (key === shownFor) return;
    shownFor = key;
    back();
  });
})();
