/* The table screen's camera chip: reading well, reads falling off on some cells (or the map
   moved), or lost; a link to the Camera set-up page. Hidden without a camera. */
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
    const row = document.getElementById("camera-health-row");
    row.hidden = !(health && health.available);
    if (row.hidden) return;
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
