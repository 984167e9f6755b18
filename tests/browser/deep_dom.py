"""The whole page as the browser holds it, shadow roots included: Panel draws each component
inside a shadow root, which ``page.content()`` leaves out (it serialises the light DOM only),
so a check that something is *not* in the page must read this instead."""

from __future__ import annotations

from typing import Any

_DEEP_HTML = """() => {
  const parts = [document.documentElement.outerHTML];
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) { parts.push(el.shadowRoot.innerHTML); walk(el.shadowRoot); }
    }
  };
  walk(document);
  return parts.join('\\n');
}"""


def page_html(page: Any) -> str:
    """The page's markup with every shadow root's, as one string."""
    return str(page.evaluate(_DEEP_HTML))
