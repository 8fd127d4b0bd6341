/* Arena of the Planeswalkers on the panel: the turn track, each army's figures with their life and
   place, the glyphs, the combat in progress and its dice entry, the scenario's scores and the
   camera's prompts (leaving an engagement, a face-down glyph). */
"use strict";

(() => {
  const P = window.Panel;
  const G = window.Games;
  const { t, el } = P;

  function cards(view) {
    const found = {};
    for (const army of G.extra(view).armies || []) for (const card of army.cards) found[card.id] = card;
    return found;
  }

  function figureName(view, id) { return (G.extra(view).names || {})[id] || id; }

  /* A place a figure moves to: a glyph spot (with the glyph turned up there, if any), or the
     field, the scoring area… */
  function placeName(view, place, reveal = null) {
    const glyph = (G.extra(view).glyphs || []).find((g) => g.spot === place);
    if (glyph) {
      const shown = reveal ? t(`ar.glyph.${reveal}`) : glyph.glyph ? t(`ar.glyph.${glyph.glyph}`) : t("ar.face_down");
      return `${place} (${shown})`;
    }
    return P.has(`ar.place.${place}`) ? t(`ar.place.${place}`) : place;
  }

  /* The label parameters of Arena's own kinds: an army card, a place. */
  function term(kind, value, view) {
    if (kind === "card") return (cards(view)[value] || { name: value }).name;
    if (kind === "place") return placeName(view, value.place, value.reveal);
    return null;
  }

  /* A scoring side: a seat by its player's name, a team as "team 1". */
  function sideName(side, view) {
    const seated = (view.seats || []).some((s) => s.seat === side);
    return seated ? P.seat(side).name : t("ar.team", { team: side });
  }

  function status(view) {
    const x = G.extra(view);
    return [
      [t("ar.turn_track"), t("ar.turn_of", { turn: x.turn, turns: x.turns })],
      [t("ar.scores"), el("span", { title: t("ar.scores_hint") },
        Object.entries(x.scores).map(([side, n]) => t("ar.points", { name: sideName(side, view), points: n })).join(" – "))],
    ];
  }

  function figureRow(view, card, figure) {
    const left = card.life - figure.damage;
    const gone = figure.place === "graveyard";
    return el("li", { class: `ar-figure${gone ? " gone" : ""}`, dataset: { figure: figure.id } },
      el("span", { class: "ar-fname", text: figureName(view, figure.id) }),
      el("span", { class: "ar-life", text: gone ? "✝" : t("ar.life", { left, life: card.life }) }),
      el("small", { text: placeName(view, figure.place) }));
  }

  function armyCard(view, army) {
    const x = G.extra(view);
    const bonus = Object.entries(army.glyph_bonus).filter(([, n]) => n > 0)
      .map(([stat, n]) => `${t(`ar.stat.${stat}`)} +${n}`).join(" · ");
    return el("div", { class: `ar-army${army.seat === x.active ? " active" : ""}`, dataset: { seat: army.seat }, style: { borderColor: P.seat(army.seat).colour } },
      el("div", { class: "dc-head" }, G.seatTag(army.seat, army.team ? ` · ${t("ar.team", { team: army.team })}` : ""),
        bonus ? el("small", { class: "ar-bonus", text: bonus }) : null),
      ...army.cards.map((card) => el("div", { class: `ar-card${card.id === x.chosen ? " chosen" : ""}` },
        el("div", { class: "ar-card-head" }, el("strong", { text: card.name }),
          el("small", { text: t("ar.card_stats", { power: card.power, toughness: card.toughness, life: card.life }) })),
        el("ul", { class: "ar-figures" }, ...card.figures.map((figure) => figureRow(view, card, figure))))));
  }

  /* The camera's prompts: a roll owed for leaving an engagement, a face-down glyph to turn up. */
  function cameraPrompts(view) {
    const f = (id) => figureName(view, id);
    return G.cameraPrompts(view,
      (p) => (p.kind === "disengage"
        ? t("cp.disengage", { figure: f(p.subject), enemy: f(p.enemy), enemy_owner: P.seat(p.enemy_owner).name })
        : t("cp.reveal_glyph", { figure: f(p.subject), spot: p.spot, at: G.lastSeen(p) })),
      (offer) => {
        if (offer.verb === "disengage") return t(offer.args.hits === 1 ? "cp.disengage.hit" : "cp.disengage.miss");
        return t(`ar.glyph.${offer.args.reveal}`);
      });
  }

  function drawBoard(container, view) {
    const x = G.extra(view);
    const glyphs = x.glyphs.map((g) => el("li", { dataset: { spot: g.spot } },
      el("strong", { text: `${g.spot}: ` }),
      g.glyph ? t(`ar.glyph.${g.glyph}`) : t("ar.face_down"),
      g.gone ? ` · ${t("ar.glyph_gone")}` : g.holder ? ` · ${t("ar.held_by", { figure: figureName(view, g.holder) })}` : ""));
    const combat = x.combat ? el("p", { class: "ar-combat", text: t("ar.combat", {
      attacker: figureName(view, x.combat.attacker), target: figureName(view, x.combat.target) }) }) : null;
    container.replaceChildren(...[
      cameraPrompts(view),
      el("p", { class: "ar-track" }, el("strong", { text: t("ar.turn_of", { turn: x.turn, turns: x.turns }) }),
        " · ", t(`ar.scenario.${x.scenario}`)),
      x.step === "first_roll" || x.step === "first_choice" || x.turn === 1 ? d20Rounds(view) : null,
      combat,
      ...x.armies.map((army) => armyCard(view, army)),
      glyphs.length ? el("div", {}, el("small", { text: t("ar.glyphs") }), el("ul", { class: "ar-glyphs" }, ...glyphs)) : null,
      G.ledMirror()].filter(Boolean));
  }

  function cardEffects(view) {
    return G.folded(t("ar.card_effects"), G.choices("", G.legal(view, "damage", "return_squad"), "secondary"));
  }

  /* Actions grouped by the figure they concern (its name as the title). */
  function byFigure(view, verbs) {
    const groups = {};
    for (const offer of G.legal(view, ...verbs)) {
      const { figure } = offer.args;
      (groups[figure] = groups[figure] || []).push(offer);
    }
    return Object.entries(groups).map(([figure, actions]) => G.choices(figureName(view, figure), actions));
  }

  function stepEntry(container, pending, view) {
    G.add(container, G.choices("", G.legal(view, "choose")));
    G.add(container, ...byFigure(view, ["summon", "move"]).filter(Boolean));
    G.add(container, G.folded(t("ar.disengage_fall"), byFigure(view, ["disengage", "fall"])));
    G.add(container, G.choices("", G.legal(view, "next")));
    G.add(container, cardEffects(view));
    G.add(container, G.choices("", G.legal(view, "end"), "secondary"));
  }

  /* Attack: pick the attacker, the target and who stands higher, then send. */
  function attackEntry(container, pending, view) {
    const options = {};
    for (const { args: { attacker, target } } of G.legal(view, "attack")) {
      ((options[attacker] = options[attacker] || {})[target] = true);
    }
    const pick = { attacker: null, target: null, high: "" };
    const targets = el("div", { class: "choices ar-targets" });
    const heights = el("div", { class: "choices ar-heights" });
    const send = el("button", { class: "btn", type: "button", id: "ar-attack-send", text: t("pending.send"), disabled: true,
      onclick: () => P.propose({ verb: "attack", args: { attacker: pick.attacker, target: pick.target, higher: pick.high || null } }) });
    const select = (box, node) => {
      box.querySelectorAll(".btn").forEach((b) => b.classList.remove("selected"));
      node.classList.add("selected");
      send.disabled = !(pick.attacker && pick.target);
    };
    const attackers = el("div", { class: "choices ar-attackers" }, ...Object.keys(options).map((id) => el("button", {
      class: "btn secondary", type: "button", dataset: { figure: id }, text: figureName(view, id),
      onclick: (event) => {
        pick.attacker = id;
        pick.target = null;
        select(attackers, event.currentTarget);
        targets.replaceChildren(...Object.keys(options[id]).map((target) => el("button", {
          class: "btn secondary", type: "button", dataset: { figure: target }, text: figureName(view, target),
          onclick: (e) => { pick.target = target; select(targets, e.currentTarget); },
        })));
      },
    })));
    for (const high of ["", "attacker", "target"]) {
      heights.append(el("button", { class: `btn secondary${high === "" ? " selected" : ""}`, type: "button", dataset: { high },
        text: t(`ar.high.${high || "none"}`), onclick: (event) => { pick.high = high; select(heights, event.currentTarget); } }));
    }
    if (Object.keys(options).length) {
      G.add(container, el("h4", { class: "og-group-title", text: t("ar.attacker") }), attackers,
        el("h4", { class: "og-group-title", text: t("ar.target") }), targets,
        el("h4", { class: "og-group-title", text: t("ar.height") }), heights, send);
    }
    G.add(container, cardEffects(view));
    G.add(container, G.choices("", G.legal(view, "end"), "secondary"));
  }

  /* Dice entry, as on the 5×5 map: count the hits (or shields) that came up, 0 to the dice rolled,
     on a stepper or the keypad, then send; spells may change the number of dice first. */
  function diceEntry(container, pending, view) {
    const { dice, attacker, target } = pending.details;
    const verb = pending.kind === "attack_dice" ? "hits" : "shields";
    G.add(container, el("p", { class: "ar-dice", text: t(`ar.roll_${verb}`, {
      dice, attacker: figureName(view, attacker), target: figureName(view, target) }) }));
    const total = el("p", { class: "ar-total" });
    const fine = (n) => Number.isInteger(n) && n >= 0 && n <= dice;
    const count = G.counter({ key: verb, label: t(`ar.count.${verb}`), start: 0, min: 0, max: dice, onchange: () => {
      total.textContent = fine(count.value()) ? t("ar.count_of", { n: count.value(), dice }) : t("ar.count_range", { dice });
      total.classList.toggle("error-text", !fine(count.value()));
    } });
    total.textContent = t("ar.count_of", { n: 0, dice });
    const send = el("button", { class: "btn", type: "button", id: "ar-count-send", text: t("pending.send"), onclick: () => {
      if (!fine(count.value())) {
        P.toast(t("ar.count_range", { dice }));
        return;
      }
      P.propose({ verb, args: { count: count.value() } });
    } });
    G.add(container, count.node, total, send);
    G.add(container, G.folded(t("ar.dice_change"), G.choices("", G.legal(view, "dice"), "secondary")));
  }

  /* Who goes first (seed 003): the rolls so far, round by round, then the roller's d20, typed
     from a real die or rolled on this phone. A number outside 1–20 is said here and not sent. */
  function d20Rounds(view) {
    const rounds = G.extra(view).d20 || [];
    if (!rounds.length || !Object.keys(rounds[0]).length) return null;
    return el("ul", { class: "ar-d20-rounds" }, ...rounds.filter((r) => Object.keys(r).length).map((rolls, i) =>
      el("li", {}, el("strong", { text: `${t("ar.d20.round", { round: i + 1 })}: ` }),
        Object.entries(rolls).map(([seat, n]) => `${P.seat(seat).name} ${n}`).join(" · "))));
  }

  function firstRollEntry(container, pending) {
    const seat = pending.seat;
    G.add(container, el("h4", { class: "og-group-title", text: t("ar.d20.title") }));
    const fine = (n) => Number.isInteger(n) && n >= 1 && n <= 20;
    const count = G.counter({ key: "d20", label: t("ar.d20.result"), start: 10, min: 1, max: 20 });
    const send = el("button", { class: "btn", type: "button", id: "ar-d20-send", text: t("pending.send"), onclick: () => {
      if (!fine(count.value())) {
        P.toast(t("ar.d20.range"));
        return;
      }
      P.propose({ verb: "first_roll", args: { seat, result: count.value() } });
    } });
    const roll = el("button", { class: "btn secondary", type: "button", id: "ar-d20-roll", text: t("ar.d20.roll"), onclick: () => {
      const draw = new Uint32Array(1);
      crypto.getRandomValues(draw);
      P.propose({ verb: "first_roll", args: { seat, result: 1 + (draw[0] % 20) } });
    } });
    G.add(container, count.node, send, roll);
  }

  /* A duel's d20 won (seed 003): its winner takes the first turn or lets the opponent go first. */
  function firstChoiceEntry(container, pending) {
    const { opponent, rolls } = pending.details;
    const last = rolls[rolls.length - 1];
    const said = Object.entries(last).map(([s, n]) => `${P.seat(s).name} ${n}`).join(" · ");
    G.add(container, el("p", { class: "ar-first-won", text: t("ar.first.won", { name: P.seat(pending.seat).name, rolls: said }) }));
    G.add(container, el("div", { class: "choices ar-first" },
      el("button", { class: "btn", type: "button", id: "ar-first-self",
        text: t("ar.first.self"), onclick: () => P.propose({ verb: "first_turn", args: { seat: pending.seat } }) }),
      el("button", { class: "btn secondary", type: "button", id: "ar-first-give",
        text: t("ar.first.give", { name: P.seat(opponent).name }), onclick: () => P.propose({ verb: "first_turn", args: { seat: opponent } }) })));
  }

  P.registerPieceNames("arena", (id, view) => (G.extra(view).names || {})[id] || null);
  P.registerPieceOwners("arena", (id, view) => (G.extra(view).owners || {})[id] || null);
  P.registerTerms("arena", term);
  P.registerStatus("arena", status);
  P.registerPrompt("arena", G.enginePrompt);
  P.registerBoard("arena", drawBoard);
  for (const kind of ["choose_army", "summon", "move"]) P.registerRenderer(`arena:${kind}`, stepEntry);
  P.registerRenderer("arena:attack", attackEntry);
  P.registerRenderer("arena:first_roll", firstRollEntry);
  P.registerRenderer("arena:first_choice", firstChoiceEntry);
  P.registerRenderer("arena:attack_dice", diceEntry);
  P.registerRenderer("arena:defence_dice", diceEntry);
})();
