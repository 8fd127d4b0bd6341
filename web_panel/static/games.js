/* Helpers shared by the games' own views: the engine's own prompt with
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

  /* A button for one of the view's offers: its label, and the offer sent as it was given. */
  function actionButton(offer, extraClass = "") {
    return el("button", {
      class: `btn choice ${extraClass}`.trim(), type: "button", dataset: { action: offer.notation, verb: offer.verb },
      text: P.actionLabel(offer), onclick: () => P.propose(offer),
    });
  }

  /* The view's offers of one of ``verbs``. */
  function legal(view, ...verbs) {
    return P.offers(view, ...verbs);
  }

  /* The offer of ``verb`` whose arguments include ``args`` (each the same value), or null. */
  function offered(view, verb, args) {
    return P.offers(view, verb).find((offer) => Object.entries(args).every(([k, v]) => offer.args[k] === v)) || null;
  }

  /* A titled grid of action buttons (nothing when there are no actions). */
  function choices(title, actions, extraClass = "") {
    if (!actions.length) return null;
    return el("div", { class: "og-group" },
      title ? el("h4", { class: "og-group-title", text: title }) : null,
      el("div", { class: "choices" }, ...actions.map((offer) => actionButton(offer, extraClass))));
  }

  /* Actions tucked away under a summary (card effects, players leaving: rare, not to be hit by
     mistake). */
  function folded(summary, ...children) {
    const inner = children.flat().filter(Boolean);
    if (!inner.length) return null;
    return el("details", { class: "og-folded" }, el("summary", { text: summary }), ...inner);
  }

  /* Column (0-based) and row of a cell name such as "c3" or "aa12" (spreadsheet-style). */
  function cellPlace(cell) {
    const match = /^([a-z]+)(\d+)$/.exec(cell);
    if (!match) return null;
    let column = 0;
    for (const letter of match[1]) column = column * 26 + (letter.charCodeAt(0) - 96);
    return [column - 1, Number(match[2])];
  }

  /* LED colours (cell → colour) as a small grid of the cells they name, far row on top; null
     when there are none. */
  function ledGrid(leds) {
    const places = Object.keys(leds).map(cellPlace).filter(Boolean);
    if (!places.length) return null;
    const columns = Math.max(...places.map(([column]) => column)) + 1;
    const rows = Math.max(...places.map(([, row]) => row));
    const grid = el("div", {
      class: "og-leds", title: t("og.leds"), "aria-label": t("og.leds"),
      style: { gridTemplateColumns: `repeat(${columns}, var(--led))` },
    });
    for (let row = rows; row >= 1; row -= 1) {
      for (let column = 0; column < columns; column += 1) {
        let name = "";
        for (let n = column + 1; n > 0; n = Math.floor((n - 1) / 26)) {
          name = String.fromCharCode(97 + ((n - 1) % 26)) + name;
        }
        const cell = `${name}${row}`;
        grid.append(el("span", { dataset: { cell }, style: { background: leds[cell] || "#111" } }));
      }
    }
    return grid;
  }

  /* The table's LEDs as they are now, on a game's board. */
  function ledMirror() {
    const grid = ledGrid(P.state.leds || {});
    return grid ? el("div", { class: "og-leds-box" }, el("small", { text: t("og.leds") }), grid) : null;
  }

  /* A number entered with −/+ (in steps of ``step``) or typed on the phone's keypad. ``value()``
     is the number shown (NaN when the box is empty or not a number); ``onchange`` runs after
     every change. The server checks the number again. */
  function counter({ key, label, start = 0, min = 0, max = null, step = 1, onchange = () => {} }) {
    const box = el("input", {
      type: "number", inputmode: "numeric", class: "og-count", min: String(min), step: String(step),
      value: String(start), "aria-label": label, dataset: { count: key },
    });
    if (max !== null) box.max = String(max);
    const value = () => (box.value.trim() === "" ? NaN : Number(box.value));
    const change = (delta) => {
      const now = Number.isFinite(value()) ? value() : 0;
      const next = Math.max(min, max === null ? now + delta : Math.min(max, now + delta));
      box.value = String(next);
      onchange();
    };
    box.addEventListener("input", onchange);
    const node = el("div", { class: "row og-counter", dataset: { key } },
      label ? el("span", { class: "og-counter-label", text: label }) : null,
      el("button", { class: "btn secondary", type: "button", text: "−", "aria-label": `${label} −`, onclick: () => change(-step) }),
      box,
      el("button", { class: "btn secondary", type: "button", text: "+", "aria-label": `${label} +`, onclick: () => change(step) }));
    return { node, value };
  }

  function seatTag(seatId, extraText = "") {
    const s = P.seat(seatId);
    return el("span", { class: "og-seat", style: { borderColor: s.colour } }, s.name, extraText);
  }

  /* The camera's open prompts (view.camera_prompts) as cards: ``text(prompt)`` says what the camera
     saw, ``label(offer, prompt)`` names each settling action's button; every card can be
     dismissed. A settling button works for the seat the game waits for (or the judge) while the
     engine takes it; dismissing, for any seat or the judge; spectators only read. */
  function cameraPrompts(view, text, label, dismissLabel = () => t("cp.dismiss")) {
    const prompts = view.camera_prompts || [];
    if (!prompts.length) return null;
    const mayDismiss = P.canAct({ seat: null, kind: "camera_prompt" });
    return el("div", { class: "cp-list" }, ...prompts.map((prompt) => {
      const mayPress = prompt.legal && P.canAct({ seat: prompt.seat, kind: "camera_prompt" });
      const buttons = prompt.actions.map((offer) => el("button", {
        class: "btn cp-settle", type: "button", dataset: { action: offer.notation }, disabled: !mayPress,
        text: label(offer, prompt), onclick: () => P.propose(offer),
      }));
      const dismiss = el("button", {
        class: "btn secondary cp-dismiss", type: "button", disabled: !mayDismiss, text: dismissLabel(prompt),
        onclick: () => P.guarded(() => P.post("/api/camera_prompts/dismiss", { id: prompt.id, game_id: view.game_id })),
      });
      const me = P.state.me;
      const hint = !prompt.legal ? t("cp.not_legal")
        : mayPress ? null
          : me.seat || me.judge ? t("cp.waiting", { name: P.seat(prompt.seat).name }) : t("cp.spectator");
      return el("section", { class: `cp-card cp-${prompt.kind}`, dataset: { prompt: prompt.id }, role: "alert" },
        el("h4", { class: "cp-title", text: t("cp.title") }),
        el("p", { class: "cp-text", text: text(prompt) }),
        el("div", { class: "choices cp-buttons" }, ...buttons, dismiss),
        hint ? el("p", { class: "hint cp-hint", text: hint }) : null);
    }));
  }

  /* " (last seen on X)" when the camera knows where. */
  function lastSeen(prompt) {
    return prompt.where ? t("cp.at", { where: prompt.where }) : "";
  }

  /* Append the nodes that exist (helpers return null when they have nothing to show). */
  function add(container, ...nodes) {
    container.append(...nodes.flat().filter(Boolean));
  }

  window.Games = {
    add, extra, named, enginePrompt, actionButton, legal, offered, choices, folded, ledGrid, ledMirror, counter, seatTag, cameraPrompts, lastSeen,
  };
})();
