/* The camera view: the latest frame with the grid and the tags read drawn over it by the server,
   refreshed while the card is open, a warning when the map moved since it was calibrated, and
   the manual calibration by tapping the map's corners. */
"use strict";

(() => {
  const P = window.Panel;
  const { t, el } = P;
  const REFRESH_MS = 3000;
  let corners = null; // the taps so far while calibrating, in image pixels
  let timer = null;

  /* What the camera sees now; null while the table cannot be reached (the stream says so). */
  async function status() {
    try {
      const response = await fetch("/api/camera", { credentials: "same-origin" });
      return response.ok ? await response.json() : null;
    } catch (error) {
      return null;
    }
  }

  function draw(box, info) {
    if (!info.width) {
      box.replaceChildren(el("p", { class: "hint", text: t("camera.waiting") }));
      return;
    }
    const image = el("img", { id: "camera-frame", alt: t("section.camera"), src: `/api/camera/frame.jpg?t=${Date.now()}` });
    const frame = el("div", { class: "camera-frame" }, image);
    const prompt = el("p", { class: "hint", id: "camera-prompt" });
    const showTaps = () => {
      frame.querySelectorAll(".tap").forEach((dot) => dot.remove());
      for (const [x, y] of corners || []) {
        frame.append(el("span", { class: "tap", style: { left: `${(100 * x) / info.width}%`, top: `${(100 * y) / info.height}%` } }));
      }
      prompt.textContent = corners ? t(`camera.corner.${corners.length}`) : "";
    };
    image.addEventListener("click", async (event) => {
      if (!corners) return;
      const rect = image.getBoundingClientRect();
      corners.push([
        ((event.clientX - rect.left) * info.width) / rect.width,
        ((event.clientY - rect.top) * info.height) / rect.height,
      ]);
      if (corners.length < 4) {
        showTaps();
        return;
      }
      const taps = corners;
      corners = null;
      showTaps();
      if (await P.guarded(() => P.post("/api/camera/calibrate", { corners: taps }))) {
        P.toast(t("camera.calibrated"), false);
        refresh();
      }
    });
    const start = el("button", { class: "btn secondary", type: "button", id: "camera-calibrate", text: t("camera.calibrate"),
      onclick: () => { corners = []; showTaps(); } });
    const cancel = el("button", { class: "btn secondary", type: "button", text: t("camera.cancel"),
      onclick: () => { corners = null; showTaps(); } });
    box.replaceChildren(
      el("p", { class: "hint", id: "camera-status", text: `${t("camera.status", { status: info.status, tags: info.tags.length })}${info.calibrated ? "" : ` · ${t("camera.uncalibrated")}`}` }),
      ...(info.status === "moved" ? [el("p", { class: "hint error-text", id: "camera-moved", text: t("camera.moved") })] : []),
      frame, prompt, el("div", { class: "row" }, start, cancel,
        el("a", { class: "btn secondary", id: "camera-setup-link", href: "/camera-setup", text: t("camsetup.link") })));
    showTaps();
  }

  async function refresh() {
    const card = document.getElementById("camera-card");
    if (!card.open || corners) return; // no pictures while closed; keep the frame while tapping
    const info = await status();
    if (info) draw(document.getElementById("camera"), info);
  }

  document.addEventListener("DOMContentLoaded", async () => {
    const card = document.getElementById("camera-card");
    if (!card) return;
    const info = await status();
    card.hidden = !(info && info.available);
    card.addEventListener("toggle", () => {
      clearInterval(timer);
      if (card.open) {
        refresh();
        timer = setInterval(refresh, REFRESH_MS);
      }
    });
  });
})();
