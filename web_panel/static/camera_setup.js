/* The Camera set-up page: the live frame tinted cell by cell by what limits reading there, the
   problems with their fixes in the page's language, the carrier test in the corner cells, and the
   lens calibration from views of the ChArUco board. The server checks; this page only shows. */
"use strict";

(() => {
  const P = window.Panel;
  const { t, has, el } = P;
  const REFRESH_MS = 2500;
  const LIMITS = ["ok", "scale", "glare", "focus", "light"];

  async function fetchReport() {
    try {
      const response = await fetch("/api/camera/setup", { credentials: "same-origin" });
      return response.ok ? await response.json() : null;
    } catch (error) {
      return null;
    }
  }

  function cells(list) {
    return list.join(t("camsetup.cells_joiner"));
  }

  /* One problem's fix in the page's language, from its message key and fields. */
  function fixText(problem) {
    const fields = { ...problem, cells: cells(problem.cells) };
    if (problem.side) fields.side = t(`camsetup.side.${problem.side}`);
    const key = `camsetup.fix.${problem.key}`;
    return has(key) ? t(key, fields) : t("camsetup.verdict.no_go", { count: 1 });
  }

  function errorText(error) {
    const fields = { ...error };
    if (error.sides) fields.sides = error.sides.split(",").map((side) => t(`camsetup.side.${side}`)).join(t("camsetup.cells_joiner"));
    const key = `camsetup.error.${error.code}`;
    return t(has(key) ? key : "camsetup.error.other", fields);
  }

  function showFrame() {
    const image = document.getElementById("setup-frame");
    image.src = `/api/camera/setup.jpg?t=${Date.now()}`;
    image.hidden = false;
  }

  function render(data) {
    const verdict = document.getElementById("setup-verdict");
    const problems = document.getElementById("setup-problems");
    const figures = document.getElementById("setup-figures");
    const carriers = document.getElementById("setup-carriers");
    const none = Boolean(data && !data.available);
    document.getElementById("setup-none-how").hidden = !none;
    for (const id of ["setup-intro", "setup-legend", "carriers-card", "lens-card"]) {
      document.getElementById(id).hidden = none;
    }
    if (!data) return;  // the table's server did not answer: the page stays as it was
    if (none) {
      verdict.textContent = t("camsetup.none");
      verdict.dataset.verdict = "none";
      return;
    }
    showFrame();
    renderLensViews(data.lens_views || 0);
    if (data.error) {
      document.getElementById("setup-judges").hidden = true;
      verdict.textContent = errorText(data.error);
      verdict.dataset.verdict = "error";
      problems.replaceChildren();
      figures.textContent = "";
      carriers.replaceChildren();
      return;
    }
    const report = data.report;
    const judges = document.getElementById("setup-judges");
    const other = report.reads !== report.judges;  // the table reads another kind of label
    judges.hidden = !other;
    judges.textContent = other ? t(`camsetup.judges.${report.reads}`) : "";
    verdict.dataset.verdict = report.verdict;
    const said = t(`camsetup.verdict.${report.verdict}`, { count: report.problems.length });
    verdict.textContent = other ? t("camsetup.for_carriers", { verdict: said }) : said;
    figures.textContent = t("camsetup.figures", {
      good: report.cells.filter((c) => !c.limits.length).length, total: report.cells.length, need: report.threshold,
    });
    problems.replaceChildren(...report.problems.map((problem) => el("li", {
      class: "setup-problem", dataset: { kind: problem.kind }, text: fixText(problem),
    })));
    carriers.replaceChildren(...report.carriers.map((carrier) => el("li", {
      class: `setup-carrier ${carrier.read ? "read" : "waiting"}`, dataset: { cell: carrier.cell },
      text: carrier.read
        ? t("camsetup.carrier.read", { cell: carrier.cell, markers: carrier.markers, px: carrier.px_per_module ?? "–", percent: carrier.printed_percent ?? "–" })
        : t("camsetup.carrier.waiting", { cell: carrier.cell, markers: carrier.markers }),
    })));
  }

  function renderLensViews(views) {
    document.getElementById("lens-views").textContent = t("camsetup.lens.views", { views, needed: 3 });
  }

  async function refresh() {
    if (document.hidden) return;
    render(await fetchReport());
  }

  document.addEventListener("DOMContentLoaded", () => {
    document.getElementById("setup-legend").replaceChildren(...LIMITS.map((limit) => el("li", {
      class: `legend-${limit}`, text: t(`camsetup.legend.${limit}`),
    })));
    document.getElementById("lens-add").addEventListener("click", async () => {
      const added = await P.guarded(() => P.post("/api/camera/lens/view", {}));
      if (added) { renderLensViews(added.views); P.toast(t("camsetup.lens.added"), false); }
    });
    document.getElementById("lens-compute").addEventListener("click", async () => {
      const lens = await P.guarded(() => P.post("/api/camera/lens", {}));
      if (!lens) return;
      const done = document.getElementById("lens-done");
      done.textContent = t("camsetup.lens.done", { rms: lens.rms_px });
      done.hidden = false;
      const preview = document.getElementById("lens-preview");
      preview.src = `/api/camera/lens.jpg?t=${Date.now()}`;
      preview.hidden = false;
      renderLensViews(0);
    });
    refresh();
    setInterval(refresh, REFRESH_MS);
  });
})();
