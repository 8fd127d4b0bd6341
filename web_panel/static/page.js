/* What every page of the phone panel and of the tournament hub shares: the boot data the server
   put in the page, its messages in the page's language (t, has) and el() to build elements.
   Loaded before the page's own scripts, which read window.Page. */
"use strict";

window.Page = (() => {
  const boot = JSON.parse(document.getElementById("boot").textContent);
  const messages = boot.messages;

  /* A count's word: "{n:hit|hits}" is the first for exactly 1 of field n, the second for any
     other number (i18n.py's PLURAL; a language without plurals never writes one). */
  const PLURAL = /\{(\w+):([^{}|]*)\|([^{}]*)\}/g;

  /* The message ``key`` with its {fields} filled in (the key itself when there is none). */
  function t(key, fields = {}) {
    const text = messages[key];
    if (text === undefined) return key;
    return text
      .replace(PLURAL, (match, name, one, other) => (name in fields ? (Number(fields[name]) === 1 ? one : other) : match))
      .replace(/\{(\w+)\}/g, (match, name) => (name in fields ? String(fields[name]) : match));
  }

  function has(key) {
    return Object.prototype.hasOwnProperty.call(messages, key);
  }

  /* el("button", {class: "btn", text: "Go", onclick: fn, dataset: {x: 1}}, child, ...) */
  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) {
      if (value === undefined || value === null || value === false) continue;
      if (name === "text") node.textContent = value;
      else if (name === "class") node.className = value;
      else if (name === "dataset") Object.assign(node.dataset, value);
      else if (name === "style") Object.assign(node.style, value); // CSSOM: allowed by the CSP
      else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
      else if (value === true) node.setAttribute(name, "");
      else node.setAttribute(name, value);
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  return { boot, t, has, el };
})();
