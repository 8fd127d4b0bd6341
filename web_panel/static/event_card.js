/* The table screen in a tournament: which table this is (its name as the event knows it), the
   round, the match and its players by seat — or that no match is paired here yet. It reads the
   event block of the table's view (view.event: the hub's link) after each render. */
"use strict";

(() => {
  const { t, el } = window.Page;

  function render(view) {
    const card = document.getElementById("event-card");
    if (!card) return;
    const event = view.event;
    card.hidden = !event;
    if (!event) return;
    const parts = [el("p", { id: "event-table", class: "event-table", text: event.table })];
    if (event.round === null || event.round === undefined) {
      parts.push(el("p", { class: "hint", text: t("event.waiting") }));
    } else {
      parts.push(el("p", { id: "event-round", class: "event-round", text: t("event.round_match", { round: event.round, match: event.match }) }));
      parts.push(el("p", { id: "event-players", class: "event-players", text: t("event.players", { a: event.players.A, b: event.players.B }) }));
    }
    document.getElementById("event-body").replaceChildren(...parts);
  }

  document.addEventListener("panel:rendered", () => {
    const view = window.Panel.state.view;
    if (view) render(view);
  });
})();
