/* Dungeon Command on the panel: each warband's morale and leadership (a change shows beside the
   value as it happens), the levels in play against leadership (the deploy check), the creatures
   in play by name, the turn's four phases, the camera's prompts for creatures taken off the map,
   and each creature's losses: destroyed, or damage refused (cowering) entered as a number in the
   tens the rule allows, with the morale it will cost shown before it is sent. */
"use strict";

(() => {
  const P = window.Panel;
  const G = window.Games;
  const { t, el } = P;
  const PHASES = ["refresh", "activate", "deploy", "cleanup"];

  const TRACKS = ["morale", "leadership"];
  let seen = null; // { game, version, values: {seat: {track: n}}, changes: {seat: {track: ±n}} }

  function level(view, label) { return (G.extra(view).levels || {})[label]; }
  function creature(view, label) { return (G.extra(view).names || {})[label] || label; }

  function label(text, view) {
    const [verb, a, b, c] = text.split(" ");
    switch (verb) {
      case "deploy": return t("dc.action.deploy", { label: creature(view, a), level: level(view, a) });
      case "destroyed": return t("dc.action.destroyed", { label: creature(view, a) });
      case "cower": return t("dc.action.cower", { label: creature(view, a), damage: b });
      case "next": return t("dc.action.next");
      case "adjust": return t("dc.action.adjust", { name: P.seat(a).name, track: t(`dc.track.${b}`), change: c });
      default: return text;
    }
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
      el("p", { class: "dc-zone" }, el("small", { text: `${t("dc.in_play")}: ` }), creatureList(band.battlefield)),
      band.destroyed.length ? el("p", { class: "dc-zone" }, el("small", { text: `${t("dc.destroyed")}: ` }), creatureList(band.destroyed)) : null);
  }

  /* A creature the camera no longer sees: destroyed (its morale loss) or put back. */
  function cameraPrompts(view) {
    return G.cameraPrompts(view,
      (p) => t("cp.destroy", { label: p.name || creature(view, p.subject), owner: P.seat(p.owner).name, at: G.lastSeen(p) }),
      (action, p) => (p.loss === null ? t("cp.destroy.yes_unknown") : t("cp.destroy.yes", { loss: p.loss })),
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

  /* Creatures in play: destroyed (its level in morale), or damage refused — a number in tens on
     a stepper or the keypad, with the morale it costs shown before it is sent. */
  function losses(view) {
    const x = G.extra(view);
    const step = x.damage_step;
    const byLabel = {};
    for (const text of G.legal(view, "destroyed", "cower")) {
      const [verb, label, damage] = text.split(" ");
      const entry = (byLabel[label] = byLabel[label] || { destroyed: null, most: 0 });
      if (verb === "destroyed") entry.destroyed = text;
      else entry.most = Math.max(entry.most, Number(damage));
    }
    const owner = (label) => x.warbands.find((band) => band.battlefield.some((c) => c.label === label));
    return Object.entries(byLabel).map(([label, entry]) => {
      const band = owner(label);
      const cost = el("p", { class: "hint dc-cost" });
      const damage = G.counter({ key: label, label: t("dc.damage"), start: 0, min: 0, step, onchange: () => update() });
      const update = () => {
        const amount = damage.value();
        const fine = Number.isInteger(amount) && amount > 0 && amount % step === 0;
        const loss = fine ? amount / step + band.cower_extra : null;
        cost.textContent = fine ? t("dc.cower_cost", { name: P.seat(band.seat).name, loss, from: band.morale, to: band.morale - loss })
          : t("dc.damage_tens", { step });
        cost.classList.toggle("error-text", !fine);
      };
      const cower = el("button", { class: "btn secondary small dc-cower", type: "button", text: t("dc.cower"), onclick: () => {
        const amount = damage.value();
        if (!(Number.isInteger(amount) && amount > 0 && amount % step === 0)) {
          P.toast(t("dc.damage_tens", { step }));
          return;
        }
        P.propose(`cower ${label} ${amount}`);
      } });
      update();
      return el("div", { class: "dc-loss", dataset: { label } },
        el("strong", { text: t("dc.creature_level", { name: creature(view, label), level: level(view, label) }) }),
        entry.destroyed ? el("div", { class: "choices" }, G.actionButton(entry.destroyed, "secondary small")) : null,
        el("div", { class: "dc-cowering" }, damage.node, cower), cost);
    });
  }

  function stepEntry(container, pending, view) {
    G.add(container, G.choices(t("dc.deploy_pick", { room: pending.details.room }), G.legal(view, "deploy")));
    G.add(container, G.choices("", G.legal(view, "next")));
    const hurt = losses(view);
    if (hurt.length) G.add(container, el("div", { class: "og-group dc-losses" }, el("h4", { class: "og-group-title", text: t("dc.losses") }), ...hurt));
    G.add(container, G.folded(t("dc.adjust"), G.choices("", G.legal(view, "adjust"), "secondary")));
  }

  P.registerPieceNames("dungeon_command", (id, view) => (G.extra(view).names || {})[id] || null);
  P.registerPieceOwners("dungeon_command", (id, view) => (G.extra(view).owners || {})[id] || null);
  P.registerLabels("dungeon_command", label);
  P.registerStatus("dungeon_command", status);
  P.registerPrompt("dungeon_command", G.enginePrompt);
  P.registerBoard("dungeon_command", drawBoard);
  for (const kind of ["initial_deploy", ...PHASES]) P.registerRenderer(`dungeon_command:${kind}`, stepEntry);
})();
