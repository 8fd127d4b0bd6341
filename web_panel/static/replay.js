/* The replay viewer: a recorded game stepped and scrubbed version by version. The replay comes
   from the table or the hub (``boot.replay.source``), from an export file opened here (the panel
   replays it: ``POST /api/replay/file``), or from inside the exported HTML file itself
   (``#replay-data``: its frames gzipped, read with the browser's own DecompressionStream). Each
   version is drawn by replay_draw.js with the panel's scripts; this page adds the controls, what
   the version's action said (who, the action as labelled, the dice in it), its rule notices, the
   camera's pictures and the scoring cells. */
"use strict";

(() => {
  const { boot, t, el } = window.Page;
  const P = window.Panel;
  const R = window.Replay;
  let replay = null;
  let version = 0;

  function last() { return replay.frames.length - 1; }

  function figure(src, kind, cell) {
    const words = t(`log.${kind}`, { cell });
    return el("figure", {}, el("img", { src, class: kind, alt: words }), el("figcaption", { text: words }));
  }

  function renderMove(view) {
    const entry = R.entryAt(replay, version);
    const box = document.getElementById("replay-move");
    if (!entry) {
      box.replaceChildren(el("p", { class: "hint", text: t("replay.start") }));
      return;
    }
    const shown = entry.kind === "push" ? { ...entry, undone: view.log[view.log.length - 1].undone } : entry;
    const notices = (entry.notices || []).filter((n) => P.has(n.key)).map((n) => el("p", {
      class: "notice rule-notice", dataset: { kind: "rule", key: n.key }, text: P.keyedText(n),
    }));
    const pictures = R.picturesAt(replay, version).map((p) => el("div", { class: "pictures", dataset: { cell: p.cell } },
      el("div", { class: "row" }, figure(p.before, "before", p.cell), figure(p.after, "after", p.cell))));
    box.replaceChildren(
      el("p", { class: "replay-action", dataset: { seq: entry.seq, kind: entry.kind, step: entry.step || "" }, text: P.entryText(shown) }),
      ...notices,
      pictures.length ? el("h3", { text: t("log.pictures_title") }) : null,
      ...pictures);
  }

  function renderScoring(view) {
    const card = document.getElementById("replay-scoring");
    const lines = P.scoringOf(view);
    card.hidden = !lines.length;
    document.getElementById("replay-claims").replaceChildren(...lines);
  }

  function show(next) {
    version = Math.max(0, Math.min(last(), next));
    const view = R.draw(replay, version);
    renderMove(view);
    renderScoring(view);
    const slider = document.getElementById("replay-slider");
    slider.value = String(version);
    document.getElementById("replay-position").textContent = t("replay.position", { n: version, total: last() });
    document.getElementById("replay-back").disabled = version === 0;
    document.getElementById("replay-first").disabled = version === 0;
    document.getElementById("replay-forward").disabled = version === last();
    document.getElementById("replay-last").disabled = version === last();
    document.dispatchEvent(new Event("replay:shown"));
  }

  function start(data) {
    replay = data;
    const slider = document.getElementById("replay-slider");
    slider.max = String(last());
    document.getElementById("replay-game").hidden = false;
    document.getElementById("replay-error").hidden = true;
    show(0);
  }

  function fail(message) {
    const box = document.getElementById("replay-error");
    box.textContent = message;
    box.hidden = false;
  }

  /* The exported file's own replay: its frames (gzipped JSON, base64) and its pictures. */
  async function embedded() {
    const text = document.getElementById("replay-data").textContent.trim();
    const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    const data = JSON.parse(await new Response(stream).text());
    data.pictures = JSON.parse(document.getElementById("replay-pictures").textContent);
    return data;
  }

  async function fetched(source) {
    const response = await fetch(source, { credentials: "same-origin" });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(data.message || t("error.bad_request"));
    return data;
  }

  /* An export file the player picked: the table replays it (its pictures stay here, so a long
     game's JPEGs are never sent back), the file's own pictures are shown. */
  async function fromFile(file) {
    let document_;
    try {
      document_ = JSON.parse(await file.text());
    } catch {
      fail(t("error.replay.not_json"));
      return;
    }
    const pictures = Array.isArray(document_.pictures) ? document_.pictures : [];
    const sent = { ...document_, pictures: pictures.map((p) => ({ ...p, before: "", after: "" })) };
    const response = await fetch("/api/replay/file", {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": boot.me.csrf },
      body: JSON.stringify(sent),
    });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) {
      fail(data.message || t("error.bad_request"));
      return;
    }
    data.pictures = pictures;
    start(data);
  }

  function wire() {
    document.getElementById("replay-first").addEventListener("click", () => show(0));
    document.getElementById("replay-back").addEventListener("click", () => show(version - 1));
    document.getElementById("replay-forward").addEventListener("click", () => show(version + 1));
    document.getElementById("replay-last").addEventListener("click", () => show(last()));
    document.getElementById("replay-slider").addEventListener("input", (event) => show(Number(event.target.value)));
    document.addEventListener("keydown", (event) => {
      if (!replay || event.target.tagName === "INPUT" && event.target.type !== "range") return;
      const moves = { ArrowLeft: version - 1, ArrowRight: version + 1, Home: 0, End: last() };
      if (event.key in moves) {
        event.preventDefault();
        show(moves[event.key]);
      }
    });
    const picker = document.getElementById("replay-file");
    if (picker) picker.addEventListener("change", () => picker.files[0] && fromFile(picker.files[0]));
  }

  /* The page's own words, in its language (the exported file picks its language as it opens). */
  function words() {
    document.title = t("replay.title");
    for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
    for (const node of document.querySelectorAll("[data-t-label]")) node.setAttribute("aria-label", t(node.dataset.tLabel));
  }

  document.addEventListener("DOMContentLoaded", async () => {
    words();
    wire();
    const source = boot.replay || {};
    try {
      if (source.embedded) start(await embedded());
      else if (source.url) start(await fetched(source.url));
    } catch (error) {
      fail(error.message);
    }
  });

  window.ReplayViewer = { show, get version() { return version; }, get replay() { return replay; } };
})();
