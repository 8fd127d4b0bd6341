/* The new-game form's part for Planechase, Dungeon Command and Arena: players (names, colours,
   turn order), and per game the decks, the commanders and creatures, or the scenario, armies and
   glyphs. Cards are typed once: a commander, creature or army card this table's catalog holds
   (typed at an earlier set-up) is offered by name and fills in its numbers. The options come from
   /api/setup/games and /api/catalog/entries; the server runs the games' own checks and says what
   is wrong, naming the player and the field as this form shows it. setup.js asks this part for
   its request. */
"use strict";

(() => {
  const P = window.Panel;
  const { t, el } = P;
  const GAMES = ["planechase", "dungeon_command", "arena"];
  const COLOURS = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00"];
  const CARD_NUMBERS = ["figures", "life", "power", "toughness", "cost", "ppf"];
  const node = el("div", { id: "setup-other", hidden: true });
  let options = null;
  let game = null;
  const saved = { arena: [], commanders: [], creatures: [] }; // this table's catalog entries
  const model = {
    players: COLOURS.map((colour, i) => ({ name: t("setup.other.player", { n: i + 1 }), colour })),
    count: 2,
    planechase: { shared: true, virtual: false, first: 0, decks: [] },
    dungeon_command: { first: 0, bands: [0, 1].map(() => ({ commander: "", morale: "", leadership: "", creatures: "" })) },
    arena: { scenario: "duel", teams: ["1", "2", "1", "2", "1", "2"], armies: [], glyphs: [], scanned: [[], [], [], [], [], []] },
  };

  const seatId = (i) => `p${i + 1}`;
  const numberOrNull = (text) => (String(text).trim() === "" ? null : Number(text));

  function field(labelText, control) {
    return el("label", { class: "field" }, el("span", { text: labelText }), control);
  }

  function input(attrs, value, onchange) {
    const box = el("input", { ...attrs, value: value === null || value === undefined ? "" : String(value) });
    box.addEventListener("input", () => onchange(box.value));
    return box;
  }

  function select(attrs, choices, value, onchange) {
    const box = el("select", attrs, ...choices.map(([v, text]) => el("option", { value: v, text, selected: String(v) === String(value) })));
    box.addEventListener("change", () => onchange(box.value));
    return box;
  }

  function playerLimits() {
    if (game === "planechase") return options.planechase.players;
    if (game === "dungeon_command") return options.dungeon_command.players;
    const scenario = options.arena.scenarios.find((s) => s.id === model.arena.scenario);
    return [Math.min(...scenario.players), Math.max(...scenario.players)];
  }

  function allowedCounts() {
    if (game === "arena") return options.arena.scenarios.find((s) => s.id === model.arena.scenario).players;
    const [low, high] = playerLimits();
    return Array.from({ length: high - low + 1 }, (_, i) => low + i);
  }

  function players() {
    const counts = allowedCounts();
    if (!counts.includes(model.count)) model.count = counts[0];
    const boxes = [];
    if (counts.length > 1) {
      boxes.push(field(t("setup.other.players"), select({ id: "setup-players" }, counts.map((n) => [n, String(n)]), model.count,
        (value) => { model.count = Number(value); draw(); })));
    }
    for (let i = 0; i < model.count; i += 1) {
      const player = model.players[i];
      boxes.push(el("fieldset", { class: "seat og-player", dataset: { seat: seatId(i) } },
        el("legend", { text: t("setup.other.turn_order", { n: i + 1 }) }),
        el("div", { class: "row" },
          input({ type: "text", class: "seat-name", maxlength: "40", "aria-label": t("setup.name") }, player.name, (v) => { player.name = v; }),
          input({ type: "color", class: "seat-colour", "aria-label": t("setup.colour"), style: { width: "64px", flex: "none" } }, player.colour, (v) => { player.colour = v; }))));
    }
    return boxes;
  }

  function firstPlayer(part) {
    const choices = Array.from({ length: model.count }, (_, i) => [i, model.players[i].name]);
    return field(t("setup.other.first"), select({ class: "og-first" }, choices, part.first, (v) => { part.first = Number(v); }));
  }

  // -- Planechase -------------------------------------------------------------------------------

  function dealPlanes() {
    const ids = options.planechase.planes.map((p) => p.id);
    const each = Math.floor(ids.length / model.count);
    model.planechase.decks = Array.from({ length: model.count }, (_, i) => ids.slice(i * each, (i + 1) * each));
  }

  function planechaseForm() {
    const part = model.planechase;
    if (part.decks.length !== model.count) dealPlanes();
    const boxes = [
      firstPlayer(part),
      field(t("setup.other.decks"), select({ id: "setup-decks" }, [["shared", t("setup.other.shared_deck")], ["own", t("setup.other.own_decks")]],
        part.shared ? "shared" : "own", (v) => { part.shared = v === "shared"; draw(); })),
      el("label", { class: "check" }, el("input", { type: "checkbox", id: "setup-virtual", checked: part.virtual,
        onchange: (event) => { part.virtual = event.currentTarget.checked; } }), t("setup.other.virtual")),
    ];
    if (part.shared) {
      boxes.push(el("p", { class: "hint", text: t("setup.other.shared_hint", { planes: options.planechase.planes.length }) }));
      return boxes;
    }
    boxes.push(el("p", { class: "hint", text: t("setup.other.own_hint", { minimum: options.planechase.own_deck_minimum }) }));
    for (let i = 0; i < model.count; i += 1) {
      const deck = part.decks[i];
      const summary = el("summary", { text: t("setup.other.deck_of", { name: model.players[i].name, planes: deck.length }) });
      const list = el("div", { class: "og-planes" }, ...options.planechase.planes.map((plane) => el("label", { class: "check" },
        el("input", { type: "checkbox", value: plane.id, checked: deck.includes(plane.id), onchange: (event) => {
          const at = deck.indexOf(plane.id);
          if (event.currentTarget.checked && at < 0) deck.push(plane.id);
          if (!event.currentTarget.checked && at >= 0) deck.splice(at, 1);
          summary.textContent = t("setup.other.deck_of", { name: model.players[i].name, planes: deck.length });
        } }), `${plane.number}. ${plane.name}`)));
      boxes.push(el("details", { class: "og-deck", dataset: { seat: seatId(i) } }, summary, list));
    }
    return boxes;
  }

  // -- Dungeon Command --------------------------------------------------------------------------

  /* A commander by name: the data's (with their known start values) and this table's. */
  function commanderNamed(name) {
    const wanted = name.trim().toLowerCase();
    const known = options.dungeon_command.commanders.find((c) => c.name.toLowerCase() === wanted);
    const typed = saved.commanders.find((c) => c.name.toLowerCase() === wanted);
    if (!known && !typed) return null;
    return { morale: (known && known.morale) || (typed && typed.morale) || null,
      leadership: (known && known.leadership) || (typed && typed.leadership) || null, fixed: known || {} };
  }

  function dungeonCommandForm() {
    const part = model.dungeon_command;
    const boxes = [firstPlayer(part)];
    boxes.push(el("datalist", { id: "og-commanders" }, ...[...new Set([...options.dungeon_command.commanders, ...saved.commanders]
      .map((c) => c.name))].map((name) => el("option", { value: name }))));
    boxes.push(el("p", { class: "hint", text: t("setup.other.creatures_hint", { minimum: options.dungeon_command.min_creatures }) }));
    part.bands.forEach((band, i) => {
      const card = commanderNamed(band.commander);
      const start = (key) => {
        const fixed = card && card.fixed[key];
        const box = input({ type: "number", min: "1", inputmode: "numeric", class: `og-${key}`, placeholder: t("setup.other.from_card"),
          "aria-label": t(`catalog.field.commander.${key}`) }, fixed || band[key], (v) => { band[key] = v; });
        box.disabled = Boolean(fixed);
        return box;
      };
      const commander = input({ type: "text", class: "og-commander", list: "og-commanders", maxlength: "40",
        "aria-label": t("catalog.field.commander.name") }, band.commander, (v) => { band.commander = v; });
      commander.addEventListener("change", () => {
        const found = commanderNamed(band.commander);
        if (found) { band.morale = found.morale || ""; band.leadership = found.leadership || ""; }
        draw();
      });
      const area = el("textarea", { class: "og-creatures", rows: "6", placeholder: t("setup.other.creatures_example"),
        "aria-label": t("setup.other.creatures") });
      area.value = band.creatures;
      area.addEventListener("input", () => { band.creatures = area.value; });
      const chips = saved.creatures.length ? el("div", { class: "og-saved" },
        el("small", { text: t("setup.other.saved_creatures") }),
        ...saved.creatures.map((c) => el("button", { class: "btn secondary small og-saved-creature", type: "button",
          dataset: { name: c.name }, text: `${c.name} (${c.level})`, onclick: () => {
            band.creatures = `${band.creatures.trimEnd()}${band.creatures.trim() ? "\n" : ""}${c.name}`;
            area.value = band.creatures;
          } }))) : null;
      const scanned = new Set();
      const scan = window.OtherSetup.scanner ? window.OtherSetup.scanner(seatId(i), (card) => {
        scanned.add(card.tag);
        band.creatures = `${band.creatures.trimEnd()}${band.creatures.trim() ? "\n" : ""}${card.name}`;
        area.value = band.creatures;
      }, "?game=dungeon_command", (tag) => scanned.has(tag)) : null;
      boxes.push(el("fieldset", { class: "og-band", dataset: { seat: seatId(i) } },
        el("legend", { text: model.players[i].name }),
        field(t("catalog.field.commander.name"), commander),
        field(t("catalog.field.commander.morale"), start("morale")),
        field(t("catalog.field.commander.leadership"), start("leadership")),
        field(t("setup.other.creatures"), area), chips, scan));
    });
    return boxes;
  }

  /* One creature per line: its name, then its level, hit points, melee and ranged damage as
     printed — each left off when the table already knows it (hit points can wait for play). */
  function creatures(text) {
    const FIELDS = ["level", "hit_points", "melee", "ranged"];
    return text.split("\n").map((line) => line.trim()).filter(Boolean).map((line) => {
      const match = /^(.*?\S)((?:\s+\d+){1,4})$/.exec(line);
      const creature = { name: match ? match[1] : line, level: null };
      if (match) match[2].trim().split(/\s+/).forEach((n, i) => { creature[FIELDS[i]] = Number(n); });
      return creature;
    });
  }

  // -- Arena ------------------------------------------------------------------------------------

  function emptyCard() { return { name: "", kind: "planeswalker", figures: "1", life: "", power: "", toughness: "", cost: "", ppf: "" }; }

  /* A card of this table's catalog (or the data) by name, for filling in the form. */
  function cardNamed(name) {
    const wanted = name.trim().toLowerCase();
    return saved.arena.find((c) => c.name.toLowerCase() === wanted)
      || options.arena.cards.find((c) => c.name.toLowerCase() === wanted) || null;
  }

  function cardEditor(cards, card) {
    const known = cardNamed(card.name);
    const name = input({ type: "text", class: "og-card-name", list: "og-known-cards", maxlength: "40",
      placeholder: t("catalog.field.army_card.name"), "aria-label": t("catalog.field.army_card.name") }, card.name, (v) => { card.name = v; });
    name.addEventListener("change", () => {
      const found = cardNamed(card.name);
      if (!found) return;
      const values = found.values || found; // the data's known values, or a whole saved card
      if (found.kind) card.kind = found.kind;
      for (const key of CARD_NUMBERS) if (values[key] !== undefined && values[key] !== null) card[key] = String(values[key]);
      draw();
    });
    return el("fieldset", { class: "og-card" },
      el("div", { class: "row" }, name,
        el("button", { class: "btn secondary small", type: "button", text: "−", "aria-label": t("setup.other.remove_card"),
          onclick: () => { cards.splice(cards.indexOf(card), 1); draw(); } })),
      el("div", { class: "row" },
        select({ class: "og-card-kind", "aria-label": t("catalog.field.army_card.kind") },
          ["planeswalker", "hero", "squad"].map((k) => [k, t(`setup.other.kind.${k}`)]), card.kind, (v) => { card.kind = v; })),
      el("div", { class: "og-numbers" }, ...CARD_NUMBERS.map((key) => el("label", {},
        el("small", { text: t(`catalog.field.army_card.${key}`) }),
        input({ type: "number", min: "0", class: `og-card-${key}`, inputmode: "numeric" }, card[key], (v) => { card[key] = v; })))),
      known && known.values && Object.keys(known.values).length ? el("p", { class: "hint", text: t("setup.other.known_card", {
        values: Object.entries(known.values).map(([k, v]) => `${t(`catalog.field.army_card.${k}`)} ${v}`).join(", ") }) }) : null);
  }

  function arenaForm() {
    const part = model.arena;
    const scenario = options.arena.scenarios.find((s) => s.id === part.scenario);
    while (part.armies.length < 6) part.armies.push([emptyCard()]);
    const boxes = [
      field(t("setup.other.scenario"), select({ id: "setup-scenario" }, options.arena.scenarios.map((s) => [s.id, t(`ar.scenario.${s.id}`)]),
        part.scenario, (v) => { part.scenario = v; draw(); })),
      el("p", { class: "hint", text: t("setup.other.army_hint", { points: scenario.army_points }) }),
      el("datalist", { id: "og-known-cards" }, ...[...new Set([...saved.arena, ...options.arena.cards].map((c) => c.name))]
        .map((name) => el("option", { value: name }))),
    ];
    for (let i = 0; i < model.count; i += 1) {
      const cards = part.armies[i];
      const scanned = part.scanned[i]; // tags already taken for this army
      const scan = window.OtherSetup.scanner ? window.OtherSetup.scanner(seatId(i), (card) => {
        scanned.push(card.tag); // every figure of a squad wears a tag: its card is added once
        if (cards.some((c) => c.name.trim().toLowerCase() === card.name.toLowerCase())) return;
        const entry = saved.arena.find((c) => c.id === card.id);
        const filled = { ...emptyCard(), name: entry.name, kind: entry.kind };
        for (const key of CARD_NUMBERS) filled[key] = entry[key] === null ? "" : String(entry[key]);
        const blank = cards.find((c) => !c.name.trim());
        if (blank) Object.assign(blank, filled); else cards.push(filled);
        draw();
      }, "?game=arena", (tag) => scanned.includes(tag)) : null;
      boxes.push(el("fieldset", { class: "og-army", dataset: { seat: seatId(i) } },
        el("legend", { text: model.players[i].name }),
        scenario.teams ? field(t("setup.other.team"), select({ class: "og-team" }, [["1", "1"], ["2", "2"]], part.teams[i], (v) => { part.teams[i] = v; })) : null,
        ...cards.map((card) => cardEditor(cards, card)),
        el("button", { class: "btn secondary small", type: "button", text: t("setup.other.add_card"), onclick: () => { cards.push(emptyCard()); draw(); } }),
        scan));
    }
    const faceDown = scenario.glyphs_face === "planeswalker";
    const glyphs = el("fieldset", { class: "og-glyphs" }, el("legend", { text: t("ar.glyphs") }),
      el("p", { class: "hint", text: t(faceDown ? "setup.other.glyphs_face_down" : "setup.other.glyphs_named") }));
    part.glyphs.forEach((spot, index) => {
      glyphs.append(el("div", { class: "row" },
        input({ type: "text", class: "og-spot", "aria-label": t("setup.other.spot") }, spot.spot, (v) => { spot.spot = v.trim().toLowerCase(); }),
        faceDown ? el("span", { text: t("ar.face_down") }) : select({ class: "og-glyph" },
          options.arena.glyphs.map((g) => [g.id, t(`ar.glyph.${g.id}`)]), spot.glyph, (v) => { spot.glyph = v; }),
        el("button", { class: "btn secondary small", type: "button", text: "−", onclick: () => { part.glyphs.splice(index, 1); draw(); } })));
    });
    glyphs.append(el("button", { class: "btn secondary small", type: "button", id: "og-add-glyph", text: t("setup.other.add_glyph"),
      onclick: () => { part.glyphs.push({ spot: `g${part.glyphs.length + 1}`, glyph: options.arena.glyphs[part.glyphs.length % options.arena.glyphs.length].id }); draw(); } }));
    boxes.push(glyphs);
    return boxes;
  }

  function arenaCard(card) {
    const data = { name: card.name.trim() || null, kind: card.kind };
    for (const key of CARD_NUMBERS) data[key] = numberOrNull(card[key]);
    return data;
  }

  // -- the part setup.js uses -------------------------------------------------------------------

  function draw() {
    if (!options || !GAMES.includes(game)) return;
    const forms = { planechase: planechaseForm, dungeon_command: dungeonCommandForm, arena: arenaForm };
    node.replaceChildren(...players(), ...forms[game]());
  }

  function body(name) {
    const seats = {};
    for (let i = 0; i < model.count; i += 1) seats[seatId(i)] = model.players[i];
    const order = Array.from({ length: model.count }, (_, i) => seatId(i));
    const request = { seats };
    if (name === "planechase") {
      const part = model.planechase;
      request.planechase = {
        players: order, first: seatId(part.first), shared: part.shared, virtual: part.virtual,
        decks: part.shared ? undefined : Object.fromEntries(order.map((seat, i) => [seat, part.decks[i]])),
      };
    } else if (name === "dungeon_command") {
      const part = model.dungeon_command;
      request.dungeon_command = {
        first: seatId(part.first),
        warbands: part.bands.map((band, i) => ({
          seat: seatId(i),
          commander: { name: band.commander.trim(), morale: numberOrNull(band.morale), leadership: numberOrNull(band.leadership) },
          creatures: creatures(band.creatures),
        })),
      };
    } else {
      const part = model.arena;
      const scenario = options.arena.scenarios.find((s) => s.id === part.scenario);
      request.arena = {
        scenario: part.scenario,
        armies: order.map((seat, i) => ({ seat, team: scenario.teams ? part.teams[i] : null, cards: part.armies[i].map(arenaCard) })),
        glyphs: Object.fromEntries(part.glyphs.map((g) => [g.spot, scenario.glyphs_face === "planeswalker" ? null : g.glyph])),
      };
    }
    return request;
  }

  window.OtherSetup = {
    node,
    handles: (name) => GAMES.includes(name),
    scanner: null, // setup.js's tag scanner when the table has a camera
    show(name) {
      game = name;
      node.hidden = !GAMES.includes(name);
      draw();
    },
    body,
  };

  async function getJSON(url) {
    const response = await fetch(url, { credentials: "same-origin" });
    return response.json();
  }

  document.addEventListener("DOMContentLoaded", async () => {
    const [games, arena, dungeonCommand] = await Promise.all([
      getJSON("/api/setup/games"), getJSON("/api/catalog/entries?game=arena"), getJSON("/api/catalog/entries?game=dungeon_command")]);
    options = games;
    saved.arena = arena.entries.map((entry) => entry.data);
    saved.commanders = dungeonCommand.entries.filter((entry) => entry.kind === "commander").map((entry) => entry.data);
    saved.creatures = dungeonCommand.entries.filter((entry) => entry.kind === "creature").map((entry) => entry.data);
    model.arena.glyphs = [{ spot: "g1", glyph: options.arena.glyphs[0].id }, { spot: "g2", glyph: options.arena.glyphs[1].id }];
    draw();
  });
})();
