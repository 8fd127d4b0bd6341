/* The new-game form: game, seats, round clock, and the chosen game's own part, drawn by that
   game's set-up script (``window.GameSetups[game](tools)``: its node and the part of the request
   it sends) or by other_setup.js. The server checks everything; this page only gathers the
   choices. */
"use strict";

(() => {
  const P = window.Panel;
  const { t, el } = P;
  const { lang } = window.Page.boot;
  const seats = ["A", "B"];
  let options = null;
  const SCAN_MS = 1000;
  let scanning = null; // {seat, timer, stop} while a seat's tags are being scanned
  // where the page was opened from: the table's screen (its New game button), else a phone's page
  const back = new URLSearchParams(window.location.search).get("from") === "table" ? "/table" : "/";

  async function getJSON(url) {
    const response = await fetch(url, { credentials: "same-origin" });
    return response.json();
  }

  function field(labelText, control) {
    return el("label", { class: "field" }, el("span", { text: labelText }), control);
  }

  /* Scan tags for ``seat``: each tag the camera reads (``/api/setup/scan`` + ``query``, the
     game's tags) that ``seen`` has not taken yet is given to ``addScanned``. */
  function scanner(seat, addScanned, query = "", seen = () => false) {
    const toggle = el("button", { class: "btn secondary scan-toggle", type: "button", text: t("setup.scan") });
    const said = el("p", { class: "hint scan-said", role: "status" });
    const problems = el("ul", { class: "scan-problems" });
    const stop = () => {
      clearInterval(scanning.timer);
      scanning = null;
      toggle.textContent = t("setup.scan");
      toggle.classList.remove("on");
      said.textContent = "";
      problems.replaceChildren();
    };
    const look = async () => {
      const response = await fetch(`/api/setup/scan${query}`, { credentials: "same-origin" });
      if (!scanning || scanning.seat !== seat) return;
      if (!response.ok) {
        stop();
        said.textContent = t(response.status === 404 ? "setup.scan_no_camera" : "setup.not_allowed");
        return;
      }
      const found = await response.json();
      for (const mini of found.tags) {
        if (seen(mini.tag)) continue; // a tag shown twice is added once
        addScanned(mini);
        said.textContent = t("setup.scan_added", { name: mini.name, tag: mini.tag });
      }
      problems.replaceChildren(
        ...found.problems.map((p) => el("li", { class: "scan-problem", text: t(`setup.scan_${p.problem}`, { tag: p.tag }) })),
        ...(found.unreadable ? [el("li", { class: "scan-problem", text: t("setup.scan_unreadable") })] : []));
    };
    const start = () => {
      scanning = { seat, stop, timer: setInterval(look, SCAN_MS) };
      toggle.textContent = t("setup.scan_stop");
      toggle.classList.add("on");
      said.textContent = t("setup.scanning");
      look();
    };
    toggle.addEventListener("click", () => {
      const mine = scanning && scanning.seat === seat;
      if (scanning) scanning.stop();
      if (!mine) start();
    });
    if (scanning && scanning.seat === seat) { // the form was drawn again while this seat scanned
      scanning.stop();
      start();
    }
    return el("div", { class: "scanner" }, toggle, said, problems);
  }

  /* The table's catalog (every game's entries typed in by players): how many, download, upload. */
  function tableCatalog() {
    const count = el("p", { class: "hint catalog-count" });
    const refresh = async () => {
      const found = (await getJSON("/api/catalog/entries")).entries;
      count.textContent = t("catalog.count", { count: found.length });
    };
    const upload = el("input", { type: "file", accept: ".json,application/json", class: "catalog-upload", "aria-label": t("catalog.upload") });
    upload.addEventListener("change", async () => {
      const file = upload.files[0];
      upload.value = "";
      if (!file) return;
      let doc;
      try {
        doc = JSON.parse(await file.text());
      } catch (error) {
        P.toast(t("catalog.bad_file"));
        return;
      }
      const report = await P.guarded(() => P.post("/api/catalog/import", doc));
      if (!report) return;
      P.toast(t("catalog.imported", report), false);
      refresh();
    });
    refresh();
    return el("fieldset", { class: "table-catalog" },
      el("legend", { text: t("catalog.title") }),
      el("p", { class: "hint", text: t("catalog.hint") }), count,
      el("a", { class: "btn secondary catalog-download", href: "/api/catalog/export", download: "", text: t("catalog.download") }),
      el("label", { class: "btn secondary catalog-upload-button" }, t("catalog.upload"), upload));
  }

  /* A seat's name as this phone's language shows it; left as shown, the seat keeps its name in
     every language, and a name typed here is the player's in all of them. */
  function shownName(seat) {
    return (seat.names && seat.names[lang]) || seat.name;
  }

  function seatData(current, name, colour) {
    if (current && name === shownName(current)) return { name: current.name, names: current.names || {}, colour };
    return { name, colour };
  }

  function draw(root) {
    const game = el("select", { id: "setup-game", "aria-label": t("setup.game") },
      ...options.games.map((g) => el("option", { value: g, text: P.has(`game.${g}`) ? t(`game.${g}`) : g, selected: g === options.games[0] })));
    const seatBoxes = seats.map((seat) => {
      const current = options.seats[seat] || { name: seat, colour: "#777777" };
      return el("fieldset", { class: "seat", dataset: { seat } },
        el("legend", { text: t("viewer.seat", { seat }) }),
        field(t("setup.name"), el("input", { type: "text", class: "seat-name", value: shownName(current), maxlength: "40" })),
        field(t("setup.colour"), el("input", { type: "color", class: "seat-colour", value: current.colour })));
    });
    // who plays the last seat: people, or the table at a level (solo play, issue 35)
    const computer = options.computer || { games: [], levels: [] };
    const opponent = el("select", { id: "setup-opponent", "aria-label": t("setup.opponent") },
      el("option", { value: "", text: t("setup.opponent.people") }),
      ...computer.levels.map((level) => el("option", { value: level, text: t("setup.opponent.table", { level: t(`solo.level.${level}`) }) })));
    const opponentField = field(t("setup.opponent"), opponent);
    const minutes = el("input", { type: "number", id: "setup-minutes", min: "1", max: "600", value: options.clock_minutes || "" });
    const forms = Object.fromEntries(Object.entries(window.GameSetups || {})
      .filter(([name]) => options.games.includes(name))
      .map(([name, make]) => [name, make({ options, root, seats, getJSON, scanner, field })]));
    const other = window.OtherSetup; // the other games' forms (other_setup.js)
    other.scanner = options.camera ? scanner : null; // the camera registers their cards too
    const showGame = () => {
      for (const [name, form] of Object.entries(forms)) form.node.hidden = game.value !== name;
      for (const box of seatBoxes) box.hidden = other.handles(game.value);
      other.show(game.value);
      opponentField.hidden = !computer.games.includes(game.value);
    };
    game.addEventListener("change", showGame);
    const start = el("button", { class: "btn", type: "button", id: "setup-start", text: t("setup.start"), onclick: async () => {
      const unfinished = !options.current.finished && options.current.actions > 0;
      const current = options.current.game;
      if (unfinished && !(await P.ask(t("setup.abandon", { game: P.has(`game.${current}`) ? t(`game.${current}`) : current })))) return;
      const body = {
        game: game.value,
        clock_minutes: Number(minutes.value) || null,
        seats: Object.fromEntries(seats.map((seat) => {
          const box = root.querySelector(`fieldset.seat[data-seat="${seat}"]`);
          return [seat, seatData(options.seats[seat], box.querySelector(".seat-name").value, box.querySelector(".seat-colour").value)];
        })),
      };
      if (forms[game.value]) body[game.value] = forms[game.value].body();
      if (!opponentField.hidden && opponent.value) body.computer = { level: opponent.value };
      if (other.handles(game.value)) Object.assign(body, other.body(game.value));
      const started = await P.guarded(() => P.post("/api/setup/new", body));
      if (started) window.location.assign(back); // the judge's phone: its own page again
    } });
    root.replaceChildren(
      field(t("setup.game"), game), ...seatBoxes, opponentField, field(t("clock.minutes"), minutes),
      ...Object.values(forms).map((form) => form.node), other.node, start,
      tableCatalog());
    showGame();
  }

  document.addEventListener("DOMContentLoaded", async () => {
    const root = document.getElementById("setup");
    if (!root) return;
    options = await getJSON("/api/setup/options");
    if (!options.may_set_up) {
      const why = options.refused === "demo_watching" ? "setup.demo_watching" : "setup.not_allowed";
      root.replaceChildren(el("p", { class: "hint", id: "setup-refused", text: t(why) }),
        el("a", { class: "btn secondary", href: back, text: t("join.back") }));
      return;
    }
    draw(root);
  });
})();
