/* Planechase on the panel: the face-up plane and who controls it, the planar die with the cost of
   the next roll, this turn's rolls, the decks and who is still playing. */
"use strict";

(() => {
  const P = window.Panel;
  const G = window.Games;
  const { t, el } = P;

  function planeName(view, id) {
    return (G.extra(view).plane_names || {})[id] || id;
  }

  function faceName(face) { return t(`pc.face.${face}`); }

  function costText(cost) {
    return cost === 0 ? t("pc.roll_free") : t("pc.roll_cost", { cost });
  }

  /* The label parameters of Planechase's own kinds: a plane, a planar die face. */
  function term(kind, value, view) {
    if (kind === "plane") return planeName(view, value);
    if (kind === "planar_face") return faceName(value);
    return null;
  }

  function status(view) {
    const x = G.extra(view);
    const parts = [[t("status.turn", { turn: x.turn }), P.seat(x.active).name]];
    if (x.plane) parts.push([t("pc.next_roll"), costText(x.roll_cost)]);
    return parts;
  }

  const typing = { plane: null, name: "" }; // a name being typed, kept while the board is redrawn

  /* A plane whose name the companion has from memory only: how to fill it in — the players type
     the name printed on their card (a seated player, the judge or the table's screen), and games
     set up at this table from then on call the plane by it. */
  function typeName(plane) {
    const me = P.state.me;
    if (!(me.seat || me.judge || me.join_codes)) return el("p", { class: "hint pc-likely-how", text: t("pc.likely_ask") });
    const input = el("input", { type: "text", class: "pc-typed-name", maxlength: "40", "aria-label": t("pc.type_name"), placeholder: t("pc.type_name"),
      value: typing.plane === plane.id ? typing.name : "",
      oninput: (event) => { typing.plane = plane.id; typing.name = event.currentTarget.value; } });
    const save = el("button", { class: "btn secondary", type: "button", text: t("pc.type_name_save"), onclick: async () => {
      const saved = await P.guarded(() => P.post("/api/setup/plane_name", { plane: plane.id, name: input.value }));
      if (!saved) return;
      typing.plane = null;
      input.value = "";
      P.toast(t("pc.type_name_saved", { name: saved.plane.name }), false);
    } });
    return el("div", { class: "pc-type-name" },
      el("p", { class: "hint pc-likely-how", text: t("pc.likely_how") }), el("div", { class: "row" }, input, save));
  }

  function planeCard(x) {
    const plane = x.plane;
    if (!plane) return el("p", { class: "pc-plane none", text: t("pc.no_plane") });
    const number = plane.number === null ? "" : ` #${plane.number}`;
    const sure = { likely: "pc.likely", typed: "pc.typed" }[plane.status];
    return el("div", { class: "pc-plane", dataset: { plane: plane.id } },
      el("div", { class: "pc-plane-name", text: plane.name }),
      el("div", { class: "pc-plane-meta" },
        el("span", { text: `${plane.set || t("pc.own_plane")}${number}` }),
        sure ? el("span", { class: `pc-${plane.status}`, text: ` · ${t(sure)}` }) : null),
      plane.status === "likely" ? typeName(plane) : null,
      plane.text ? el("p", { class: "pc-plane-text", text: plane.text }) : null,
      x.controller ? el("div", { class: "pc-controller" }, t("pc.controller"), " ", G.seatTag(x.controller)) : null);
  }

  function drawBoard(container, view) {
    const x = G.extra(view);
    const rolls = x.rolls.length
      ? x.rolls.map((face) => el("span", { class: `pc-roll face-${face}`, text: faceName(face) }))
      : [el("span", { class: "hint", text: t("pc.no_rolls") })];
    const decks = Object.entries(x.decks).map(([owner, counts]) => el("li", {},
      x.shared ? t("pc.shared_deck") : P.seat(owner).name, ": ",
      t("pc.deck_counts", { unseen: counts.unseen, bottom: counts.bottom })));
    const players = el("div", { class: "og-seats" },
      ...x.players.map((s) => G.seatTag(s, s === x.active ? " ▶" : "")),
      ...x.out.map((s) => el("span", { class: "og-seat out", text: `${P.seat(s).name} (${t("pc.out")})` })));
    container.replaceChildren(...[
      planeCard(x),
      el("div", { class: "pc-die" },
        el("strong", { text: `${t("pc.next_roll")}: ${costText(x.roll_cost)}` }),
        el("div", { class: "pc-rolls" }, el("small", { text: t("pc.rolls") }), ...rolls)),
      players,
      el("ul", { class: "pc-decks" }, ...decks),
      G.ledMirror()].filter(Boolean));
  }

  function revealEntry(container, pending, view) {
    const reveals = G.legal(view, "reveal");
    const list = el("div", { class: "choices pc-candidates" });
    const draw = (filter) => list.replaceChildren(...reveals
      .filter((offer) => planeName(view, offer.args.plane).toLowerCase().includes(filter.toLowerCase()))
      .map((offer) => G.actionButton(offer)));
    if (reveals.length > 6) {
      const search = el("input", { type: "search", class: "pc-search", placeholder: t("pc.search"), "aria-label": t("pc.search") });
      search.addEventListener("input", () => draw(search.value));
      G.add(container, search);
    }
    draw("");
    G.add(container, list);
    leaving(container, view);
  }

  // Seed 004: a player may leave at any moment, even while a plane is awaited.
  function leaving(container, view) {
    G.add(container, G.folded(t("pc.leave_title"), G.choices("", G.legal(view, "leave"), "secondary")));
  }

  function turnEntry(container, pending, view) {
    const x = G.extra(view);
    G.add(container, el("p", { class: "pc-cost", text: `${t("pc.roll_what")} (${costText(x.roll_cost)})` }));
    G.add(container, G.choices("", G.legal(view, "roll"), "pc-roll-btn"));
    G.add(container, G.choices("", G.legal(view, "end_turn"), "secondary"));
    leaving(container, view);
  }

  P.registerTerms("planechase", term);
  P.registerStatus("planechase", status);
  P.registerPrompt("planechase", G.enginePrompt);
  P.registerBoard("planechase", drawBoard);
  P.registerRenderer("planechase:reveal", revealEntry);
  P.registerRenderer("planechase:turn", turnEntry);
})();
