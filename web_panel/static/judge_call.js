/* "Call the judge" on a seated player's phone (POST /api/judge/call), in the judge card: the
   call shows on every phone of the table and, in a tournament, in the hub's judge calls. Only
   the players seated at the table call; the judge and spectators do not see the button. */
"use strict";

(() => {
  const P = window.Panel;

  function render() {
    const box = document.getElementById("judge-call");
    if (box) box.hidden = !P.state.me.seat || P.state.me.judge;
  }

  async function call() {
    if (!(await P.ask(P.t("judge.call_confirm")))) return;
    if (await P.guarded(() => P.post("/api/judge/call", {}))) P.toast(P.t("judge.called"), false);
  }

  document.addEventListener("DOMContentLoaded", () => {
    const button = document.getElementById("judge-call-button");
    if (!button) return;
    button.addEventListener("click", call);
    render();
  });
  document.addEventListener("panel:rendered", render);
})();
