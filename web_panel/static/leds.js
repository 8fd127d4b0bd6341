/* The table's lights on the table screen and the set-up page: the live LED mirror, and a scene
   picker that previews every game's light scenes — the scenes and demonstration positions of
   `companion leds show`, drawn by the server through the virtual LED chain — for a while, then
   returns to the live lights. Previews are shown here only: the table's LEDs keep following
   the game. */
"use strict";

(() => {
  const P = window.Panel;
  const G = window.Games;
  const { t, el } = P;
  const PREVIEW_LOOPS = 3; // a preview plays this many times, then the mirror is live again
  const shown = { scene: null, frames: [], step: 0, timer: null };
  let parts = null; // { grid, caption, legend, select, back } once built

  function sceneName(name) {
    return P.has(`leds.scene.${name}`) ? t(`leds.scene.${name}`) : t("leds.scene");
  }

  function draw() {
    if (!parts) return;
    const previewing = shown.scene !== null;
    const colours = previewing ? shown.frames[shown.step % shown.frames.length] : P.state.leds;
    const grid = G.ledGrid(colours || {});
    parts.grid.replaceChildren(grid || el("p", { class: "hint", text: t("leds.no_live") }));
    parts.grid.dataset.showing = previewing ? shown.scene : "live";
    parts.caption.textContent = previewing ? t("leds.previewing", { scene: sceneName(shown.scene) }) : t("leds.live");
    parts.back.hidden = !previewing;
  }

  function live() {
    clearInterval(shown.timer);
    Object.assign(shown, { scene: null, frames: [], step: 0, timer: null });
    if (parts) {
      parts.select.value = "";
      parts.legend.textContent = "";
    }
    draw();
  }

  async function preview(name, legend) {
    clearInterval(shown.timer);
    const response = await fetch(`/api/leds/scenes/${encodeURIComponent(name)}`, { credentials: "same-origin" });
    const data = await response.json().catch(() => ({}));
    if (!response.ok || !data.frames || !data.frames.length) {
      P.toast(t("leds.unavailable"));
      live();
      return;
    }
    Object.assign(shown, { scene: name, frames: data.frames, step: 0 });
    parts.legend.textContent = legend;
    const last = data.frames.length * PREVIEW_LOOPS;
    shown.timer = setInterval(() => {
      shown.step += 1;
      if (shown.step >= last) live();
      else draw();
    }, 1000 / data.fps);
    draw();
  }

  async function build() {
    const box = document.getElementById("leds-preview");
    if (!box) return;
    const response = await fetch("/api/leds/scenes", { credentials: "same-origin" });
    const data = await response.json().catch(() => ({}));
    const scenes = response.ok ? data.scenes : [];
    const legends = Object.fromEntries(scenes.map((s) => [s.name, s.legend]));
    const games = [...new Set(scenes.map((s) => s.game))];
    const select = el("select", { id: "leds-scene", "aria-label": t("leds.pick") },
      el("option", { value: "", text: t("leds.pick") }),
      ...games.map((game) => el("optgroup", { label: P.has(`game.${game}`) ? t(`game.${game}`) : game },
        ...scenes.filter((s) => s.game === game).map((s) => el("option", { value: s.name, text: sceneName(s.name) })))));
    select.addEventListener("change", () => (select.value ? preview(select.value, legends[select.value]) : live()));
    parts = {
      grid: el("div", { class: "leds-grid" }),
      caption: el("p", { class: "leds-caption" }),
      legend: el("p", { class: "hint leds-legend" }),
      select,
      back: el("button", { class: "btn secondary", type: "button", id: "leds-live", text: t("leds.back"), onclick: live }),
    };
    box.replaceChildren(parts.caption, parts.grid, el("div", { class: "row" }, select, parts.back), parts.legend);
    draw();
  }

  document.addEventListener("panel:leds", () => { if (shown.scene === null) draw(); });
  document.addEventListener("DOMContentLoaded", build);
})();
