"""The QR code of a room's join address, drawn offline as inline SVG for the projector."""

from __future__ import annotations

import functools
import html
import re

import segno

DARK = "#1d2b36"
"""The colour of the dark modules: the exhibit's ink, dark enough for any phone camera on white."""

ERROR_LEVEL = "m"
"""Error correction: M (15 % of the code may be lost) keeps a projected code readable through
glare and a camera held at an angle, and still small; segno raises it when that costs no size."""

QUIET_ZONE = 4
"""Modules of white around the code, as the QR standard asks, so a camera finds its edges."""


@functools.lru_cache(maxsize=64)
def join_qr_svg(url: str, *, title: str) -> str:
    """The QR code of ``url`` as an inline SVG element, to put in a page as it is.

    Dark modules in :data:`DARK` on white, a quiet zone of :data:`QUIET_ZONE` modules, always a
    full QR code (never a Micro QR, which many phone cameras do not read). The drawing scales to
    its container (a ``viewBox``, width and height 100 %) with sharp edges. For screen readers it
    is one image named ``title`` (``role="img"``, ``aria-label`` and ``<title>``), e.g.
    "QR code to join room ACEFH". Nothing of ``url`` or ``title`` can break out of the SVG: the
    address is only drawn, and the title is escaped. No XML declaration, no script. Drawn
    once per address and title (the projector's page asks again after every move).
    """
    code = segno.make_qr(url, error=ERROR_LEVEL)
    svg = code.svg_inline(dark=DARK, light="#fff", border=QUIET_ZONE, omitsize=True, svgclass=None,
                          lineclass=None, title=title)
    label = html.escape(title, quote=True)
    attributes = (f'xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{label}" width="100%" height="100%" '
                  'shape-rendering="crispEdges"')
    return re.sub(r"^<svg\b", f"<svg {attributes}", svg, count=1)
