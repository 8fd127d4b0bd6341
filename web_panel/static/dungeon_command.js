/* Dungeon Command on the panel: each warband's morale and leadership, the levels in play against
   leadership (the deploy check), the creatures in play, the turn's four phases and the camera's
   prompts for creatures taken off the map. */
"use strict";

(() => {
  const P = window.Panel;
  const G = window.Games;
  const { t, el } = P;
  const PHASES = ["refresh", "activate", "deploy", "cleanup"];

  function level(view, label) { return (G.extra(view).levels || {})[label]; }

  function label(text, view) {
    const [verb, a, b, c] = text.split(" ");
    switch (verb) {
      case "deploy": return t("dc.action.deploy", { label: a, level: level(view, a) });
      case "destroyed": return t("dc.action.destroyed", { label: a });
      case "cower": return t("dc.action.cower", { label: a, damage: b });
      case "next": return t("dc.action.next");
      case "adjust": return t("dc.action.adjust", { name: P.seat(a).name, track: t(`dc.track.${b}`), change: c });
      default: return text;
    }
  }

  function status(view) {
    const x = G.extra(view);
    return [
      [t("status.turn", { turn: x.turn }), t(`kind.${x.phase}`)],
      [t("dc.morale"), x.warbands.map((w) => w.morale).join(" – ")],
    ];
  }

  function creatureList(items) {
    if (!items.length) return el("span", { class: "hint", text: t("dc.none") });
    return el("span", {}, items.map((c) => `${c.label} (${c.level})`).join(", "));
  }

  function warbandCard(view, band) {
    const x = G.extra(view);
    const over = band.levels_in_play > band.leadership;
    return el("div", { class: `dc-band${band.seat === x.active ? " active" : ""}`, dataset: { seat: band.seat }, style: { borderColor: P.seat(band.seat).colour } },
      el("div", { class: "dc-head" }, G.seatTag(band.seat), el("small", { text: band.commander })),
      el("div", { class: "dc-tracks" },
        el("div", { class: "dc-track" }, el("small", { text: t("dc.morale") }), el("strong", { class: "dc-morale", text: String(band.morale) })),
        el("div", { class: "dc-track" }, el("small", { text: t("dc.leadership") }), el("strong", { class: "dc-leadership", text: String(band.leadership) }))),
      el("p", { class: `dc-check${over ? " error-text" : ""}`, text: t("dc.deploy_check", {
        levels: band.levels_in_play, leadership: band.leadership, room: band.room }) }),
      el("p", { class: "dc-zone" }, el("small", { text: `${t("dc.in_play")}: ` }), creatureList(band.battlefield)),
      band.destroyed.length ? el("p", { class: "dc-zone" }, el("small", { text: `${t("dc.destroyed")}: ` }), creatureList(band.destroyed)) : null);
  }

  /* A creature the camera no longer sees: destroyed (its morale loss) or put back. */
  function cameraPrompts(view) {
    return G.cameraPrompts(view,
      (p) => t("cp.destroy", { label: p.subject, owner: P.seat(p.owner).name, at: G.lastSeen(p) }),
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
      ...x.warbands.map((band) => warbandCard(view, band)),
      G.ledMirror()].filter(Boolean));
  }

  /* Creatures in play: a destroyed button and the cowering amounts for each. */
  function losses(view) {
    const byLabel = {};
    for (const text of G.legal(view, "destroyed", "cower")) {
      const creature = text.split(" ")[1];
      (byLabel[creature] = byLabel[creature] || []).push(text);
    }
    return Object.entries(byLabel).map(([creature, actions]) => el("div", { class: "dc-loss", dataset: { label: creature } },
      el("strong", { text: `${creature} (${level(view, creature)})` }),
      el("div", { class: "choices" }, ...actions.map((text) => G.actionButton(text, "secondary small")))));
  }

  function stepEntry(container, pending, view) {
    G.add(container, G.choices(t("dc.deploy_pick", { room: pending.details.room }), G.legal(view, "deploy")));
    G.add(container, G.choices("", G.legal(view, "next")));
    G.add(container, G.folded(t("dc.losses"), losses(view)));
    G.add(container, G.folded(t("dc.adjust"), G.choices("", G.legal(view, "adjust"), "secondary")));
  }

  P.registerLabels("dungeon_command", label);
  P.registerStatus("dungeon_command", status);
  P.registerPrompt("dungeon_command", G.enginePrompt);
  P.registerBoard("dungeon_command", drawBoard);
  for (const kind of ["initial_deploy", ...PHASES]) P.registerRenderer(`dungeon_command:${kind}`, stepEntry);
})();
