/* Dreamblade's part of the new-game form (setup.js draws the rest): the map (its unknown values
   read from the printed map), the initiative rule, the die, and each seat's warband (a saved one,
   or built by searching the catalog or by showing each miniature's tag to the camera, and saved
   for next time). The server checks everything; this part only gathers the choices. */
"use strict";

(() => {
  const P = window.Panel;
  const { t, el } = P;
  const built = { A: [], B: [] }; // seat → [{id, name, count, tags}] for warbands built here
  const shownAlready = (tag) => Object.values(built).some((entries) => entries.some((e) => e.tags.includes(tag)));
  let mine = null; // what the set-up offers for this game (``/api/setup/options``' ``dreamblade``)
  let seats = [];
  let getJSON = null;
  let scanner = null;
  let field = null;
  let camera = false; // the table has a camera: warbands can be registered by showing tags

  function addCopy(seat, mini, tag = null) {
    let entry = built[seat].find((e) => e.id === mini.id);
    if (entry) entry.count += 1;
    else built[seat].push(entry = { id: mini.id, name: mini.name, count: 1, tags: [], unknown: mini.unknown || [] });
    if (tag) entry.tags.push(tag);
    return entry;
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
    const openForm = (mini) => formBox.replaceChildren(window.MiniatureForm.form(mine, mini, (saved) => {
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
      mine.warbands.push(saved);
      for (const pick of root.querySelectorAll(".warband-pick")) {
        pick.querySelector(`option[value="${saved.key}"]`)?.remove();
        pick.insertBefore(el("option", { value: saved.key, text: warbandLabel(saved) }),
          pick.querySelector('option[value="build"]'));
      }
    } });
    if (camera) box.append(scanner(seat, (mini) => drawChosen(addCopy(seat, mini, mini.tag)), "?game=dreamblade", shownAlready));
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

  /* A map in the phone's language: the config's, or a shipped one by its name here (a map
     shipped without words here keeps its own name). */
  function mapName(map) {
    if (map === "configured") return t("setup.configured_map");
    if (map === "event") return t("setup.event_map");
    return P.has(`setup.builtin_map.${map}`) ? t(`setup.builtin_map.${map}`) : map;
  }

  /* The form's part for this game: its node, and the part of the request it sends. */
  function form(tools) {
    ({ seats, getJSON, scanner, field } = tools);
    const { root } = tools;
    mine = tools.options.dreamblade;
    camera = tools.options.camera;
    const mapPick = el("select", { id: "setup-map" },
      ...mine.maps.map((m) => el("option", { value: m, text: mapName(m) })));
    const mapValues = el("fieldset", { class: "map-values" });
    const showMapValues = () => {
      const chosen = mine.map_values[mapPick.value];
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
    const node = el("div", { id: "setup-dreamblade" },
      field(t("setup.map"), mapPick), mapValues,
      el("label", { class: "check" }, el("input", { type: "checkbox", id: "setup-430", checked: mine.rule_430 }), t("setup.rule_430")),
      el("label", { class: "check" }, el("input", { type: "checkbox", id: "setup-die-confirmed" }),
        t("setup.die_confirmed", { faces: mine.die_faces.join(", ") })));
    for (const seat of seats) {
      const pick = el("select", { class: "warband-pick", dataset: { seat }, "aria-label": t("setup.warband") },
        ...mine.warbands.map((w) => el("option", { value: w.key, text: warbandLabel(w) })),
        el("option", { value: "build", text: t("setup.build") }));
      pick.selectedIndex = seat === "A" ? 0 : Math.min(1, mine.warbands.length - 1);
      const build = builder(seat, root);
      build.hidden = true;
      pick.addEventListener("change", () => { build.hidden = pick.value !== "build"; });
      node.append(el("fieldset", { class: "warband", dataset: { seat } },
        el("legend", { text: `${t("setup.warband")} · ${t("viewer.seat", { seat })}` }), pick, build));
    }
    const body = () => ({
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
    });
    return { node, body };
  }

  window.GameSetups = window.GameSetups || {};
  window.GameSetups.dreamblade = form;
})();
