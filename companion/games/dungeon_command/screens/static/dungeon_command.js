/* Dungeon Command on the panel: each warband's morale and leadership (a change shows beside the
   value as it happens), the levels in play against leadership (the deploy check), the creatures
   in play by name with their hit points, damage, tapping and conditions, the turn's four phases
   and the creature being activated, the camera's prompts for creatures taken off the map, and for
   each creature in play: damage taken (the attacking creature's melee and ranged numbers offered,
   or any amount in tens) or refused (cowering), with what it will do shown before it is sent;
   its hit points typed in from the card when unknown; tapping; and, folded away as card effects
   (order cards and creature powers the players read), healing, conditions and destruction. */
"use strict";

(() => {
  const P = window.Panel;
  const G = window.Games;
  const { t, el } = P;
  const PHASES = ["refresh", "activate", "deploy", "cleanup"];

  const TRACKS = ["morale", "leadership"];
  let seen = null; // { game, version, values: {seat: {track: n}}, changes: {seat: {track: ±n}} }

  function creature(view, label) { return (G.extra(view).names || {})[label] || label; }

  /* The label parameters of Dungeon Command's own kinds: a condition, a warband's track. */
  function term(kind, value) {
    if (kind === "condition") return t(`dc.condition.${value}`);
    if (kind === "track") return t(`dc.track.${value}`);
    return null;
  }

  function status(view) {
    const x = G.extra(view);
    return [
      [t("status.turn", { turn: x.turn }), t(x.phase === "over" ? "kind.game_over" : `kind.${x.phase}`)],
      [t("dc.morale"), x.warbands.map((w) => w.morale).join(" – ")],
    ];
  }

  function creatureList(items) {
    if (!items.length) return el("span", { class: "hint", text: t("dc.none") });
    return el("span", {}, items.map((c) => `${c.name} (${c.level})`).join(", "));
  }

  /* A creature in play on its warband's card: name and level, hit points left, tapped, marks. */
  function creatureLine(view, c) {
    const x = G.extra(view);
    const hp = c.hit_points === null ? t("dc.hp_unknown") : t("dc.hp", { left: c.hit_points - c.damage, total: c.hit_points });
    return el("li", { class: `dc-creature${c.tapped ? " tapped" : ""}${c.damage ? " wounded" : ""}${x.activating === c.label ? " activating" : ""}`,
      dataset: { label: c.label } },
      el("span", { class: "dc-name", text: `${c.name} (${c.level})` }),
      el("span", { class: `dc-hp${c.hit_points === null ? " unknown" : ""}`, text: hp }),
      c.tapped ? el("span", { class: "dc-badge dc-tapped", text: t("dc.tapped") }) : null,
      x.activating === c.label ? el("span", { class: "dc-badge dc-active", text: t("dc.activating") }) : null,
      ...c.conditions.map((id) => el("span", { class: "dc-badge dc-condition", text: t(`dc.condition.${id}`) })));
  }

  /* What the last action changed in each warband's morale and leadership, as this phone saw it:
     kept until the next action, so the change shows beside the value while it is news. */
  function trackChanges(view) {
    const x = G.extra(view);
    const values = Object.fromEntries(x.warbands.map((band) => [band.seat, { morale: band.morale, leadership: band.leadership }]));
    if (seen && seen.game === view.game_id && seen.version === view.version) return seen.changes;
    const changes = {};
    if (seen && seen.game === view.game_id && view.version === seen.version + 1) {
      for (const [seat, now] of Object.entries(values)) {
        for (const track of TRACKS) {
          const before = (seen.values[seat] || {})[track];
          if (before !== undefined && before !== now[track]) (changes[seat] = changes[seat] || {})[track] = now[track] - before;
        }
      }
    }
    seen = { game: view.game_id, version: view.version, values, changes };
    return changes;
  }

  function trackValue(band, track, change) {
    const value = el("strong", { class: `dc-${track}`, text: String(band[track]) });
    const delta = change ? el("span", { class: `dc-delta ${change < 0 ? "down" : "up"}`, dataset: { track },
      text: change > 0 ? `+${change}` : `−${-change}`, "aria-label": t(`dc.changed.${track}`, { change }) }) : null;
    return el("div", { class: "dc-track" }, el("small", { text: t(`dc.${track}`) }), el("div", { class: "dc-value" }, value, delta));
  }

  function warbandCard(view, band, changes) {
    const x = G.extra(view);
    const over = band.levels_in_play > band.leadership;
    const changed = changes[band.seat] || {};
    return el("div", { class: `dc-band${band.seat === x.active ? " active" : ""}`, dataset: { seat: band.seat }, style: { borderColor: P.seat(band.seat).colour } },
      el("div", { class: "dc-head" }, G.seatTag(band.seat), el("small", { text: band.commander })),
      el("div", { class: "dc-tracks" }, ...TRACKS.map((track) => trackValue(band, track, changed[track]))),
      el("p", { class: `dc-check${over ? " error-text" : ""}`, text: t("dc.deploy_check", {
        levels: band.levels_in_play, leadership: band.leadership, room: band.room }) }),
      el("p", { class: "dc-zone" }, el("small", { text: `${t("dc.in_play")}: ` }), band.battlefield.length ? null : creatureList([])),
      band.battlefield.length ? el("ul", { class: "dc-roster" }, ...band.battlefield.map((c) => creatureLine(view, c))) : null,
      band.destroyed.length ? el("p", { class: "dc-zone" }, el("small", { text: `${t("dc.destroyed")}: ` }), creatureList(band.destroyed)) : null);
  }

  /* A creature the camera no longer sees: destroyed (its morale loss) or put back. */
  function cameraPrompts(view) {
    return G.cameraPrompts(view,
      (p) => t("cp.destroy", { label: p.name || creature(view, p.subject), owner: P.seat(p.owner).name, at: G.lastSeen(p) }),
      (offer, p) => (p.loss === null ? t("cp.destroy.yes_unknown") : t("cp.destroy.yes", { loss: p.loss })),
      () => t("cp.destroy.no"));
  }

  function drawBoard(container, view) {
    const x = G.extra(view);
    const steps = el("ol", { class: "dc-phases" }, ...PHASES.map((phase) => el("li", {
      class: phase === x.phase ? "current" : "", text: t(`kind.${phase}`) })));
    container.replaceChildren(...[
      cameraPrompts(view),
      x.phase === "initial_deploy" ? el("p", { class: "dc-phase-now", text: t("kind.initial_deploy") }) : steps,
      ...x.warbands.map((band) => warbandCard(view, band, trackChanges(view))),
      G.ledMirror()].filter(Boolean));
  }

  /* The creatures in play, the ones the active player attacks (the other warband's) first. */
  function inPlay(view) {
    const x = G.extra(view);
    const bands = [...x.warbands].sort((a, b) => (a.seat === x.active) - (b.seat === x.active));
    return bands.flatMap((band) => band.battlefield.map((c) => ({ ...c, band })));
  }

  /* The creature being activated, when it attacks ``target``: its melee and ranged numbers. */
  function attacker(view, target) {
    const x = G.extra(view);
    if (!x.activating) return null;
    const found = inPlay(view).find((c) => c.label === x.activating);
    return found && found.band.seat !== target.band.seat ? found : null;
  }

  /* A creature in play: damage taken or refused, an amount in tens on a stepper or the keypad
     (the attacker's card numbers as buttons), what it will do shown before it is sent; its hit
     points typed from the card when unknown; tapping. */
  function creatureEntry(view, c) {
    const x = G.extra(view);
    const step = x.damage_step;
    const band = c.band;
    const left = c.hit_points === null ? null : c.hit_points - c.damage;
    const fine = (n) => Number.isInteger(n) && n > 0 && n % step === 0;
    const parts = [el("strong", { text: `${c.name} (${c.level})` }), el("span", { class: `dc-hp${left === null ? " unknown" : ""}`, text:
      left === null ? t("dc.hp_unknown") : t("dc.hp", { left, total: c.hit_points }) })];
    let hpEntry = null;
    if (left === null) {
      const hp = G.counter({ key: `hp-${c.label}`, label: t("dc.hp_from_card"), start: step, min: step, step });
      const send = el("button", { class: "btn small dc-hp-send", type: "button", text: t("dc.hp_set"), onclick: () => {
        const offer = G.offered(view, "hit_points", { label: c.label, value: hp.value() });
        if (!fine(hp.value()) || !offer) { P.toast(t("dc.hp_tens", { step })); return; }
        P.propose(offer);
      } });
      hpEntry = el("div", { class: "dc-hp-entry" }, el("p", { class: "hint", text: t("dc.hp_needed") }), hp.node, send);
    }
    const outcome = el("p", { class: "hint dc-outcome" });
    const cost = el("p", { class: "hint dc-cost" });
    const amount = G.counter({ key: c.label, label: t("dc.damage"), start: step, min: step, step, onchange: () => update() });
    const update = () => {
      const n = amount.value();
      const ok = fine(n);
      const loss = ok ? n / step + band.cower_extra : null;
      cost.textContent = ok ? t("dc.cower_cost", { name: P.seat(band.seat).name, loss, from: band.morale, to: band.morale - loss })
        : t("dc.damage_tens", { step });
      cost.classList.toggle("error-text", !ok);
      outcome.textContent = !ok || left === null ? "" : n >= left
        ? t("dc.destroys", { name: P.seat(band.seat).name, loss: c.level, from: band.morale, to: band.morale - c.level })
        : t("dc.hp_after", { left: left - n, total: c.hit_points });
    };
    const take = (n) => {
      if (!fine(n)) { P.toast(t("dc.damage_tens", { step })); return; }
      if (left === null) { P.toast(t("dc.hp_needed")); return; }
      const offer = G.offered(view, "damage", { label: c.label, amount: Math.min(n, left) });
      if (!offer) { P.toast(t("dc.damage_refused")); return; }
      P.propose(offer);
    };
    const hit = el("button", { class: "btn small dc-take", type: "button", text: t("dc.take"), disabled: left === null,
      onclick: () => take(amount.value()) });
    const cower = el("button", { class: "btn secondary small dc-cower", type: "button", text: t("dc.cower"), onclick: () => {
      const n = amount.value();
      if (!fine(n)) { P.toast(t("dc.damage_tens", { step })); return; }
      P.propose({ verb: "cower", args: { label: c.label, damage: n } });
    } });
    update();
    const from = attacker(view, c);
    const attacks = from && left !== null ? Object.entries(from.attacks).map(([kind, n]) => el("button", {
      class: "btn choice small dc-attack", type: "button", dataset: { kind, amount: String(n) },
      text: t("dc.attack", { kind: t(`dc.${kind}`), amount: n, name: from.name }) + (n >= left ? ` — ${t("dc.destroyed_short")}` : ""),
      onclick: () => take(n) })) : [];
    const tapping = ["tap", "untap"].map((verb) => G.offered(view, verb, { label: c.label })).filter(Boolean);
    return el("div", { class: `dc-target${c.tapped ? " tapped" : ""}${c.damage ? " wounded" : ""}`, dataset: { label: c.label, seat: band.seat } },
      el("div", { class: "dc-target-head" }, ...parts, G.seatTag(band.seat)),
      hpEntry,
      attacks.length ? el("div", { class: "choices dc-attacks" }, ...attacks) : null,
      el("div", { class: "dc-loss", dataset: { label: c.label } },
        el("div", { class: "dc-cowering" }, amount.node, hit, cower), outcome, cost),
      tapping.length ? el("div", { class: "choices" }, ...tapping.map((offer) => G.actionButton(offer, "secondary small"))) : null);
  }

  /* What order cards and creature powers do, entered by hand: healing, conditions, untapping,
     destruction outright, the morale and leadership markers. */
  function cardEffects(view) {
    const rows = inPlay(view).map((c) => {
      const heals = G.legal(view, "heal").filter((offer) => offer.args.label === c.label);
      const marks = G.legal(view, "mark", "clear").filter((offer) => offer.args.label === c.label);
      const gone = G.legal(view, "destroyed").filter((offer) => offer.args.label === c.label);
      return el("div", { class: "dc-effects", dataset: { label: c.label } },
        el("strong", { text: c.name }),
        heals.length ? el("div", { class: "choices" }, ...heals.map((offer) => G.actionButton(offer, "secondary small"))) : null,
        el("div", { class: "choices" }, ...[...marks, ...gone].map((offer) => G.actionButton(offer, "secondary small"))));
    });
    const markers = G.choices(t("dc.adjust"), G.legal(view, "adjust"), "secondary");
    if (!rows.length && !markers) return null;
    return G.folded(t("dc.card_effects"), el("p", { class: "hint", text: t("dc.card_effects_hint") }), ...rows, markers);
  }

  function activation(view) {
    const x = G.extra(view);
    if (x.phase !== "activate") return null;
    const now = x.activating ? el("p", { class: "dc-activating", text: t("dc.activating_now", { name: creature(view, x.activating) }) }) : null;
    const next = G.choices(t("dc.activate_pick"), G.legal(view, "activate"));
    return now || next ? el("div", { class: "dc-activation" }, now, next) : null;
  }

  function stepEntry(container, pending, view) {
    G.add(container, G.choices(t("dc.deploy_pick", { room: pending.details.room }), G.legal(view, "deploy")));
    G.add(container, activation(view));
    G.add(container, G.choices("", G.legal(view, "next")));
    const fighting = pending.kind === "initial_deploy" ? [] : inPlay(view).map((c) => creatureEntry(view, c));
    if (fighting.length) G.add(container, el("div", { class: "og-group dc-losses" }, el("h4", { class: "og-group-title", text: t("dc.losses") }), ...fighting));
    G.add(container, cardEffects(view));
  }

  P.registerPieceNames("dungeon_command", (id, view) => (G.extra(view).names || {})[id] || null);
  P.registerPieceOwners("dungeon_command", (id, view) => (G.extra(view).owners || {})[id] || null);
  P.registerTerms("dungeon_command", term);
  P.registerStatus("dungeon_command", status);
  P.registerPrompt("dungeon_command", G.enginePrompt);
  P.registerBoard("dungeon_command", drawBoard);
  for (const kind of ["initial_deploy", ...PHASES]) P.registerRenderer(`dungeon_command:${kind}`, stepEntry);
})();
