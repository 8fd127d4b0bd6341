/* The table screen's history: every game its store keeps, newest first, each opening in the
   replay viewer (/replay/<id>), and the viewer for a saved game file (/replay). Read again when
   a game starts or ends. */
"use strict";

(() => {
  const { t, has, el } = window.Page;
  const P = window.Panel;
  let shown = null;

  function when(seconds) {
    return new Date(seconds * 1000).toLocaleString(document.documentElement.lang, { dateStyle: "short", timeStyle: "short" });
  }

  function line(game) {
    const name = has(`game.${game.game}`) ? t(`game.${game.game}`) : game.game;
    const players = Object.values(game.names).join(" – ");
    const status = game.winner && game.names[game.winner]
      ? t("history.won_by", { name: game.names[game.winner] })
      : t(`history.status.${game.status}`);
    return el("li", { class: "history-game", dataset: { game: game.id, status: game.status } },
      el("span", { text: `${t("history.game", { id: game.id, game: name, when: when(game.started_at) })}${players ? ` · ${players}` : ""} · ${status}` }),
      " ",
      el("a", { class: "btn small secondary", href: `/replay/${game.id}`, text: t("history.replay") }));
  }

  async function refresh() {
    const response = await fetch("/api/games", { credentials: "same-origin" });
    if (!response.ok) return;
    const { games } = await response.json();
    const list = document.getElementById("history-list");
    list.replaceChildren(...(games.length ? games.map(line) : [el("li", { class: "hint", text: t("history.empty") })]));
  }

  document.addEventListener("panel:rendered", () => {
    const view = P.state.view;
    const key = `${view.game_id}.${view.winner}`;
    if (key !== shown) {
      shown = key;
      refresh();
    }
  });
})();
