/* Solo play (issue 35): the card on the table's screen and the phones that starts a game against
   the table in two taps — "Play against the table", then the computer's level — with the game's
   warbands and map as they are (the set-up page chooses others, the table as opponent there too),
   and the line that says which seats the table plays. It reads view.solo (the levels offered, or
   null) and view.computer (seat → level) after each render; the server checks who may start. */
"use strict";

(() => {
  const { boot, t, el } = window.Page;
  const shown = { open: false, key: null };

  /* Who may start one here: the table's own screen, or a seated phone once the game is over or
     before its first action (the server says so again). */
  function mayStart(view) {
    if (boot.page === "table") return true;
    const me = window.Panel.state.me;
    return Boolean(me.judge || (me.seat && (view.winner || view.version === 0)));
  }

  function levelButton(level) {
    return el("button", {
      class: "btn solo-level", type: "button", dataset: { level },
      text: t(`solo.level.${level}`),
      onclick: () => start(level),
    });
  }

  async function start(level) {
    const P = window.Panel;
    const started = await P.guarded(() => P.post("/api/solo", { level }));
    if (started) {
      shown.open = false;
      shown.key = null;
      // closed now: the new game's news may have come (and been drawn) before this answer
      renderCard(P.state.view);
      P.toast(t("solo.started", { level: t(`solo.level.${level}`) }), false);
    }
  }

  function renderCard(view) {
    const card = document.getElementById("solo-card");
    if (!card) return;
    card.hidden = !view.solo || !mayStart(view) || Boolean(view.demo && view.demo.scripted);
    if (card.hidden) return;
    const key = `${shown.open}`;
    if (key === shown.key) return;
    shown.key = key;
    const body = document.getElementById("solo-body");
    if (!shown.open) {
      body.replaceChildren(el("button", {
        id: "solo-open", class: "btn", type: "button", text: t("solo.open"),
        onclick: () => { shown.open = true; renderCard(window.Panel.state.view); },
      }));
      return;
    }
    const setup = el("a", { class: "solo-setup", href: boot.page === "table" ? "/setup?from=table" : "/setup", text: t("solo.other_setup") });
    body.replaceChildren(
      el("p", { class: "hint solo-same", text: t("solo.same_setup") }),
      el("div", { class: "row solo-levels" }, ...view.solo.levels.map(levelButton)),
      el("p", { class: "hint" }, setup));
  }

  /* Which seats the table plays, in every page's status. */
  function renderPlayedBy(view) {
    const status = document.getElementById("status");
    if (!status) return;
    let line = document.getElementById("computer-seats");
    const seats = Object.entries(view.computer || {});
    if (!seats.length) {
      if (line) line.remove();
      return;
    }
    if (!line) status.after(line = el("p", { id: "computer-seats", class: "hint computer-seats" }));
    line.textContent = seats.map(([seat, level]) => t("computer.plays", {
      name: window.Panel.seat(seat).name, level: t(`solo.level.${level}`),
    })).join(" ");
  }

  document.addEventListener("panel:rendered", () => {
    const view = window.Panel.state.view;
    if (!view) return;
    renderCard(view);
    renderPlayedBy(view);
  });
})();
