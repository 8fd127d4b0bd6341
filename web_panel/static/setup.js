/* The new-game form: game, seats, round clock, and for Dreamblade the map, the initiative rule
   and each seat's warband (a saved one, or built by searching the catalog and saved for next
   time). The server checks everything; this page only gathers the choices. */
"use strict";

(() => {
  const P = window.Panel;
  const { t, el } = P;
  const seats = ["A", "B"];
  let options = null;
  const built = { A: [], B: [] }; // seat → [{id, name, count}] for warbands built here

  async function getJSON(url) {
    const response = await fetch(url, { credentials: "same-origin" });
    return response.json();
  }

  function field(labelText, control) {
    return el("label", { class: "field" }, el("span", { text: labelText }), control);
  }

  function builder(seat, root) {
    const box = el("div", { class: "builder", dataset: { seat } });
    const results = el("div", { class: "results" });
    const chosen = el("ol", { class: "chosen" });
    const name = el("input", { type: "text", class: "warband-name", placeholder: t("setup.warband_name"), "aria-label": t("setup.warband_name") });
    const drawChosen = () => {
      chosen.replaceChildren(...built[seat].map((entry) => el("li", {},
        el("span", { text: `${entry.name} ×${entry.count}` }), " ",
        el("button", { class: "btn secondary small", type: "button", text: "−", onclick: () => {
          entry.count -= 1;
          built[seat] = built[seat].filter((e) => e.count > 0);
          drawChosen();
        } }))));
    };
    const search = el("input", { type: "search", class: "catalog-search", placeholder: t("setup.search"), "aria-label": t("setup.search") });
    search.addEventListener("input", async () => {
      const found = (await getJSON(`/api/setup/catalog?q=${encodeURIComponent(search.value)}`)).results;
      results.replaceChildren(...found.map((mini) => el("button", {
        class: "btn secondary result", type: "button", dataset: { id: mini.id },
        text: `${mini.name} (${mini.cost === null ? "?" : mini.cost}${mini.aspects.map((a) => a[0]).join("")})`,
        onclick: () => {
          const entry = built[seat].find((e) => e.id === mini.id);
          if (entry) entry.count += 1;
          else built[seat].push({ id: mini.id, name: mini.name, count: 1 });
          drawChosen();
        },
      })));
    });
    const save = el("button", { class: "btn secondary", type: "button", text: t("setup.save_warband"), onclick: async () => {
      const saved = await P.guarded(() => P.post("/api/setup/warbands", warbandData(seat, name.value)));
      if (!saved) return;
      P.toast(t("setup.saved", { name: saved.name }), false);
      options.dreamblade.warbands.push(saved);
      for (const pick of root.querySelectorAll(".warband-pick")) {
        pick.querySelector(`option[value="${saved.key}"]`)?.remove();
        pick.insertBefore(el("option", { value: saved.key, text: `${saved.name} (${saved.size})` }),
          pick.querySelector('option[value="build"]'));
      }
    } });
    box.append(search, results, chosen, el("div", { class: "row" }, name, save));
    return box;
  }

  function warbandData(seat, name) {
    return { name: name || t("setup.unnamed"), miniatures: built[seat].map((e) => ({ id: e.id, count: e.count })) };
  }

  function draw(root) {
    const game = el("select", { id: "setup-game", "aria-label": t("setup.game") },
      ...options.games.map((g) => el("option", { value: g, text: g, selected: g === "dreamblade" })));
    const seatBoxes = seats.map((seat) => {
      const current = options.seats[seat] || { name: seat, colour: "#777777" };
      return el("fieldset", { class: "seat", dataset: { seat } },
        el("legend", { text: t("viewer.seat", { seat }) }),
        field(t("setup.name"), el("input", { type: "text", class: "seat-name", value: current.name, maxlength: "40" })),
        field(t("setup.colour"), el("input", { type: "color", class: "seat-colour", value: current.colour })));
    });
    const minutes = el("input", { type: "number", id: "setup-minutes", min: "1", max: "600", value: options.clock_minutes || "" });
    const dreamblade = el("div", { id: "setup-dreamblade" },
      field(t("setup.map"), el("select", { id: "setup-map" },
        ...options.dreamblade.maps.map((m) => el("option", { value: m, text: m === "configured" ? t("setup.configured_map") : m })))),
      el("label", { class: "check" }, el("input", { type: "checkbox", id: "setup-430", checked: options.dreamblade.rule_430 }), t("setup.rule_430")));
    for (const seat of seats) {
      const pick = el("select", { class: "warband-pick", dataset: { seat }, "aria-label": t("setup.warband") },
        ...options.dreamblade.warbands.map((w) => el("option", { value: w.key, text: `${w.name} (${w.size})` })),
        el("option", { value: "build", text: t("setup.build") }));
      pick.selectedIndex = seat === "A" ? 0 : Math.min(1, options.dreamblade.warbands.length - 1);
      const build = builder(seat, root);
      build.hidden = true;
      pick.addEventListener("change", () => { build.hidden = pick.value !== "build"; });
      dreamblade.append(el("fieldset", { class: "warband", dataset: { seat } },
        el("legend", { text: `${t("setup.warband")} · ${t("viewer.seat", { seat })}` }), pick, build));
    }
    game.addEventListener("change", () => { dreamblade.hidden = game.value !== "dreamblade"; });
    const start = el("button", { class: "btn", type: "button", id: "setup-start", text: t("setup.start"), onclick: async () => {
      const unfinished = !options.current.finished && options.current.actions > 0;
      if (unfinished && !(await P.ask(t("setup.abandon", { game: options.current.game })))) return;
      const body = {
        game: game.value,
        clock_minutes: Number(minutes.value) || null,
        seats: Object.fromEntries(seats.map((seat) => {
          const box = root.querySelector(`fieldset.seat[data-seat="${seat}"]`);
          return [seat, { name: box.querySelector(".seat-name").value, colour: box.querySelector(".seat-colour").value }];
        })),
      };
      if (game.value === "dreamblade") {
        body.dreamblade = {
          map: root.querySelector("#setup-map").value,
          rule_430: root.querySelector("#setup-430").checked,
          warbands: Object.fromEntries(seats.map((seat) => {
            const value = root.querySelector(`.warband-pick[data-seat="${seat}"]`).value;
            const name = root.querySelector(`.builder[data-seat="${seat}"] .warband-name`).value;
            return [seat, value === "build" ? warbandData(seat, name) : { saved: value }];
          })),
        };
      }
      const started = await P.guarded(() => P.post("/api/setup/new", body));
      if (started) window.location.assign(P.state.me.join_codes ? "/table" : "/");
    } });
    root.replaceChildren(
      field(t("setup.game"), game), ...seatBoxes, field(t("clock.minutes"), minutes), dreamblade, start);
  }

  document.addEventListener("DOMContentLoaded", async () => {
    const root = document.getElementById("setup");
    if (!root) return;
    options = await getJSON("/api/setup/options");
    if (!options.may_set_up) {
      root.replaceChildren(el("p", { class: "hint", id: "setup-refused", text: t("setup.not_allowed") }),
        el("a", { class: "btn secondary", href: "/", text: t("join.back") }));
      return;
    }
    draw(root);
  });
})();
