/* The table screen's camera chip: reading well, reads falling off on some cells (or the map
   moved), or lost; without a camera, that the phones keep the board. Beside it, always, the link
   to the Camera set-up page (which says how to add a camera). */
"use strict";

(() => {
  const { t } = window.Page;
  const REFRESH_MS = 3000;

  async function refresh() {
    const chip = document.getElementById("camera-health");
    if (!chip) return;
    let health = null;
    try {
      const response = await fetch("/api/camera/health", { credentials: "same-origin" });
      health = response.ok ? await response.json() : null;
    } catch (error) {
      health = null;
    }
    if (!health) return;  // the table's server did not answer: the chip stays as it was
    if (!health.available) {
      chip.dataset.state = "none";
      chip.textContent = t("camera.health.none");
      return;
    }
    chip.dataset.state = health.state;
    chip.textContent = health.state === "degraded" && health.moved
      ? t("camera.health.moved")
      : t(`camera.health.${health.state}`, { cells: health.cells.join(t("camsetup.cells_joiner")) });
  }

  document.addEventListener("DOMContentLoaded", () => {
    refresh();
    setInterval(refresh, REFRESH_MS);
  });
})();
