/* Dreamblade's rich views on top of the generic panel: the 5×5 board, the status chips, readable
   labels for action notations, and decision helpers (initiative and attack dice entry, spawning,
   shifting, damage splitting, placing a disrupted creature, conquest). Everything offered comes
   from the engine's pending decision, its legal actions and its query results. */
"use strict";

(() => {
  const P = window.Panel;
  const { t, el } = P;
  const COLUMNS = ["a", "b", "c", "d", "e"];
  // what the player picked on this phone, kept while the game stays at the same version
  let pick = { version: null, mini: null };

  function extra(view) { return view.extra || {}; }

  function miniName(view, id) {
    const piece = extra(view).pieces && extra(view).pieces[id];
    if (!piece) return id;
    const copies = Object.values(extra(view).pieces)
      .filter((p) => p.catalog_id === piece.catalog_id && p.owner === piece.owner).length;
    return copies > 1 ? `${piece.name} #${piece.copy}` : piece.name;
  }

  function faceName(face) {
    return P.has(`face.${face}`) ? t(`face.${face}`) : face;
  }

  /* An ability's short name in notation (``double-warpstrike``) as printed on the miniature
     (``Double Warpstrike``, or a manual line's own words). */
  function abilityName(slug, view = null, mini = null) {
    const piece = view && mini && extra(view).pieces[mini];
    const slugOf = (text) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
    for (const [index, line] of (piece ? piece.abilities : []).entries()) {
      const body = line.replace(/^manual:\s*/i, "").replace(/^[^:]*:\s*/, "");
      if (slugOf(body) !== slug && !slugOf(body).startsWith(`${slug}-`)) continue;
      const own = shippedLine(piece, index);
      return own ? own.replace(/^[^:：]*[:：]\s*/, "") : body;
    }
    return slug.split("-").map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(" ");
  }

  /* The shipped text of a piece's printed line in the page's language (an ability the players
     apply, said in Japanese), or null. */
  function shippedLine(piece, index) {
    const texts = piece.texts && piece.texts[window.Page.boot.lang];
    return (texts && texts.abilities && texts.abilities[index]) || null;
  }

  /* A printed ability line as the card shows it: its shipped text in the page's language where
     there is one, else the line with its activation in the page's language ("マルチブレード:
     Advance") and the keyword as printed; "manual:" is said by the card's own note. */
  function abilityLine(piece, index) {
    const own = shippedLine(piece, index);
    if (own) return own;
    const body = piece.abilities[index].replace(/^manual:\s*/i, "");
    const [, activation, keyword] = body.match(/^((?:double-)?(?:multi-)?blade):\s*(.*)$/i) || [];
    const key = activation && `mf.activation.${activation.toLowerCase()}`;
    return key && P.has(key) ? `${t(key)}: ${keyword}` : body;
  }

  /* The label parameters of Dreamblade's own kinds (the engine labels every action): die
     faces, a damage split, an ability as its miniature prints it, a target (a miniature or a
     cell), a stat. */
  function term(kind, value, view) {
    switch (kind) {
      case "faces": return value.length ? value.map(faceName).join(" ") : "–";
      case "damage_split": return value.map(([id, n]) => `${miniName(view, id)} ${n}`).join(", ");
      case "ability": return [abilityName(value.slug, view, value.mini), value.x, ...value.args.map((arg) => miniName(view, arg))]
        .filter((part) => part !== null && part !== undefined).join(" ");
      case "target": return miniName(view, value);
      case "stat": return P.has(`db.stat.${value}`) ? t(`db.stat.${value}`) : value;
      default: return null;
    }
  }

  function status(view) {
    const x = extra(view);
    const parts = [[t("status.turn", { turn: x.turn }), t(`phase.${x.phase}`)]];
    if (x.phase === "action" && x.phase_seat) {
      parts.push([t("phase.action"), t("status.action_round", { name: P.seat(x.phase_seat).name, round: x.action_round })]);
    }
    if (x.phase === "spawn" && x.phase_seat) {
      parts.push([t("status.spawn_points"), String(x.spawn_points[x.phase_seat])]);
    }
    const score = (table) => view.seats.map((s) => table[s.seat]).join(" – ");
    parts.push([t("status.turn_wins_to", { n: x.turn_wins_to_win }), score(x.turn_wins)]);
    parts.push([t("status.tally"), score(x.tally)]);
    return parts;
  }

  // -- the board ------------------------------------------------------------------------------

  /* Cells the current decision lets this phone tap, and the offer tapping sends: the picked
     miniature's spawn, move or placement there, or a fight in that cell. */
  function cellTargets(view) {
    const targets = {};
    for (const offer of P.offers(view, "spawn", "move", "place")) {
      if (pick.mini && offer.args.mini === pick.mini) targets[offer.args.cell] = offer;
    }
    for (const offer of P.offers(view, "fight")) {
      if (!offer.args.attackers.length) targets[offer.args.cell] = offer;
    }
    return targets;
  }

  function drawBoard(container, view) {
    const x = extra(view);
    const flip = P.state.me.seat === "B"; // each player sees their own side at the bottom
    const rows = flip ? [1, 2, 3, 4, 5] : [5, 4, 3, 2, 1];
    const columns = flip ? COLUMNS.slice().reverse() : COLUMNS;
    const targets = correctionTargets(view) || (P.canAct(view.pending) ? cellTargets(view) : {});
    // a cell's lit LEDs frame it; an unlit one (black) draws nothing, as on the real map
    const lit = (cell) => {
      const colour = P.state.leds[cell];
      return colour && !/^#0{6}$/.test(colour) ? colour : "";
    };
    const grid = el("div", { class: "db-board", role: "grid" });
    for (const row of rows) {
      for (const column of columns) {
        const cell = `${column}${row}`;
        const minis = x.board[cell] || [];
        const claim = x.claims[cell];
        const value = [x.scoring.A, x.scoring.B].map((s) => s && s[cell]).find((v) => v !== undefined);
        const isKey = Object.keys(x.scoring.A).includes(cell) || Object.keys(x.scoring.B).includes(cell);
        const portal = Object.entries(x.portals).find(([, c]) => c === cell);
        const classes = ["db-cell"];
        if (isKey) classes.push("key");
        if (x.contested.includes(cell)) classes.push("contested");
        if (targets[cell]) classes.push("target");
        const node = el("div", {
          class: classes.join(" "), role: "gridcell", dataset: { cell },
          style: {
            borderColor: claim ? P.seat(claim).colour : "",
            boxShadow: lit(cell) ? `inset 0 0 0 4px ${lit(cell)}` : "",
          },
          onclick: targets[cell] ? () => sendFromBoard(targets[cell]) : null,
        },
        el("span", { class: "db-name", text: cell }),
        isKey ? el("span", { class: "db-value", text: value === null ? "?" : String(value) }) : null,
        portal ? el("span", { class: "db-portal", style: { color: P.seat(portal[0]).colour }, text: "◎" }) : null,
        ...minis.map((m) => el("span", {
          class: `db-mini${m.kind === "location" ? " location" : ""}${x.engaged.includes(m.id) ? " engaged" : ""}`,
          style: { background: P.seat(m.owner).colour },
          title: miniName(view, m.id),
          dataset: { mini: m.id },
          text: `${miniName(view, m.id)}${m.damage ? ` ✖${m.damage}` : ""}`,
          onclick: targets[cell] ? null : (event) => { event.stopPropagation(); showMini(view, m); },
        })));
        grid.append(node);
      }
    }
    const legend = [];
    if (x.map.provisional) legend.push(el("p", { class: "hint", text: t("db.provisional_map") }));
    const listed = (values) => Object.entries(values).map(([cell, value]) => `${cell} ${value}`).join(" · ");
    if (Object.keys(x.map.agreed).length) legend.push(el("p", { class: "hint map-agreed", text: t("db.agreed_values", { values: listed(x.map.agreed) }) }));
    if (Object.keys(x.map.judge).length) legend.push(el("p", { class: "hint map-judge", text: t("db.judge_values", { values: listed(x.map.judge) }) }));
    for (const s of view.seats) {
      const reserve = x.reserve[s.seat].map((r) => miniName(view, r.id)).join(", ") || "–";
      const graveyard = x.graveyard[s.seat].map((id) => miniName(view, id)).join(", ") || "–";
      legend.push(el("p", { class: "db-zones", style: { borderColor: s.colour } },
        el("strong", { text: s.name }), " ",
        el("span", { text: `${t("db.reserve")}: ${reserve}` }), " · ",
        el("span", { text: `${t("db.graveyard")}: ${graveyard}` })));
    }
    // the LED mirror redraws the board often: the manual card is kept (with what was picked in it)
    // until the game moves on
    const key = `${view.game_id}.${view.version}.${P.state.me.seat}.${P.state.me.judge}`;
    let shown = manualShown.get(container);
    if (!shown || shown.key !== key) {
      shown = { key, nodes: manualCard(view) };
      manualShown.set(container, shown);
    }
    container.replaceChildren(grid, ...legend, ...shown.nodes);
  }

  // per board drawn (the hub's wall draws many tables' boards)
  const manualShown = new WeakMap();

  /* After an ability the engine does not apply: the controls its seat (or the judge) uses to
     apply the effect. Other phones only read whose effect is open. */
  function manualCard(view) {
    const manual = extra(view).manual;
    if (!manual) return [];
    const owner = P.seat(manual.seat).name;
    if (!(P.state.me.judge || P.state.me.seat === manual.seat)) {
      return [el("p", { class: "hint db-manual-other", text: t("db.manual_other", { name: owner }) })];
    }
    const pick = (ids, cls) => el("select", { class: cls, "aria-label": t("judge.fix.mini") },
      ...ids.map((id) => el("option", { value: id, text: miniName(view, id) })));
    const amount = (cls, min) => el("input", { type: "number", class: cls, min: String(min), max: String(manual.max), value: "1", inputmode: "numeric",
      style: { flex: "0 0 4.5em", minWidth: "0" }, "aria-label": t("db.manual_amount") });
    const send = (key, make, cls) => el("button", { class: `btn secondary small ${cls}`, type: "button", text: t(key), onclick: () => {
      const action = make();
      if (action) P.propose(action);
    } });
    const about = (verb, who) => () => ({ verb, args: { mini: who.value } });
    const rows = [];
    if (manual.creatures.length) {
      const who = pick(manual.creatures, "manual-hurt-mini");
      const n = amount("manual-hurt-n", 1);
      rows.push(el("div", { class: "row" }, who, n, send("db.manual_hurt", () => ({ verb: "hurt", args: { mini: who.value, amount: Number(n.value) } }), "manual-hurt")));
    }
    if (manual.enemies.length) {
      const who = pick(manual.enemies, "manual-eliminate-mini");
      rows.push(el("div", { class: "row" }, who, send("db.manual_eliminate", about("eliminate", who), "manual-eliminate")));
    }
    if (manual.own.length) {
      const who = pick(manual.own, "manual-own-mini");
      rows.push(el("div", { class: "row" }, who, send("db.manual_sacrifice", about("sacrifice", who), "manual-sacrifice"),
        send("db.manual_self_destroy", about("self_destroy", who), "manual-self-destroy")));
    }
    if (manual.on_map.length) {
      const who = pick(manual.on_map, "manual-return-mini");
      rows.push(el("div", { class: "row" }, who, send("db.manual_return", about("return_to_reserve", who), "manual-return")));
    }
    const movers = Object.keys(manual.relocations);
    if (movers.length) {
      const who = pick(movers, "manual-relocate-mini");
      const cell = el("select", { class: "manual-relocate-cell", "aria-label": t("judge.fix.cell") });
      const cells = () => cell.replaceChildren(...manual.relocations[who.value].map((c) => el("option", { value: c, text: c })));
      who.addEventListener("change", cells);
      cells();
      rows.push(el("div", { class: "row" }, who, cell, send("db.manual_relocate", () => ({ verb: "relocate", args: { mini: who.value, cell: cell.value } }), "manual-relocate")));
    }
    const seatPick = el("select", { class: "manual-points-seat", "aria-label": t("judge.fix.seat") },
      ...view.seats.map((s) => el("option", { value: s.seat, text: s.name })));
    const points = amount("manual-points-n", -manual.max);
    rows.push(el("div", { class: "row" }, seatPick, points, send("db.manual_points", () => {
      const n = Number(points.value);
      return Number.isInteger(n) && n !== 0 ? { verb: "adjust_points", args: { seat: seatPick.value, amount: n } } : null;
    }, "manual-points")));
    return [el("section", { class: "db-manual" },
      el("h3", { text: t("db.manual_title", { name: owner }) }),
      el("p", { class: "hint", text: t("db.manual_hint") }), ...rows)];
  }

  /* What an ability line does, in our words, for the keywords the engine applies: the message of
     its keyword, with the line's number and type as the engine read them (``ability_help``). */
  function abilityHelp(help) {
    return help && P.has(help.key) ? t(help.key, { n: help.n, type: help.type }) : t("ability.manual");
  }

  /* A stat now, and why when it is not the printed one: "Defense 8 (6 printed, +2 Bolster from
     Sir Glorious)". */
  function statLine(view, stat, reasons) {
    const name = t(`db.stat.${stat}`);
    if (!reasons.changes.length) return t("db.stat_now", { stat: name, value: reasons.value });
    const signed = (n) => (n > 0 ? `+${n}` : String(n));
    const changes = reasons.changes.map((c) => (c.source
      ? t("db.change", { amount: signed(c.amount), keyword: c.keyword, source: miniName(view, c.source) })
      : t("db.change_judge", { amount: signed(c.amount) }))).join(t("db.change_joiner"));
    return t("db.stat_why", { stat: name, value: reasons.value, printed: reasons.printed, changes });
  }

  /* A creature's stats: in play, as they are now with their reasons and the damage that
     disrupts and destroys it; in the reserve, as printed. */
  function statLines(view, piece, mini) {
    const stat = (value) => (value === null || value === undefined ? "?" : String(value));
    if (!piece.now) {
      return [el("p", { text: t("db.stats", {
        power: stat(piece.power), defense: stat(piece.defense), life: stat(piece.life), damage: mini.damage || 0,
      }) })];
    }
    const now = piece.now;
    return [
      el("p", { class: "db-stat", dataset: { stat: "power" }, text: statLine(view, "power", now.power) }),
      el("p", { class: "db-stat", dataset: { stat: "defense" }, text: statLine(view, "defense", now.defense) }),
      el("p", { class: "db-stat", dataset: { stat: "life" }, text: statLine(view, "life", now.life) }),
      el("p", { class: "db-stat", dataset: { stat: "damage" }, text: t("db.damage_thresholds", {
        damage: now.damage, disrupt: now.disrupted_at, destroy: now.destroyed_at }) }),
    ];
  }

  function showMini(view, mini) {
    const piece = extra(view).pieces[mini.id];
    const dialog = document.getElementById("mini-info") || document.body.appendChild(
      el("dialog", { id: "mini-info", class: "confirm" }));
    dialog.replaceChildren(...[
      el("h3", { text: miniName(view, mini.id) }),
      el("p", { class: "hint", text: `${P.seat(piece.owner, view).name} · ${t(`db.kind.${piece.kind}`)}` }),
      ...(piece.kind === "creature" ? statLines(view, piece, mini) : []),
      el("ul", { class: "abilities" }, ...piece.abilities.map((line, i) =>
        el("li", {}, el("strong", { text: abilityLine(piece, i) }), " — ", abilityHelp((piece.ability_help || [])[i])))),
      piece.manual ? el("p", { class: "hint", text: t("db.manual") }) : null,
      el("button", { class: "btn secondary", type: "button", text: t("confirm.close"), onclick: () => dialog.close() }),
    ].filter(Boolean));
    dialog.showModal();
  }

  // -- decision helpers -----------------------------------------------------------------------

  function resetPickIfStale(view) {
    if (pick.version !== view.version) pick = { version: view.version, mini: null };
  }

  function button(text, onclick, extraClass = "") {
    return el("button", { class: `btn ${extraClass}`.trim(), type: "button", text, onclick });
  }

  /* A button for one of the view's offers (none when it is not offered). */
  function actionButton(view, offer, extraClass = "") {
    if (!offer) return null;
    return el("button", {
      class: `btn choice ${extraClass}`.trim(), type: "button", dataset: { action: offer.notation, verb: offer.verb },
      text: P.actionLabel(offer, view), onclick: () => P.propose(offer),
    });
  }

  function offerOf(view, verb) {
    return P.offers(view, verb)[0] || null;
  }

  /* Pick a miniature, then one of the cells the engine lists for it (also tappable on the board). */
  function pickThenCell(verb, describe) {
    return (container, pending, view) => {
      resetPickIfStale(view);
      const cellsOf = {}; // miniature → its offers of this verb (one per cell)
      for (const offer of P.offers(view, verb)) {
        (cellsOf[offer.args.mini] = cellsOf[offer.args.mini] || []).push(offer);
      }
      const minis = describe(view, pending, cellsOf);
      const list = el("div", { class: "db-minis" });
      for (const { id, note, allowed } of minis) {
        list.append(el("button", {
          class: `btn secondary db-pick${pick.mini === id ? " selected" : ""}`, type: "button",
          dataset: { mini: id }, disabled: !allowed,
          onclick: () => { pick = { version: view.version, mini: id }; P.rerender(); },
        }, el("span", { text: miniName(view, id) }), note ? el("small", { text: note }) : null));
      }
      container.append(list);
      if (pick.mini && cellsOf[pick.mini]) {
        container.append(el("p", { class: "hint", text: t("db.tap_cell") }));
        const cells = el("div", { class: "choices" });
        for (const offer of cellsOf[pick.mini]) cells.append(actionButton(view, offer));
        container.append(cells);
      }
      const abilities = P.offers(view, "use_ability");
      if (abilities.length) {
        container.append(el("p", { class: "hint", text: t("db.spawn_abilities") }),
          el("div", { class: "choices db-abilities" }, ...abilities.map((offer) => actionButton(view, offer, "secondary"))));
      }
      const done = offerOf(view, "done");
      if (done) container.append(actionButton(view, done, "secondary"));
    };
  }

  /* A reserve miniature's spawn cost now, and why when it is not the printed one: "5 (4 printed,
     +1 for aspects you lack)". */
  function costText(r) {
    const why = r.cost_why;
    if (!why || !why.changes.length) return String(r.cost);
    const signed = (n) => (n > 0 ? `+${n}` : String(n));
    const changes = why.changes.map((c) => t(`db.cost_change.${c.keyword}`, { amount: signed(c.amount) }))
      .join(t("db.change_joiner"));
    return t("db.cost_why", { value: why.value, printed: why.printed, changes });
  }

  /* Why a reserve miniature cannot be spawned now, in the rule's own words (the engine names the
     rule; a rule without words here says only that it cannot). */
  function cannotSpawn(view, seat, r) {
    const why = `db.spawn_why.${r.blocked}`;
    if (!r.blocked || !P.has(why)) return t("db.cost_cannot", { cost: costText(r) });
    return t("db.cost_blocked", { cost: costText(r), why: t(why, { left: extra(view).spawn_points[seat] }) });
  }

  const spawnHelper = pickThenCell("spawn", (view, pending, cellsOf) => {
    const x = extra(view);
    return x.reserve[pending.seat].map((r) => ({
      id: r.id,
      allowed: Boolean(cellsOf[r.id]),
      note: r.cost === null ? t("db.stats_unknown")
        : cellsOf[r.id] ? t("db.cost_cells", { cost: costText(r), cells: cellsOf[r.id].map((o) => o.args.cell).join(" ") })
          : cannotSpawn(view, pending.seat, r),
    }));
  });

  const shiftPicker = pickThenCell("move", (view, pending, cellsOf) =>
    Object.keys(pending.details.movable).map((id) => ({
      id, allowed: Boolean(cellsOf[id]), note: (cellsOf[id] || []).map((o) => o.args.cell).join(" "),
    })));

  function shiftHelper(container, pending, view) {
    container.append(...whyLines(view));
    shiftPicker(container, pending, view);
  }

  const placeHelper = pickThenCell("place", (view, pending, cellsOf) =>
    pending.details.creatures.map((id) => ({ id, allowed: Boolean(cellsOf[id]), note: "" })));

  /* A row of −/+ steppers; returns the counts object, calling onchange after each tap. */
  function steppers(container, keys, nameOf, onchange) {
    const counts = Object.fromEntries(keys.map((k) => [k, 0]));
    for (const key of keys) {
      const shown = el("output", { class: "db-count", text: "0", dataset: { count: key } });
      const change = (delta) => {
        counts[key] = Math.max(0, counts[key] + delta);
        shown.textContent = String(counts[key]);
        onchange();
      };
      container.append(el("div", { class: "row db-stepper", dataset: { key } },
        el("span", { class: "db-face", text: nameOf(key) }),
        el("button", { class: "btn secondary", type: "button", text: "−", "aria-label": `${nameOf(key)} −`, onclick: () => change(-1) }),
        shown,
        el("button", { class: "btn secondary", type: "button", text: "+", "aria-label": `${nameOf(key)} +`, onclick: () => change(1) })));
    }
    return counts;
  }

  /* The shared virtual dice: the table rolls what the decision asks for, as this phone's seat;
     every phone then shows the roll as it shows typed dice. */
  function rollForMe() {
    const roll = button(t("dice.roll"), async () => {
      const view = P.state.view;
      const rolled = await P.guarded(() => P.post("/api/roll", { version: view.version, game_id: view.game_id }));
      if (rolled) P.toast(t("dice.rolled", { roll: P.actionLabel(rolled) }), false);
    }, "secondary");
    roll.id = "dice-roll";
    return el("div", { class: "db-roll" }, el("p", { class: "hint", text: t("dice.roll_hint") }), roll);
  }

  function diceEntry(container, pending, view) {
    const expected = pending.details.dice;
    const faces = extra(view).die_faces;
    if (pending.details.attackers) {
      container.append(el("p", { class: "hint", text: t("db.attackers", {
        cell: pending.details.cell, minis: pending.details.attackers.map((id) => miniName(view, id)).join(", "),
      }) }));
    }
    const total = el("p", { class: "db-total" });
    const send = button(t("pending.send"), () => {
      const rolled = faces.flatMap((face) => Array(counts[face]).fill(face));
      P.propose({ verb: "dice", args: { faces: rolled } });
    });
    send.id = "dice-send";
    const update = () => {
      const entered = Object.values(counts).reduce((a, b) => a + b, 0);
      total.textContent = t("dice.total", { entered, expected });
      total.classList.toggle("error-text", entered !== expected);
      send.disabled = entered !== expected; // the server checks again
    };
    const counts = steppers(container, faces, faceName, update);
    update();
    container.append(total, send, rollForMe());
  }

  /* Fortunate: pick up to `max` of the rolled dice to reroll, then enter what they showed. */
  function rerollEntry(container, pending, view) {
    const { dice, max, mini } = pending.details;
    const faces = extra(view).die_faces;
    const picked = new Set();
    container.append(el("p", { class: "hint", text: t("db.reroll_pick", { mini: miniName(view, mini), max }) }));
    const rolled = el("div", { class: "choices" });
    const counts = el("div");
    const total = el("p", { class: "db-total" });
    const send = button(t("pending.send"), () => {
      const old = [...picked].map((i) => dice[i]);
      const fresh = faces.flatMap((face) => Array(newCounts[face]).fill(face));
      P.propose({ verb: "reroll", args: { old, new: fresh } });
    });
    send.id = "reroll-send";
    let newCounts = {};
    const update = () => {
      const entered = Object.values(newCounts).reduce((a, b) => a + b, 0);
      total.textContent = t("dice.total", { entered, expected: picked.size });
      send.disabled = picked.size === 0 || entered !== picked.size;
    };
    dice.forEach((face, index) => {
      rolled.append(el("button", {
        class: "btn secondary", type: "button", text: faceName(face), dataset: { die: String(index) },
        onclick: (event) => {
          if (picked.has(index)) picked.delete(index);
          else if (picked.size < max) picked.add(index);
          event.currentTarget.classList.toggle("selected", picked.has(index));
          update();
        },
      }));
    });
    newCounts = steppers(counts, faces, faceName, update);
    update();
    container.append(rolled, el("p", { class: "hint", text: t("db.reroll_new") }), counts, total, send,
      actionButton(view, P.offers(view, "reroll").find((o) => !o.args.old.length), "secondary"));
  }

  function initiativeEntry(container, pending, view) {
    const seats = pending.details.roll;
    const chosen = {};
    const send = button(t("pending.send"), () => {
      P.propose({ verb: "initiative", args: { a: chosen.A || null, b: chosen.B || null } });
    });
    send.id = "init-send";
    send.disabled = true;
    if (pending.details.reroll_ones) {
      container.append(el("p", { class: "hint reroll-ones", text: t(pending.details.turn === 1 ? "db.reroll_turn_one" : "db.reroll_ones") }));
    }
    for (const seat of seats) {
      const row = el("div", { class: "db-die-row", dataset: { seat } },
        el("span", { class: "db-face", style: { color: P.seat(seat).colour }, text: P.seat(seat).name }));
      for (let value = 1; value <= 6; value += 1) {
        row.append(el("button", {
          class: "btn secondary db-die", type: "button", text: String(value), dataset: { die: String(value) },
          onclick: (event) => {
            chosen[seat] = value;
            row.querySelectorAll(".db-die").forEach((b) => b.classList.remove("selected"));
            event.currentTarget.classList.add("selected");
            send.disabled = !seats.every((s) => chosen[s]);
          },
        }));
      }
      container.append(row);
    }
    container.append(send, rollForMe());
  }

  function damageEntry(container, pending, view) {
    const { damage, targets, bodyguards } = pending.details;
    if (bodyguards.length) {
      container.append(el("p", { class: "hint", text: t("db.bodyguards", {
        minis: bodyguards.map((id) => miniName(view, id)).join(", ") }) }));
    }
    const total = el("p", { class: "db-total" });
    const send = button(t("pending.send"), () => {
      const amounts = targets.filter((id) => counts[id] > 0).map((id) => [id, counts[id]]);
      P.propose({ verb: "assign_damage", args: { amounts } });
    });
    send.id = "damage-send";
    const update = () => {
      const assigned = Object.values(counts).reduce((a, b) => a + b, 0);
      total.textContent = t("db.damage_total", { assigned, damage });
      send.disabled = assigned === 0;
    };
    const counts = steppers(container, targets, (id) => miniName(view, id), update);
    // what each target takes: the damage that disrupts it (its defense now) and destroys it
    const pieces = extra(view).pieces;
    const thresholds = targets.filter((id) => pieces[id] && pieces[id].now).map((id) => el("p", {
      class: "hint db-threshold", dataset: { mini: id }, text: t("db.damage_target", {
        name: miniName(view, id), disrupt: pieces[id].now.disrupted_at, destroy: pieces[id].now.destroyed_at }) }));
    update();
    container.append(...thresholds, total, send);
  }

  /* A key cell's value as the judge enters or corrects it (the map's range; the server checks). */
  function valueInput(view, cell) {
    const [low, high] = extra(view).map.value_range;
    const input = el("input", { type: "number", min: String(low), max: String(high), inputmode: "numeric", id: `value-${cell}`, "aria-label": t("setup.map_value", { cell }) });
    return [el("label", { text: t("db.set_value_judge", { cell, low, high }) }),
      el("div", { class: "row" }, input,
        button(t("db.set_value"), () => input.value !== "" && P.propose({ verb: "cell_value", args: { cell, value: Number(input.value) } }), "secondary"))];
  }

  // what this phone typed for a cell, kept across redraws until the game moves on
  const agreeTyped = new Map();

  /* A seated player reads a key cell's value off the printed map and confirms it: the same number
     from both phones sets it; two different numbers call the judge (web_panel/map_agreement.py).
     The other player's number is shown only once the two differ. */
  function agreeInput(view, cell) {
    const [low, high] = extra(view).map.value_range;
    const me = P.state.me.seat;
    const said = (view.map_agreement || {})[cell] || { seats: [], disagreed: false };
    const other = view.seats.find((s) => s.seat !== me);
    const key = `${view.game_id}.${cell}`;
    const input = el("input", { type: "text", inputmode: "numeric", maxlength: "3", class: "agree-value",
      id: `agree-${cell}`, dataset: { cell }, "aria-label": t("setup.map_value", { cell }) });
    input.value = agreeTyped.get(key) || "";
    input.addEventListener("input", () => agreeTyped.set(key, input.value));
    let status;
    if (said.disagreed) {
      status = t("db.agree.disagreed", { cell, mine: said.values[me], name: other.name, theirs: said.values[other.seat] });
    } else if (said.seats.includes(me)) {
      status = t("db.agree.waiting", { cell, name: other.name });
    } else if (said.seats.length) {
      status = t("db.agree.other_said", { cell, name: other.name });
    } else {
      status = t("db.agree.ask", { cell, low, high });
    }
    const confirm = button(t("db.agree.confirm"), () => P.guarded(async () => {
      const done = await P.post("/api/map_value", { cell, value: input.value.trim(), game_id: view.game_id });
      if (done) agreeTyped.delete(key);
    }));
    confirm.classList.add("agree-confirm");
    return el("div", { class: `agree-cell${said.disagreed ? " disagreed" : ""}`, dataset: { cell } },
      el("label", { for: `agree-${cell}`, text: t("db.set_value_judge", { cell, low, high }) }),
      el("div", { class: "row" }, input, confirm),
      el("p", { class: "hint agree-status", text: status }));
  }

  /* One line for each action the decision leaves out that its player may look for, from the
     rule the engine names ("Strike: none of your creatures is engaged"). */
  function whyLines(view) {
    return (extra(view).missing || []).map((m) => el("p", {
      class: "hint why-not", dataset: { action: m.action, rule: m.rule },
      text: P.has(`why.${m.action}.${m.rule}`) ? t(`why.${m.action}.${m.rule}`)
        : t("why.other", { action: P.has(`action.${m.action}`) ? t(`action.${m.action}`) : m.action }),
    }));
  }

  /* Shift or strike, with why a missing one is missing, and how to pass. */
  function chooseAction(container, pending, view) {
    container.append(el("div", { class: "choices" }, ...(view.offers || []).map((offer) => actionButton(view, offer))),
      ...whyLines(view), el("p", { class: "hint", text: t("db.pass_hint") }));
  }

  /* The cells to fight in, then a plain "Pass" (fight no more this phase), last. */
  function chooseStrikeCell(container, pending, view) {
    container.append(el("div", { class: "choices" }, ...P.offers(view, "fight").map((offer) => actionButton(view, offer))));
    const pass = offerOf(view, "done");
    if (pass) container.append(actionButton(view, pass, "secondary"));
  }

  /* Each scoring cell, claimed or not, and why. */
  function claimLines(view) {
    const reasons = extra(view).claim_reasons || [];
    if (!reasons.length) return [el("p", { class: "hint", text: t("db.no_claims") })];
    return reasons.map((c) => {
      const value = c.value === null ? t("db.claim.value_unknown") : t("db.claim.points", { value: c.value });
      const who = c.claimed_by || c.holders[0];
      return el("p", { class: "hint claim", dataset: { cell: c.cell, reason: c.reason }, text: t(`db.claim.${c.reason}`, {
        cell: c.cell, value, name: who ? P.seat(who, view).name : "" }) });
    });
  }

  function conquestEntry(container, pending, view) {
    const x = extra(view);
    container.append(...claimLines(view));
    const unknown = pending.details.unknown_values;
    if (unknown.length && P.state.me.judge) for (const cell of unknown) container.append(...valueInput(view, cell));
    else if (unknown.length && P.state.me.seat) for (const cell of unknown) container.append(agreeInput(view, cell));
    else if (unknown.length) container.append(el("p", { class: "hint value-unknown", text: t("db.value_unknown", { cells: unknown.join(", ") }) }));
    container.append(el("p", { class: "db-total", text: `${t("status.tally")}: ${view.seats.map((s) => `${s.name} ${x.tally[s.seat]}`).join(" – ")}` }));
    const confirm = offerOf(view, "confirm");
    if (!unknown.length && confirm) container.append(actionButton(view, confirm));
  }

  // -- the judge's corrections ----------------------------------------------------------------

  // what the judge picked on this phone: a miniature, "place" or "move" once chosen, the points
  let fix = { mini: null, op: null, cell: null, seat: "A", points: "" };

  function whereIs(view, id) {
    const x = extra(view);
    for (const [cell, minis] of Object.entries(x.board)) {
      if (minis.some((m) => m.id === id)) return cell;
    }
    for (const s of view.seats) {
      if (x.reserve[s.seat].some((r) => r.id === id)) return "reserve";
      if (x.graveyard[s.seat].includes(id)) return "graveyard";
    }
    return null; // out of the game: nothing to correct
  }

  function whereName(where) {
    if (where === "reserve") return t("db.reserve");
    if (where === "graveyard") return t("db.graveyard");
    return where || "–";
  }

  /* With a miniature and "place" or "move" chosen, every other cell is a target on the board. */
  function correctionTargets(view) {
    if (!P.state.me.judge || !fix.mini || !fix.op) return null;
    const here = whereIs(view, fix.mini);
    const targets = {};
    for (let row = 1; row <= 5; row += 1) {
      for (const column of COLUMNS) {
        const cell = `${column}${row}`;
        if (cell !== here) targets[cell] = { verb: `correct_${fix.op}`, args: { mini: fix.mini, cell } };
      }
    }
    return targets;
  }

  async function sendCorrection(action) {
    if (await P.propose(action)) fix = { ...fix, op: null }; // keep the miniature picked
    P.rerender();
  }

  /* A tapped cell: the judge's correction there, or the offer it stands for. */
  function sendFromBoard(target) {
    return P.state.me.judge && fix.mini && fix.op ? sendCorrection(target) : P.propose(target);
  }

  function choose(changes) {
    fix = { ...fix, ...changes };
    P.rerender();
  }

  function miniPicker(view) {
    const x = extra(view);
    const groups = view.seats.map((s) => el("optgroup", { label: s.name },
      ...Object.keys(x.pieces).filter((id) => x.pieces[id].owner === s.seat).map((id) => el("option", {
        value: id, selected: id === fix.mini,
        text: t("judge.fix.where", { name: miniName(view, id), where: whereName(whereIs(view, id)) }),
      }))));
    return el("select", {
      id: "fix-mini", "aria-label": t("judge.fix.mini"), style: { flex: "1", minWidth: "0" },
      onchange: (event) => choose({ mini: event.target.value || null, op: null }),
    }, el("option", { value: "", text: t("judge.fix.none") }), ...groups);
  }

  function miniOperations(view, here) {
    const mini = fix.mini;
    if (here === "reserve" || here === "graveyard") {
      const place = button(t("judge.fix.place"), () => choose({ op: "place" }), `secondary${fix.op === "place" ? " selected" : ""}`);
      place.id = "fix-place";
      return [place];
    }
    return [
      button(t("judge.fix.move"), () => choose({ op: "move" }), `secondary${fix.op === "move" ? " selected" : ""}`),
      button(t("judge.fix.to_reserve"), () => sendCorrection({ verb: "correct_remove", args: { mini, to: "reserve" } }), "secondary"),
      button(t("judge.fix.to_graveyard"), () => sendCorrection({ verb: "correct_remove", args: { mini, to: "graveyard" } }), "secondary"),
    ].map((b, index) => Object.assign(b, { id: ["fix-move", "fix-to-reserve", "fix-to-graveyard"][index] }));
  }

  function cellPicker(view) {
    const cells = el("select", { id: "fix-cell", "aria-label": t("judge.fix.cell"), style: { flex: "1" },
      onchange: (event) => { fix.cell = event.target.value; } },
    ...Object.keys(correctionTargets(view) || {}).sort().map((cell) => el("option", {
      value: cell, text: cell, selected: cell === fix.cell,
    })));
    const send = button(t("pending.send"), () => sendCorrection({ verb: `correct_${fix.op}`, args: { mini: fix.mini, cell: cells.value } }));
    send.id = "fix-send";
    return [el("p", { class: "hint", text: t("judge.fix.tap_cell") }), el("div", { class: "row" }, cells, send)];
  }

  function pointsForm(view) {
    const seat = el("select", { id: "fix-seat", "aria-label": t("judge.fix.seat"),
      onchange: (event) => { fix.seat = event.target.value; } },
    ...view.seats.map((s) => el("option", { value: s.seat, selected: s.seat === fix.seat, text: s.name })));
    const amount = el("input", { type: "number", id: "fix-points", min: "-20", max: "20", step: "1", style: { flex: "0 0 5.5em", minWidth: "0" },
      inputmode: "numeric", value: fix.points, "aria-label": t("judge.fix.amount"),
      oninput: (event) => { fix.points = event.target.value; } });
    const adjust = button(t("judge.fix.adjust"), async () => {
      const n = Number(fix.points);
      if (!Number.isInteger(n) || n === 0) return;
      if (await P.propose({ verb: "correct_points", args: { seat: fix.seat, amount: n } })) fix.points = "";
      P.rerender();
    }, "secondary");
    adjust.id = "fix-adjust";
    return [el("label", { text: t("judge.fix.points") }), el("div", { class: "row" }, seat, amount, adjust)];
  }

  /* The judge corrects a key cell's value (agreed at set-up, or unknown): cell, value, send. */
  function mapValueForm(view) {
    const x = extra(view);
    const [low, high] = x.map.value_range;
    const cells = Object.keys({ ...x.scoring.A, ...x.scoring.B }).sort();
    const cell = el("select", { id: "fix-value-cell", "aria-label": t("judge.fix.cell") },
      ...cells.map((c) => el("option", { value: c, text: c })));
    const value = el("input", { type: "number", id: "fix-value", min: String(low), max: String(high), inputmode: "numeric",
      style: { flex: "0 0 5.5em", minWidth: "0" }, "aria-label": t("judge.fix.value", { low, high }) });
    const send = button(t("db.set_value"), async () => {
      if (value.value !== "" && await P.propose({ verb: "cell_value", args: { cell: cell.value, value: Number(value.value) } })) value.value = "";
    }, "secondary");
    send.id = "fix-value-send";
    return [el("label", { text: t("judge.fix.value", { low, high }) }), el("div", { class: "row" }, cell, value, send)];
  }

  /* The judge's correction form: pick a miniature, say where it really is; or change points. */
  function judgeTools(box, view) {
    const here = fix.mini ? whereIs(view, fix.mini) : null;
    if (fix.mini && !here) fix = { ...fix, mini: null, op: null };
    if (fix.op === "place" && here !== "reserve" && here !== "graveyard") fix.op = null;
    if (fix.op === "move" && !(here in extra(view).board)) fix.op = null;
    const parts = [
      el("h3", { text: t("judge.fix.title") }),
      el("p", { class: "hint", text: t("judge.fix.hint") }),
      el("label", { text: t("judge.fix.mini") }),
      el("div", { class: "row" }, miniPicker(view)),
    ];
    if (fix.mini) parts.push(el("div", { class: "choices fix-operations" }, ...miniOperations(view, here)));
    if (fix.mini && fix.op) parts.push(...cellPicker(view));
    parts.push(...pointsForm(view), ...mapValueForm(view));
    box.replaceChildren(...parts);
  }

  P.registerPieceNames("dreamblade", (id, view) => (extra(view).pieces && extra(view).pieces[id] ? miniName(view, id) : null));
  P.registerPieceOwners("dreamblade", (id, view) => (extra(view).pieces && extra(view).pieces[id] ? extra(view).pieces[id].owner : null));
  P.registerTerms("dreamblade", term);
  P.registerStatus("dreamblade", status);
  P.registerBoard("dreamblade", drawBoard);
  P.registerJudgeTools("dreamblade", judgeTools);
  P.registerRenderer("dreamblade:initiative_roll", initiativeEntry);
  P.registerRenderer("dreamblade:spawn", spawnHelper);
  P.registerRenderer("dreamblade:shift", shiftHelper);
  P.registerRenderer("dreamblade:choose_action", chooseAction);
  P.registerRenderer("dreamblade:choose_strike_cell", chooseStrikeCell);
  P.registerRenderer("dreamblade:place_disruption", placeHelper);
  P.registerRenderer("dreamblade:attack_dice", diceEntry);
  P.registerRenderer("dreamblade:deathblow_dice", diceEntry);
  P.registerRenderer("dreamblade:assign_damage", damageEntry);
  P.registerRenderer("dreamblade:reroll", rerollEntry);
  P.registerRenderer("dreamblade:confirm_conquest", conquestEntry);
})();
