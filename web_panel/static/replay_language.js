/* The exported replay file's language, picked as it opens (no server to ask): ``#lang=ja`` or
   ``#lang=en`` in its address, else the browser's language, else the one it was exported in. Its
   boot data holds both catalogs; this leaves the chosen one where page.js reads it. Runs first. */
"use strict";

(() => {
  const node = document.getElementById("boot");
  const boot = JSON.parse(node.textContent);
  const asked = (window.location.hash.match(/lang=([a-z]+)/) || [])[1];
  const browser = (navigator.language || "").slice(0, 2);
  const lang = [asked, browser].find((l) => l && boot.catalogs[l]) || boot.lang;
  const other = Object.keys(boot.catalogs).find((l) => l !== lang) || lang;
  boot.lang = lang;
  boot.messages = boot.catalogs[lang];
  delete boot.catalogs;
  node.textContent = JSON.stringify(boot);
  document.documentElement.lang = lang;
  const toggle = document.getElementById("lang-toggle");
  toggle.setAttribute("href", `#lang=${other}`);
  window.addEventListener("hashchange", () => window.location.reload());
})();
