/* Remote play on the panel: the banner every page of a remote game shows (paused, and why; or
   connected, "resumed" just after a pause) and, on the table's own screen (or the judge's
   phone), the card that invites a friend (the code to type or copy, and its link as a QR code
   for a phone to scan and send on) or joins with a code. Opened from an invite's link
   (/table#join=CODE), the card comes with the code filled in.
   It reads the remote block of the table's view (view.remote) after each render. */
"use strict";

(() => {
  const { boot, t, el } = window.Page;
  // paused: the pause shown last; played: the game was on here since the page opened (so the
  // end of a pause is a resumption, not the first connection)
  const shown = { paused: null, played: false, resumedUntil: 0, invite: null, role: undefined, drawing: 0 };
  const RESUMED_MS = 10000;
  const JOIN = "#join="; // an invite's link: the table screen's address, this, then the code

  function bannerText(remote) {
    if (remote.refused) return [`remote.refused.${remote.refused}`, "refused"];
    if (remote.paused) {
      if (remote.role === "host" && remote.partner === "waiting") return ["remote.waiting", "waiting"];
      return [`remote.paused.${remote.paused}`, "paused"];
    }
    if (Date.now() < shown.resumedUntil) return ["remote.resumed", "resumed"];
    return ["remote.live", "live"];
  }

  function renderBanner(view) {
    const banner = document.getElementById("remote-banner");
    if (!banner) return;
    const remote = view.remote;
    if (!remote) {
      banner.hidden = true;
      delete banner.dataset.state;
      return;
    }
    if (shown.paused && !remote.paused && shown.played) {
      shown.resumedUntil = Date.now() + RESUMED_MS;
      setTimeout(() => renderBanner(window.Panel.state.view), RESUMED_MS + 50);
    }
    shown.paused = remote.paused;
    const [key, kind] = bannerText(remote);
    if (kind === "live") shown.played = true;
    banner.hidden = false;
    banner.dataset.state = kind;
    banner.dataset.reason = remote.paused || "";
    banner.className = `remote-banner remote-${kind}`;
    banner.replaceChildren(el("strong", { text: t(key) }));
  }

  // -- the table screen's card: invite or join ------------------------------------------------

  async function send(url, body) {
    const me = window.Panel.state.me;
    const response = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": me.csrf },
      body: JSON.stringify(body || {}),
    }).catch(() => null);
    if (!response) return { ok: false, data: { message: t("error.network") } };
    const data = await response.json().catch(() => ({}));
    return { ok: response.ok, data };
  }

  /* What went wrong, under the card's contents (gone with them when the card is drawn again). */
  function problem(card, data) {
    const box = card.querySelector("#remote-body");
    box.querySelectorAll(".remote-problem").forEach((p) => p.remove());
    box.append(el("p", { class: "remote-problem error-text", role: "alert", text: data.message || t("remote.failed") }));
  }

  /* A button copying ``text`` (``field`` selected, for a browser without the clipboard API). */
  function copyButton(id, label, copied, field, text) {
    return el("button", { id, class: "btn secondary", type: "button", text: t(label),
      onclick: async () => {
        field.select();
        try {
          await navigator.clipboard.writeText(text);
        } catch (error) {
          document.execCommand("copy"); // no clipboard API (plain HTTP on the LAN): the selection
        }
        window.Panel.toast(t(copied), false);
      } });
  }

  function codeBox(invite, seat) {
    // the whole code in view, wrapped in groups, to read out or type on another machine
    const input = el("textarea", { id: "remote-code", class: "remote-code", readonly: true, rows: 3,
      "aria-label": t("remote.code_label"), spellcheck: "false" });
    input.value = invite.code;
    // its link as a QR code: a phone scans it and sends the link on; the friend's table screen
    // opens it with the code filled in
    const link = el("input", { id: "remote-link", class: "remote-link", type: "text", readonly: true,
      "aria-label": t("remote.link_label"), spellcheck: "false" });
    link.value = invite.link;
    return el("div", { class: "remote-invite" },
      el("label", { class: "field" }, el("span", { text: t("remote.code_label") }), input),
      el("div", { class: "row" }, copyButton("remote-copy", "remote.copy", "remote.copied", input, invite.code)),
      el("p", { class: "hint", text: t("remote.code_hint", { seat }) }),
      el("figure", { id: "remote-qr", class: "remote-qr" },
        el("img", { src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(invite.qr)}`, alt: t("remote.qr_alt") }),
        el("figcaption", { class: "hint", text: t("remote.qr_hint") })),
      el("label", { class: "field" }, el("span", { text: t("remote.link_label") }), link),
      el("div", { class: "row" }, copyButton("remote-copy-link", "remote.copy_link", "remote.link_copied", link, invite.link)));
  }

  async function makeInvite(card) {
    const { ok, data } = await send("/api/remote/invite");
    if (!ok) return problem(card, data);
    shown.invite = data;
    shown.role = undefined; // drawn again with the code
    renderCard(window.Panel.state.view);
  }

  async function join(card, input) {
    const { ok, data } = await send("/api/remote/join", { code: input.value });
    if (!ok) return problem(card, data);
    if (location.hash.startsWith(JOIN)) history.replaceState(null, "", location.pathname + location.search);
    window.Panel.toast(t("remote.joined"), false);
  }

  async function leave() {
    if (!(await window.Panel.ask(t("remote.leave_confirm")))) return;
    await send("/api/remote/leave");
    shown.invite = null;
  }

  /* The code of the invite link this page was opened from, if any. */
  function linkedCode() {
    if (!location.hash.startsWith(JOIN)) return "";
    try {
      return decodeURIComponent(location.hash.slice(JOIN.length)).trim();
    } catch (error) {
      return location.hash.slice(JOIN.length); // said as it is: the table names what is wrong
    }
  }

  function leaveButton() {
    return el("button", { id: "remote-leave", class: "btn secondary", type: "button", text: t("remote.leave"), onclick: leave });
  }

  function ownCard(card) {
    const input = el("input", { id: "remote-join-code", type: "text", autocomplete: "off", spellcheck: "false",
      autocapitalize: "characters", placeholder: "TTC1-…", "aria-label": t("remote.code_label") });
    const linked = linkedCode();
    input.value = linked;
    const form = el("form", { id: "remote-join", class: "remote-join", onsubmit: (event) => { event.preventDefault(); join(card, input); } },
      el("h3", { text: t("remote.join") }),
      el("p", { class: "hint", text: t("remote.join_hint") }),
      input,
      el("button", { class: "btn secondary", type: "submit", text: t("remote.join_button") }));
    if (linked) {
      form.classList.add("remote-linked");
      form.insertBefore(el("p", { id: "remote-prefilled", class: "remote-prefilled", role: "status", text: t("remote.prefilled") }), input);
      requestAnimationFrame(() => form.scrollIntoView({ block: "center" }));
    }
    return [
      el("p", { class: "hint", text: t("remote.intro") }),
      el("div", { class: "row" },
        el("button", { id: "remote-invite", class: "btn", type: "button", text: t("remote.invite"), onclick: () => makeInvite(card) })),
      form,
    ];
  }

  async function hostCard(card, remote) {
    if (shown.invite === null) {
      const response = await fetch("/api/remote/invite", { credentials: "same-origin" }).catch(() => null);
      shown.invite = response && response.ok ? await response.json() : { code: null };
    }
    const parts = [el("p", { class: "remote-role", text: t("remote.role.host", { seat: remote.seat }) })];
    if (shown.invite.code && remote.partner === "waiting") parts.push(codeBox(shown.invite, remote.seat));
    parts.push(el("div", { class: "row" },
      el("button", { id: "remote-invite", class: "btn secondary", type: "button", text: t("remote.invite_again"), onclick: () => makeInvite(card) }),
      leaveButton()));
    return parts;
  }

  async function renderCard(view) {
    const card = document.getElementById("remote-card");
    if (!card) return;
    const me = window.Panel.state.me;
    // the table's own screen and the judge; not while the table plays in a tournament (its
    // pairings set its games), unless a remote game is already on
    card.hidden = !me.join_codes || (Boolean(view.event) && !view.remote);
    if (card.hidden) return;
    const remote = view.remote;
    const role = remote ? `${remote.role}.${remote.partner}` : null;
    if (role === shown.role) return; // drawn already: keep what is typed
    shown.role = role;
    const drawing = ++shown.drawing;
    const body = document.getElementById("remote-body");
    let parts;
    if (!remote) parts = ownCard(card);
    else if (remote.role === "host") parts = await hostCard(card, remote);
    else parts = [el("p", { class: "remote-role", text: t("remote.role.guest", { seat: remote.seat }) }), el("div", { class: "row" }, leaveButton())];
    // a later drawing began while this one fetched the invite (the invite made here, say, as the
    // table's news of it arrived): that one is the card, this one is dropped
    if (drawing !== shown.drawing) return;
    body.replaceChildren(...parts);
    fitCode();
  }

  /* The code's box as tall as the whole code, however narrow the screen. */
  function fitCode() {
    const box = document.getElementById("remote-code");
    if (!box) return;
    box.style.height = "auto";
    box.style.height = `${box.scrollHeight + 4}px`;
  }
  window.addEventListener("resize", fitCode);
  // an invite's link opened on a table screen already showing this page: the card anew, filled in
  window.addEventListener("hashchange", () => {
    const view = window.Panel.state.view;
    if (!linkedCode() || !view) return;
    shown.role = undefined;
    renderCard(view);
  });

  document.addEventListener("panel:rendered", () => {
    const view = window.Panel.state.view;
    if (!view) return;
    renderBanner(view);
    renderCard(view);
  });
  document.documentElement.dataset.remoteUi = boot.page;
})();
