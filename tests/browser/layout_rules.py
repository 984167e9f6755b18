"""The rules every screen keeps, at every size (issue 26, item 2), as one function a browser test
(or ``scripts/design_shots.py``) calls on a page: :func:`layout_faults` returns what breaks them,
in words, an empty list when the screen is sound.

The rules:

* **no sideways scroll** — the document is no wider than the window;
* **nothing covers a control** — at the centre of every visible control (button, link, input,
  anything with a button's role), the element the browser would click is that control or inside
  it; Panel draws each component in a shadow root, so the hit test goes down through shadow
  roots (``elementFromPoint`` of each root in turn);
* **no control clipped at its centre** — a control cut by a box that hides its overflow (not one
  that scrolls) still shows its centre;
* **no text cut** — a box holding text that hides its overflow is not narrower than its text
  (``scrollWidth > clientWidth``);
* **no heading covered** — the words of every visible heading (h1–h3; the boxes of its glyphs,
  not its whole block) are on top where they show;
* **touch targets** — every visible control is at least 44 × 44 px (WCAG 2.5.5), links inside a
  sentence excepted (WCAG 2.5.8's inline exception);
* **the decision in view** — from 768 px wide (a phone held sideways, under 480 px high, is a
  phone), the controls named by ``in_view`` (the current
  decision's choices, the state needed to choose) are inside the window without scrolling the
  page or a box. On a phone one vertical scroll of the page is allowed: the rule then asks only
  that the choices can be reached (they are in the page, not clipped away), and a bar docked
  at an edge of the window (the guide) is scrolling, not covering. At any size a bar stuck
  to an edge as the page scrolls (``position: sticky``: a form's last button) is scrolling.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

#: The smallest touch target, in CSS pixels.
TOUCH_PX = 44

_PROBE = r"""
([inView, wide, touchPx]) => {
  // inView: [selector, [elements]] pairs (Playwright's locators find them through shadow roots)
  const faults = [];
  const W = innerWidth, H = innerHeight;
  const CONTROL = 'button, a[href], input:not([type=hidden]), select, textarea, summary, '
    + '[role=button], [role=tab], [role=link]';
  // every element of the document and its shadow roots
  const all = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) {
      all.push(el);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);
  const parentOf = (el) => el.parentElement || (el.parentNode && el.parentNode.host) || null;
  const within = (el, ancestor) => {
    for (let e = el; e; e = parentOf(e)) if (e === ancestor) return true;
    return false;
  };
  const shown = (el) => {
    for (let e = el; e; e = parentOf(e)) {
      const s = getComputedStyle(e);
      if (s.display === 'none' || s.visibility === 'hidden' || s.visibility === 'collapse') return false;
      if (+s.opacity === 0) return false;
      if (e.hasAttribute && (e.hasAttribute('inert') || e.getAttribute('aria-hidden') === 'true')) return false;
    }
    return true;
  };
  const name = (el) => {
    const own = (el.getAttribute('aria-label') || el.innerText || el.value || el.title || '')
      .trim().replace(/\s+/g, ' ');
    let cls = '';
    for (let e = el; e && !cls; e = parentOf(e)) {
      if (e.classList && e.classList.length) {
        cls = '.' + [...e.classList].filter(c => !c.startsWith('bk-')).slice(0, 2).join('.');
      }
      if (cls === '.') cls = '';
    }
    return `${el.tagName.toLowerCase()}${cls ? ' in ' + cls : ''} "${own.slice(0, 40)}"`;
  };
  const deepHit = (x, y) => {
    let hit = document.elementFromPoint(x, y);
    while (hit && hit.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit;
  };
  // the part of a box that shows: cut by every ancestor that clips, and by the window
  const visibleRect = (el) => {
    const r = el.getBoundingClientRect();
    let box = {l: r.left, t: r.top, r: r.right, b: r.bottom}, hidden = null, scroller = null;
    for (let e = parentOf(el); e && e !== document.documentElement && e !== document.body; e = parentOf(e)) {
      const s = getComputedStyle(e);
      const clipsX = s.overflowX !== 'visible', clipsY = s.overflowY !== 'visible';
      if (!clipsX && !clipsY) continue;
      const a = e.getBoundingClientRect();
      const before = {...box};
      if (clipsX) { box.l = Math.max(box.l, a.left); box.r = Math.min(box.r, a.right); }
      if (clipsY) { box.t = Math.max(box.t, a.top); box.b = Math.min(box.b, a.bottom); }
      const changed = before.l !== box.l || before.r !== box.r || before.t !== box.t || before.b !== box.b;
      if (changed) {
        const scrolls = /(auto|scroll)/.test(s.overflowX + s.overflowY);
        if (scrolls) scroller = scroller || e; else hidden = hidden || e;
      }
    }
    return {box, hidden, scroller, rect: r};
  };
  // covered means hidden from sight, not only from clicks: a bubble that lets clicks through
  // (pointer-events: none) still hides what is under it, so the hit test sees every element
  const seeAll = [];
  for (const root of [document, ...all.filter(el => el.shadowRoot).map(el => el.shadowRoot)]) {
    const style = document.createElement('style');
    style.textContent = '* { pointer-events: auto !important; }';
    (root === document ? document.head : root).appendChild(style);
    seeAll.push(style);
  }
  // a bar stuck to an edge as the page scrolls (a form's last button, a phone's choices) and,
  // on a phone, a bar docked along the top or bottom edge (the guide) cover what the page
  // scrolls under them: that is scrolling, not covering
  const phoneDock = (hit) => {
    for (let e = hit; e; e = parentOf(e)) {
      const p = getComputedStyle(e).position;
      if (p === 'sticky') return true;  // the page scrolls, the bar stays: it covers nothing for good
      if (p === 'fixed' && !wide) {
        const r = e.getBoundingClientRect();
        return r.bottom >= H - 1 || r.top <= 1;
      }
    }
    return false;
  };
  const doc = document.scrollingElement;
  if (doc.scrollWidth > W + 1) {
    // name the innermost boxes that stick out, so that the message says where to look
    const out = all.filter(el => el.getBoundingClientRect().right > W + 1 && shown(el));
    const inner = out.filter(el => !out.some(o => o !== el && within(o, el))).slice(0, 2);
    faults.push(`the page scrolls sideways: ${doc.scrollWidth} px in a ${W} px window`
      + (inner.length ? ` (${inner.map(name).join(', ')})` : ''));
  }

  const controls = all.filter(el => el.matches(CONTROL) && !el.disabled && shown(el));
  const seen = new Set();
  for (const el of controls) {
    // a control inside another (an icon's <a> in a button): the outer one is the target
    let outer = false;
    for (let e = parentOf(el); e; e = parentOf(e)) if (e.matches && e.matches(CONTROL)) { outer = true; break; }
    if (outer) continue;
    const {box, hidden, rect} = visibleRect(el);
    if (rect.width === 0 || rect.height === 0) continue;
    const inSentence = el.tagName === 'A' && getComputedStyle(el).display === 'inline';
    if (!inSentence && (rect.width < touchPx - 0.5 || rect.height < touchPx - 0.5)) {
      const size = `${Math.round(rect.width)}×${Math.round(rect.height)}`;
      faults.push(`${name(el)} is ${size} px, under ${touchPx}×${touchPx}`);
    }
    const cx = (rect.left + rect.right) / 2, cy = (rect.top + rect.bottom) / 2;
    const showsAny = box.r - box.l > 1 && box.b - box.t > 1;
    const centreShows = cx >= box.l && cx <= box.r && cy >= box.t && cy <= box.b;
    if (hidden && showsAny && !centreShows) { faults.push(`${name(el)} is clipped at its centre`); continue; }
    if (!centreShows || cx < 0 || cy < 0 || cx >= W || cy >= H) continue;  // scrolled out of sight
    const hit = deepHit(cx, cy);
    if (hit && !within(hit, el) && !within(el, hit) && !(phoneDock(hit))) {
      const key = name(el);
      if (!seen.has(key)) { seen.add(key); faults.push(`${key} is covered by ${name(hit)}`); }
    }
  }
  // a heading's words covered: the glyphs' boxes (a Range's rects, not the heading's whole
  // block), each at its centre, where it shows (a language picker once ran over the home's title)
  for (const el of all) {
    if (!/^H[1-3]$/.test(el.tagName) || !shown(el)) continue;
    const {box} = visibleRect(el);
    const range = document.createRange();
    range.selectNodeContents(el);
    for (const r of range.getClientRects()) {
      const x = r.left + r.width / 2, y = r.top + r.height / 2;
      if (r.width < 2 || r.height < 2 || x < box.l || x > box.r || y < box.t || y > box.b) continue;
      if (x < 0 || y < 0 || x >= W || y >= H) continue;
      const hit = deepHit(x, y);
      if (hit && !within(hit, el) && !within(el, hit) && !phoneDock(hit)) {
        faults.push(`the heading ${name(el)} is covered by ${name(hit)}`);
        break;
      }
    }
  }
  for (const style of seeAll) style.remove();
  // text cut: a box with its own text that hides its overflow, narrower than that text
  for (const el of all) {
    const s = getComputedStyle(el);
    if (!/(hidden|clip)/.test(s.overflowX) && s.textOverflow !== 'ellipsis') continue;
    const ownText = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!ownText || el.clientWidth <= 2 || !shown(el)) continue;  // (a screen reader's text is 1 px wide)
    if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) faults.push(`text is cut in ${name(el)}`);
  }
  // the decision in view
  for (const [sel, elements] of inView) {
    const found = elements.filter(shown);
    if (!found.length) { faults.push(`${sel} is not on the screen`); continue; }
    for (const el of found) {
      const {box, rect} = visibleRect(el);
      if (rect.width === 0 || rect.height === 0) continue;
      if (wide) {
        const whole = box.l <= rect.left + 1 && box.r >= rect.right - 1
          && box.t <= rect.top + 1 && box.b >= rect.bottom - 1
          && rect.left >= -1 && rect.top >= -1 && rect.right <= W + 1 && rect.bottom <= H + 1;
        if (!whole) { faults.push(`${name(el)} (${sel}) is out of sight without scrolling`); break; }
      } else if (box.r - box.l <= 1 || box.b - box.t <= 1) {
        const {scroller} = visibleRect(el);
        if (!scroller) { faults.push(`${name(el)} (${sel}) cannot be reached`); break; }
      }
    }
  }
  return faults;
}
"""


_STILL = r"""
async ([least, stillFrames, most]) => {
  // the boxes of the controls and headings (through shadow roots) and the document's size
  const shape = () => {
    const out = [document.documentElement.scrollWidth, document.documentElement.scrollHeight];
    const walk = (root) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.matches('button, input, select, h1, h2, h3, [role=button]')) {
          const r = el.getBoundingClientRect();
          out.push(Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height));
        }
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    return out.join(',');
  };
  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  const start = performance.now();
  let last = shape(), still = 0;
  while (performance.now() - start < most) {
    await frame();
    const now = shape();
    still = now === last ? still + 1 : 0;
    last = now;
    if (still >= stillFrames && performance.now() - start >= least) return true;
  }
  return false;
}
"""


def laid_out(page: Any, *, least_ms: int = 150, still_frames: int = 8, most_ms: int = 1500) -> bool:
    """Wait until the page has laid itself out: the boxes of its controls and headings and the
    document's size unchanged for ``still_frames`` frames in a row (a resize lays the page out
    again, the guide moves to its place), at least ``least_ms`` and at most ``most_ms``
    milliseconds. False if it was still moving then (the rules are checked all the same)."""
    return bool(page.evaluate(_STILL, [least_ms, still_frames, most_ms]))


def layout_faults(page: Any, in_view: Sequence[str] = ()) -> list[str]:
    """What breaks the layout rules on the page as it is now (module docstring), in words.

    ``in_view``: selectors of what the current decision needs (its choices, the state needed
    to choose); from 768 px wide they must be in the window without scrolling."""
    size = page.viewport_size
    # a phone held sideways (a window under 480 px high, views.theme.PHONE_MEDIA) is a phone:
    # its page scrolls once, the choices in a sticky bar
    wide = size["width"] >= 768 and size["height"] > 480
    found = [[selector, page.locator(selector).element_handles()] for selector in in_view]
    faults: list[str] = page.evaluate(_PROBE, [found, wide, TOUCH_PX])
    return faults
