/* The new-game form: game, seats, round clock, and for Dreamblade the map, the initiative rule
   and each seat's warband (a saved one, or built by searching the catalog or by showing each
   miniature's tag to the camera, and saved for next time). The server checks everything; this
   page only gathers the choices. */
"use strict";

(() => {
  const P = window.Panel;
  const { t, el } = P;
  const { lang } = window.Page.boot;
  const seats = ["A", "B"];
  let options = null;
  const built = { A: [], B: [] }; // seat → [{id, name, count, tags}] for warbands built here
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

  function addCopy(seat, mini, tag = null) {
    let entry = built[seat].find((e) => e.id === mini.id);
    if (entry) entry.count += 1;
    else built[seat].push(entry = { id: mini.id, name: mini.name, count: 1, tags: [], unknown: mini.unknown || [] });
    if (tag) entry.tags.push(tag);
    return entry;
  }

  const shownAlready = (tag) => seats.some((seat) => built[seat].some((e) => e.tags.includes(tag)));

  /* Scan tags for ``seat``: each tag the camera reads (``/api/setup/scan`` + ``query``, the
     game's tags) that ``seen`` has not taken yet is given to ``addScanned``. */
  function scanner(seat, addScanned, query = "", seen = shownAlready) {
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

  function builder(seat, root) {
    const box = el("div", { class: "builder", dataset: { seat } });
    const results = el("div", { class: "results" });
    const chosen = el("ol", { class: "chosen" });
    const name = el("input", { type: "text", class: "warband-name", placeholder: t("setup.warband_name"), "aria-label": t("setup.warband_name") });
    const drawChosen = (added = null) => {
      chosen.replaceChildren(...built[seat].map((entry) => el("li", { class: `${entry === added ? "added" : ""}${entry.unknown.length ? " incomplete" : ""}`, dataset: { id: entry.id } },
        el("span", { text: `${entry.name} ×${entry.count}` }),
        ...(entry.unknown.length ? [" ", el("small", { class: "incomplete-mark", text: t("setup.incomplete") })] : []),
        ...(entry.tags.length ? [" ", el("small", { class: "tags", text: entry.tags.map((tag) => `#${tag.split("#")[1]}`).join(" ") })] : []),
        " ",
        el("button", { class: "btn secondary small", type: "button", text: "−", onclick: () => {
          entry.count -= 1;
          entry.tags = entry.tags.slice(0, entry.count); // that copy's tag may be shown again
          built[seat] = built[seat].filter((e) => e.count > 0);
          drawChosen();
        } }))));
    };
    const search = el("input", { type: "search", class: "catalog-search", placeholder: t("setup.search"), "aria-label": t("setup.search") });
    const formBox = el("div", { class: "mini-form-box" });
    const closeForm = () => formBox.replaceChildren();
    const openForm = (mini) => formBox.replaceChildren(window.MiniatureForm.form(options.dreamblade, mini, (saved) => {
      closeForm();
      for (const entry of seats.flatMap((s) => built[s]).filter((e) => e.id === saved.id)) entry.unknown = saved.unknown;
      drawChosen();
      search.value = saved.name;
      showResults();
    }, closeForm));
    const showResults = async () => {
      const found = (await getJSON(`/api/setup/catalog?q=${encodeURIComponent(search.value)}`)).results;
      results.replaceChildren(...found.map((mini) => el("div", { class: "row result-row" },
        el("button", {
          class: `btn secondary result${mini.unknown.length ? " incomplete" : ""}`, type: "button", dataset: { id: mini.id },
          text: `${mini.name} (${mini.cost === null ? "?" : mini.cost}${mini.aspects.map((a) => a[0]).join("")})${mini.unknown.length ? ` · ${t("setup.incomplete")}` : ""}`,
          onclick: () => {
            addCopy(seat, mini);
            drawChosen();
          },
        }, mini.entered ? el("small", { class: "entered", text: ` · ${t("mf.entered")}` }) : null),
        mini.unknown.length ? el("button", { class: "btn secondary small fill-in", type: "button", dataset: { id: mini.id },
          text: t("mf.fill_in"), title: t("mf.unknown_fields", { fields: mini.unknown.map((f) => t(`catalog.field.${f}`)).join(", ") }),
          onclick: () => openForm(mini) }) : null)));
    };
    search.addEventListener("input", showResults);
    const missing = el("button", { class: "btn secondary small add-miniature", type: "button", text: t("mf.add"), onclick: () => openForm(null) });
    const save = el("button", { class: "btn secondary", type: "button", text: t("setup.save_warband"), onclick: async () => {
      const saved = await P.guarded(() => P.post("/api/setup/warbands", warbandData(seat, name.value)));
      if (!saved) return;
      P.toast(t("setup.saved", { name: saved.name }), false);
      options.dreamblade.warbands.push(saved);
      for (const pick of root.querySelectorAll(".warband-pick")) {
        pick.querySelector(`option[value="${saved.key}"]`)?.remove();
        pick.insertBefore(el("option", { value: saved.key, text: warbandLabel(saved) }),
          pick.querySelector('option[value="build"]'));
      }
    } });
    if (options.dreamblade.scan) box.append(scanner(seat, (mini) => drawChosen(addCopy(seat, mini, mini.tag))));
    box.append(search, results, missing, formBox, chosen, el("div", { class: "row" }, name, save));
    return box;
  }

  /* A warband as the pick lists it; one with incomplete miniatures says which. */
  function warbandLabel(w) {
    const label = `${w.name} (${w.size})`;
    return w.incomplete.length ? `${label} · ${t("setup.incomplete_warband", { names: w.incomplete.join(", ") })}` : label;
  }

  function warbandData(seat, name) {
    const data = { name: name || t("setup.unnamed"), miniatures: built[seat].map((e) => ({ id: e.id, count: e.count })) };
    const tags = built[seat].flatMap((e) => e.tags);
    return tags.length ? { ...data, tags } : data;
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

  /* A map in the phone's language: the config's, or a shipped one by its name here (a map
     shipped without words here keeps its own name). */
  function mapName(map) {
    if (map === "configured") return t("setup.configured_map");
    if (map === "event") return t("setup.event_map");
    return P.has(`setup.builtin_map.${map}`) ? t(`setup.builtin_map.${map}`) : map;
  }

  function draw(root) {
    const game = el("select", { id: "setup-game", "aria-label": t("setup.game") },
      ...options.games.map((g) => el("option", { value: g, text: P.has(`game.${g}`) ? t(`game.${g}`) : g, selected: g === "dreamblade" })));
    const seatBoxes = seats.map((seat) => {
      const current = options.seats[seat] || { name: seat, colour: "#777777" };
      return el("fieldset", { class: "seat", dataset: { seat } },
        el("legend", { text: t("viewer.seat", { seat }) }),
        field(t("setup.name"), el("input", { type: "text", class: "seat-name", value: shownName(current), maxlength: "40" })),
        field(t("setup.colour"), el("input", { type: "color", class: "seat-colour", value: current.colour })));
    });
    const minutes = el("input", { type: "number", id: "setup-minutes", min: "1", max: "600", value: options.clock_minutes || "" });
    const mapPick = el("select", { id: "setup-map" },
      ...options.dreamblade.maps.map((m) => el("option", { value: m, text: mapName(m) })));
    const mapValues = el("fieldset", { class: "map-values" });
    const showMapValues = () => {
      const chosen = options.dreamblade.map_values[mapPick.value];
      const [low, high] = chosen.value_range;
      mapValues.hidden = !chosen.unknown.length;
      const remembered = chosen.remembered || {}; // read off this map at an earlier game here
      mapValues.replaceChildren(el("legend", { text: t("setup.map_values") }),
        el("p", { class: "hint", text: t("setup.map_values_hint", { low, high }) }),
        Object.keys(remembered).length ? el("p", { class: "hint", id: "map-values-remembered", text: t("setup.map_values_remembered") }) : null,
        el("div", { class: "map-value-cells" }, ...chosen.unknown.map((cell) => el("label", {},
          el("span", { text: t("setup.map_value", { cell }) }),
          el("input", { type: "number", class: "map-value", min: String(low), max: String(high), inputmode: "numeric", dataset: { cell },
            value: cell in remembered ? String(remembered[cell]) : undefined })))));
    };
    mapPick.addEventListener("change", showMapValues);
    showMapValues();
    const dreamblade = el("div", { id: "setup-dreamblade" },
      field(t("setup.map"), mapPick), mapValues,
      el("label", { class: "check" }, el("input", { type: "checkbox", id: "setup-430", checked: options.dreamblade.rule_430 }), t("setup.rule_430")),
      el("label", { class: "check" }, el("input", { type: "checkbox", id: "setup-die-confirmed" }),
        t("setup.die_confirmed", { faces: options.dreamblade.die_faces.join(", ") })));
    for (const seat of seats) {
      const pick = el("select", { class: "warband-pick", dataset: { seat }, "aria-label": t("setup.warband") },
        ...options.dreamblade.warbands.map((w) => el("option", { value: w.key, text: warbandLabel(w) })),
        el("option", { value: "build", text: t("setup.build") }));
      pick.selectedIndex = seat === "A" ? 0 : Math.min(1, options.dreamblade.warbands.length - 1);
      const build = builder(seat, root);
      build.hidden = true;
      pick.addEventListener("change", () => { build.hidden = pick.value !== "build"; });
      dreamblade.append(el("fieldset", { class: "warband", dataset: { seat } },
        el("legend", { text: `${t("setup.warband")} · ${t("viewer.seat", { seat })}` }), pick, build));
    }
    const other = window.OtherSetup; // Planechase, Dungeon Command, Arena (other_setup.js)
    other.scanner = options.dreamblade.scan ? scanner : null; // the camera registers their cards too
    const showGame = () => {
      dreamblade.hidden = game.value !== "dreamblade";
      for (const box of seatBoxes) box.hidden = other.handles(game.value);
      other.show(game.value);
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
      if (game.value === "dreamblade") {
        body.dreamblade = {
          map: root.querySelector("#setup-map").value,
          map_values: Object.fromEntries([...root.querySelectorAll(".map-value")].map((input) =>
            [input.dataset.cell, input.value === "" ? null : Number(input.value)])),
          rule_430: root.querySelector("#setup-430").checked,
          die_confirmed: root.querySelector("#setup-die-confirmed").checked,
          warbands: Object.fromEntries(seats.map((seat) => {
            const value = root.querySelector(`.warband-pick[data-seat="${seat}"]`).value;
            const name = root.querySelector(`.builder[data-seat="${seat}"] .warband-name`).value;
            return [seat, value === "build" ? warbandData(seat, name) : { saved: value }];
          })),
        };
      }
      if (other.handles(game.value)) Object.assign(body, other.body(game.value));
      const started = await P.guarded(() => P.post("/api/setup/new", body));
      if (started) window.location.assign(back); // the judge's phone: its own page again
    } });
    root.replaceChildren(
      field(t("setup.game"), game), ...seatBoxes, field(t("clock.minutes"), minutes), dreamblade, other.node, start,
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
