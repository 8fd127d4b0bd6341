/* Pebbles on the panel: the pile as a row of stones, and how many are left. */
"use strict";

(() => {
  const P = window.Panel;
  const { t, el } = P;

  function status(view) {
    return [[t("pebbles.pile"), String((view.extra || {}).left || 0)]];
  }

  function board(container, view) {
    const left = (view.extra || {}).left || 0;
    container.replaceChildren(el("div", { class: "pebbles-pile", "aria-label": t("pebbles.left", { n: left }) },
      ...Array.from({ length: left }, () => el("span", { class: "pebbles-stone" }))));
  }

  P.registerStatus("pebbles", status);
  P.registerBoard("pebbles", board);
})();
