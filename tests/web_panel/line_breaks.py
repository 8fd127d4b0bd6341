"""Long player names at phone size: a name may wrap between its words (at a space or a hyphen)
or be cut short with an ellipsis when its whole text is in a ``title``, but no word of it may be
split across two lines ("Montgom" / "ery"), nor lie hidden past the edge of its box (a clipped or
sideways-scrolling one) or of the screen.

``broken_names(page, names)`` reads the page as laid out: for every displayed text node holding a
word of one of ``names``, that word's line boxes (a word on two lines has boxes at two heights)
and where they end against each box around it that does not let its content overflow."""

from __future__ import annotations

from playwright.sync_api import Page

CHECK = """
(names) => {
  const split = (name) => name.split(/[\\s\\-]+/).filter((w) => w.length > 2);
  const words = [...new Set(names.flatMap(split))];
  const screen = document.documentElement.clientWidth;
  const found = [];
  const where = (node) => `<${node.tagName.toLowerCase()} class="${node.className}">`;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent;
    const holder = node.parentElement;
    if (!holder || !holder.getClientRects().length) continue;  // not displayed
    for (const word of words) {
      const name = names.find((n) => split(n).includes(word));
      for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + word.length)) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + word.length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0.5);
        const lines = new Set(rects.map((r) => Math.round(r.top)));
        if (lines.size > 1) {
          found.push(`"${word}" split over ${lines.size} lines in ${where(holder)}: ${text}`);
        }
        const right = Math.max(...rects.map((r) => r.right));
        let hidden = null;
        let cutShort = false;  // by an ellipsis, the whole name in a title: what may pass the edge
        for (let box = holder; box && box !== document.body; box = box.parentElement) {
          if (getComputedStyle(box).overflowX === "visible") continue;
          const edge = box.getBoundingClientRect().left + box.clientLeft + box.clientWidth;
          if (right <= edge + 1) continue;
          const ellipsis = getComputedStyle(box).textOverflow === "ellipsis";
          const titled = holder.closest("[title]");
          cutShort = ellipsis && Boolean(titled) && titled.title.includes(name);
          if (!cutShort) hidden = where(box);
          break;
        }
        if (!hidden && !cutShort && right > screen + 1) hidden = "the screen";
        if (hidden) found.push(`"${word}" hidden past the edge of ${hidden}: ${text}`);
      }
    }
  }
  return found;
}
"""


def broken_names(page: Page, names: list[str]) -> list[str]:
    """What is wrong with how ``names`` are laid out on ``page`` (nothing: an empty list)."""
    found: list[str] = page.evaluate(CHECK, names)
    return found
