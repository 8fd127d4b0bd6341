/* Helpers shared by the Planechase, Dungeon Command and Arena views: the engine's own prompt with
   seat names put in, action buttons, grouped choices and the small LED mirror. Like the rest of
   the panel they only lay out what the engine lists; the server checks every action again. */
"use strict";

(() => {
  const P = window.Panel;
  const { t, el } = P;
  const SEAT_MARK = /⟦([^⟧]*)⟧/g; // the view marks seat ids in the engines' prompts

  function extra(view) { return view.extra || {}; }

  function named(text) {
    return text.replace(SEAT_MARK, (match, id) => P.seat(id).name);
  }

  /* The engine's prompt in the page's language, seats shown by name. */
  function enginePrompt(pending, view) {
    const prompts = extra(view).prompt;
    if (!prompts) return null;
    const text = prompts[document.documentElement.lang] || prompts.en;
    return text ? named(text) : null;
  }

  function actionButton(text, extraClass = "") {
    return el("button", {
      class: `btn choice ${extraClass}`.trim(), type: "button", dataset: { action: text },
      text: P.actionLabel(text), onclick: () => P.propose(text),
    });
  }

  /* Legal actions whose first word is one of ``verbs``. */
  function legal(view, ...verbs) {
    return (view.legal_actions || []).filter((text) => verbs.includes(text.split(" ")[0]));
  }

  /* A titled grid of action buttons (nothing when there are no actions). */
  function choices(title, actions, extraClass = "") {
    if (!actions.length) return null;
    return el("div", { class: "og-group" },
      title ? el("h4", { class: "og-group-title", text: title }) : null,
      el("div", { class: "choices" }, ...actions.map((text) => actionButton(text, extraClass))));
  }

  /* Actions tucked away under a summary (card effects, players leaving: rare, not to be hit by
     mistake). */
  function folded(summary, ...children) {
    const inner = children.flat().filter(Boolean);
    if (!inner.length) return null;
    return el("details", { class: "og-folded" }, el("summary", { text: summary }), ...inner);
  }

  /* The table's LEDs as a small 5×5 grid, when the lights are mirrored. */
  function ledMirror() {
    const leds = P.state.leds || {};
    if (!Object.keys(leds).length) return null;
    const grid = el("div", { class: "og-leds", title: t("og.leds"), "aria-label": t("og.leds") });
    for (const row of [5, 4, 3, 2, 1]) {
      for (const column of ["a", "b", "c", "d", "e"]) {
        const cell = `${column}${row}`;
        grid.append(el("span", { dataset: { cell }, style: { background: leds[cell] || "#111" } }));
      }
    }
    return el("div", { class: "og-leds-box" }, el("small", { text: t("og.leds") }), grid);
  }

  function seatTag(seatId, extraText = "") {
    const s = P.seat(seatId);
    return el("span", { class: "og-seat", style: { borderColor: s.colour } }, s.name, extraText);
  }

  /* Append the nodes that exist (helpers return null when they have nothing to show). */
  function add(container, ...nodes) {
    container.append(...nodes.flat().filter(Boolean));
  }

  window.Games = { add, extra, named, enginePrompt, actionButton, legal, choices, folded, ledMirror, seatTag };
})();
