"""The join address's QR code, drawn offline as inline SVG (issue 14, item 1).

segno has no decoder, so the drawing is read back into modules and compared with the matrix
segno makes for the same address: what a phone's camera decodes is the same QR code.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
import segno

from canal_heritage.rooms.qr import DARK, ERROR_LEVEL, QUIET_ZONE, join_qr_svg

SVG = "{http://www.w3.org/2000/svg}"
URL = "http://192.168.1.20:5006/join?code=ACFHK"


def drawn_modules(svg: str) -> tuple[int, set[tuple[int, int]]]:
    """The side of the drawing (in modules) and the dark modules (row, column) it draws.

    segno draws each run of dark modules of a row as a horizontal stroke one module wide
    (``M x y`` or ``m dx dy`` to its start, centred half a module down, then ``h length``)."""
    root = ET.fromstring(svg)
    side = int(root.get("viewBox").split()[2])
    strokes = [p for p in root.iter(f"{SVG}path") if p.get("stroke")]
    assert len(strokes) == 1 and strokes[0].get("stroke") == DARK
    dark: set[tuple[int, int]] = set()
    x = y = 0.0
    for command, args in re.findall(r"([A-Za-z])([^A-Za-z]*)", strokes[0].get("d")):
        numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", args)]
        if command == "M":
            x, y = numbers
        elif command == "m":
            x, y = x + numbers[0], y + numbers[1]
        elif command == "h":
            row = int(y - 0.5)
            assert row == y - 0.5, "a stroke centred on a row of modules"
            start, end = sorted((x, x + numbers[0]))
            dark |= {(row, int(col)) for col in range(int(start), int(end))}
            x += numbers[0]
        else:
            raise AssertionError(f"unexpected path command {command!r}")
    return side, dark


def expected_modules(url: str) -> tuple[int, set[tuple[int, int]]]:
    matrix = segno.make_qr(url, error=ERROR_LEVEL).matrix
    dark = {(r + QUIET_ZONE, c + QUIET_ZONE) for r, row in enumerate(matrix) for c, v in enumerate(row) if v}
    return len(matrix) + 2 * QUIET_ZONE, dark


@pytest.mark.parametrize("url", [URL, "http://10.0.0.5:5006/join", "http://[fd00::1]:8080/join?code=3479W"])
def test_the_drawing_is_the_address_s_qr_code(url):
    svg = join_qr_svg(url, title="Join the room")
    side, dark = drawn_modules(svg)
    assert (side, dark) == expected_modules(url)
    assert side - 2 * QUIET_ZONE >= 21  # a full QR code (version 1 or more), never a Micro QR
    assert all(QUIET_ZONE <= r < side - QUIET_ZONE and QUIET_ZONE <= c < side - QUIET_ZONE for r, c in dark)


def test_another_address_draws_another_code():
    assert drawn_modules(join_qr_svg(URL, title="t")) != drawn_modules(join_qr_svg(URL.replace("K", "M"), title="t"))


def test_the_drawing_is_an_accessible_scalable_inline_svg():
    svg = join_qr_svg(URL, title="QR code to join room ACFHK")
    assert svg.startswith("<svg ") and "<?xml" not in svg
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    assert root.get("aria-label") == "QR code to join room ACFHK"
    assert root.find(f"{SVG}title").text == "QR code to join room ACFHK"
    assert (root.get("width"), root.get("height")) == ("100%", "100%")
    assert re.fullmatch(r"0 0 (\d+) \1", root.get("viewBox"))
    background = [p for p in root.iter(f"{SVG}path") if p.get("fill")]
    assert [p.get("fill") for p in background] == ["#fff"]


HOSTILE_TITLE = 'Room "A" <script>alert(1)</script> & <b onload="x()">co</b>'
HOSTILE_URL = 'http://192.168.1.20:5006/join?code="><script>alert(1)</script>&x=\'1\'&y=<svg onload=x()>'


def test_quotes_ampersands_and_markup_cannot_break_out():
    svg = join_qr_svg(HOSTILE_URL, title=HOSTILE_TITLE)
    root = ET.fromstring(svg)  # still one well-formed element
    elements = list(root.iter())
    assert {e.tag for e in elements} == {f"{SVG}svg", f"{SVG}title", f"{SVG}path"}
    assert not any(name.lower().startswith("on") for e in elements for name in e.attrib)
    assert root.get("aria-label") == HOSTILE_TITLE
    assert root.find(f"{SVG}title").text == HOSTILE_TITLE
    assert "<script" not in svg.lower() and "script>" not in svg.lower()
    assert drawn_modules(svg) == expected_modules(HOSTILE_URL)  # the address is drawn, never written
