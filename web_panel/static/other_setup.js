/* The new-game form's part for Planechase, Dungeon Command and Arena: players (names, colours,
   turn order), and per game the decks, the commanders' start values and creatures, or the
   scenario, armies and glyphs. The options come from /api/setup/games; the server runs the
   engines' own setup checks and says what is wrong. setup.js asks this part for its request. */
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
  const model = {
    players: COLOURS.map((colour, i) => ({ name: t("setup.other.player", { n: i + 1 }), colour })),
    count: 2,
    planechase: { shared: true, virtual: false, first: 0, decks: [] },
    dungeon_command: { first: 0, bands: [0, 1].map(() => ({ commander: "", morale: "", leadership: "", creatures: "" })) },
    arena: { scenario: "duel", teams: ["1", "2", "1", "2", "1", "2"], armies: [], glyphs: [] },
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

  function commanderOf(id) { return options.dungeon_command.commanders.find((c) => c.id === id); }

  function dungeonCommandForm() {
    const part = model.dungeon_command;
    const boxes = [firstPlayer(part)];
    const known = Object.entries(options.dungeon_command.creature_levels).map(([name, level]) => `${name} ${level}`).join(", ");
    boxes.push(el("p", { class: "hint", text: t("setup.other.creatures_hint", { minimum: options.dungeon_command.min_creatures, known }) }));
    part.bands.forEach((band, i) => {
      const card = commanderOf(band.commander);
      const start = (key) => {
        const value = card ? card[key] : null;
        return value === null
          ? input({ type: "number", min: "1", class: `og-${key}`, placeholder: t("setup.other.from_card") }, band[key], (v) => { band[key] = v; })
          : el("input", { type: "number", class: `og-${key}`, value: String(value), disabled: true });
      };
      boxes.push(el("fieldset", { class: "og-band", dataset: { seat: seatId(i) } },
        el("legend", { text: model.players[i].name }),
        field(t("setup.other.commander"), select({ class: "og-commander" },
          [["", "—"], ...options.dungeon_command.commanders.map((c) => [c.id, `${c.name} (${c.faction})`])],
          band.commander, (v) => { band.commander = v; draw(); })),
        field(t("dc.morale"), start("morale")),
        field(t("dc.leadership"), start("leadership")),
        field(t("setup.other.creatures"), (() => {
          const area = el("textarea", { class: "og-creatures", rows: "6", placeholder: "dwarf-cleric 3\nelf-archer 1" });
          area.value = band.creatures;
          area.addEventListener("input", () => { band.creatures = area.value; });
          return area;
        })())));
    });
    return boxes;
  }

  function creatures(text) {
    const found = {};
    for (const line of text.split("\n")) {
      const words = line.trim().split(/\s+/);
      if (words.length === 2) found[words[0]] = Number(words[1]);
      else if (line.trim()) found[line.trim()] = null; // the server says what is wrong with it
    }
    return found;
  }

  // -- Arena ------------------------------------------------------------------------------------

  function emptyCard() { return { id: "", name: "", kind: "planeswalker", figures: "1", life: "", power: "", toughness: "", cost: "", ppf: "" }; }

  function cardEditor(cards, card) {
    const known = options.arena.cards.find((c) => c.id === card.id);
    const row = el("fieldset", { class: "og-card" },
      el("div", { class: "row" },
        input({ type: "text", class: "og-card-id", list: "og-known-cards", placeholder: t("setup.other.card_id"), "aria-label": t("setup.other.card_id") },
          card.id, (v) => { card.id = v.trim().toLowerCase(); }),
        el("button", { class: "btn secondary small", type: "button", text: "−", "aria-label": t("setup.other.remove_card"),
          onclick: () => { cards.splice(cards.indexOf(card), 1); draw(); } })),
      el("div", { class: "row" },
        input({ type: "text", class: "og-card-name", placeholder: t("setup.other.card_name"), "aria-label": t("setup.other.card_name") }, card.name, (v) => { card.name = v; }),
        select({ class: "og-card-kind", "aria-label": t("setup.other.card_kind") },
          ["planeswalker", "hero", "squad"].map((k) => [k, t(`setup.other.kind.${k}`)]), card.kind, (v) => { card.kind = v; })),
      el("div", { class: "og-numbers" }, ...CARD_NUMBERS.map((key) => el("label", {},
        el("small", { text: t(`setup.other.card.${key}`) }),
        input({ type: "number", min: "0", class: `og-card-${key}`, inputmode: "numeric" }, card[key], (v) => { card[key] = v; })))),
      known && Object.keys(known.values).length ? el("p", { class: "hint", text: t("setup.other.known_card", {
        values: Object.entries(known.values).map(([k, v]) => `${k} ${v}`).join(", ") }) }) : null);
    return row;
  }

  function arenaForm() {
    const part = model.arena;
    const scenario = options.arena.scenarios.find((s) => s.id === part.scenario);
    while (part.armies.length < 6) part.armies.push([emptyCard()]);
    const boxes = [
      field(t("setup.other.scenario"), select({ id: "setup-scenario" }, options.arena.scenarios.map((s) => [s.id, t(`ar.scenario.${s.id}`)]),
        part.scenario, (v) => { part.scenario = v; draw(); })),
      el("p", { class: "hint", text: t("setup.other.army_hint", { points: scenario.army_points }) }),
      el("datalist", { id: "og-known-cards" }, ...options.arena.cards.map((c) => el("option", { value: c.id, text: c.name }))),
    ];
    for (let i = 0; i < model.count; i += 1) {
      const cards = part.armies[i];
      boxes.push(el("fieldset", { class: "og-army", dataset: { seat: seatId(i) } },
        el("legend", { text: model.players[i].name }),
        scenario.teams ? field(t("setup.other.team"), select({ class: "og-team" }, [["1", "1"], ["2", "2"]], part.teams[i], (v) => { part.teams[i] = v; })) : null,
        ...cards.map((card) => cardEditor(cards, card)),
        el("button", { class: "btn secondary small", type: "button", text: t("setup.other.add_card"), onclick: () => { cards.push(emptyCard()); draw(); } })));
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
    const data = { id: card.id, name: card.name.trim() || null, kind: card.kind };
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
          seat: seatId(i), commander: band.commander, creatures: creatures(band.creatures),
          morale: numberOrNull(band.morale), leadership: numberOrNull(band.leadership),
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
    show(name) {
      game = name;
      node.hidden = !GAMES.includes(name);
      draw();
    },
    body,
  };

  document.addEventListener("DOMContentLoaded", async () => {
    const response = await fetch("/api/setup/games", { credentials: "same-origin" });
    options = await response.json();
    model.arena.glyphs = [{ spot: "g1", glyph: options.arena.glyphs[0].id }, { spot: "g2", glyph: options.arena.glyphs[1].id }];
    draw();
  });
})();
