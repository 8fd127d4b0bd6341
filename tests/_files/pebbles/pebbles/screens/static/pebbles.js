/* Pebbles on the panel: the pile as a row of stones, and "Take 2" for "take 2". */
"use strict";

(() => {
  const P = window.Panel;
  const { t, el } = P;

  function label(text) {
    const n = Number(text.split(" ")[1]);
    return t("pebbles.take", { n });
  }

  function status(view) {
    return [[t("pebbles.pile"), String((view.extra || {}).left || 0)]];
  }

  function board(container, view) {
    const left = (view.extra || {}).left || 0;
    container.replaceChildren(el("div", { class: "pebbles-pile", "aria-label": t("pebbles.left", { n: left }) },
      ...Array.from({ length: left }, () => el("span", { class: "pebbles-stone" }))));
  }

  P.registerLabels("pebbles", label);
  P.registerStatus("pebbles", status);
  P.registerBoard("pebbles", board);
})();
