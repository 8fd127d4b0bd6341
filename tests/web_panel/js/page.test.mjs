// The phone's message code (web_panel/static/page.js: t, has) under Node's own test runner, with no
// browser: every case of the file named by PAGE_CASES (written by tests/web_panel/test_page_js.py
// from the panel's catalogs, each with the text Python's translate() gives) must read the same.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import vm from "node:vm";

const here = new URL(".", import.meta.url);
const source = readFileSync(new URL("../../../web_panel/static/page.js", here), "utf8");
const cases = JSON.parse(readFileSync(process.env.PAGE_CASES, "utf8"));

/* page.js as a page of language ``lang`` loads it: its boot data in a <script id="boot">. */
function pageOf(lang) {
  const boot = { page: "phone", lang, messages: cases.messages[lang] };
  const document = {
    getElementById: (id) => (id === "boot" ? { textContent: JSON.stringify(boot) } : null),
  };
  const context = vm.createContext({ window: {}, document });
  vm.runInContext(source, context, { filename: "page.js" });
  return context.window.Page;
}

for (const lang of Object.keys(cases.messages)) {
  const Page = pageOf(lang);
  test(`${lang}: every message reads as the server writes it`, () => {
    const mine = cases.cases.filter((c) => c.lang === lang);
    assert.ok(mine.length > 100, `only ${mine.length} cases for ${lang}`);
    for (const c of mine) assert.equal(Page.t(c.key, c.fields), c.expected, `${lang} ${c.key}`);
  });
  test(`${lang}: an unknown key reads as itself, and has() tells`, () => {
    assert.equal(Page.t("no.such.key", { n: 1 }), "no.such.key");
    assert.equal(Page.has("no.such.key"), false);
    assert.equal(Page.has(Object.keys(cases.messages[lang])[0]), true);
  });
}
