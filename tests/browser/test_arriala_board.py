"""The Arriala board in a real browser (issue 13, item 7): visible, as wide as the window
allows and no wider, its labels drawn where they never overlap (measured with the page's
own font), its legend beside it, at a laptop's and a portrait tablet's size."""

from __future__ import annotations

import pytest
from layout_rules import laid_out
from test_arriala_exhibit import start

pytestmark = pytest.mark.browser

#: The label boxes as the page draws them: each label's anchor through the plot's own
#: scales, its offset, and its text measured with the font the plot uses.
LABEL_BOXES = """() => {
    const plot = Bokeh.index.query_one(v => v.model.type == 'Figure' || v.model.type == 'Plot');
    const r = plot.model.renderers.find(r => r.data_source && 'dx' in r.data_source.data);
    const d = r.data_source.data, g = r.glyph;
    const size = g.text_font_size.value, family = g.text_font.value;
    const ctx = document.createElement('canvas').getContext('2d');
    const pad = g.padding;
    const frame = plot.frame, box = plot.el.getBoundingClientRect();
    const out = [];
    for (let i = 0; i < d.text.length; i++) {
        ctx.font = `${d.weight[i]} ${size} ${family}`;
        const w = ctx.measureText(d.text[i]).width + 2 * (typeof pad == 'number' ? pad : 2);
        const h = parseFloat(size) * 1.2 + 2 * (typeof pad == 'number' ? pad : 2);
        const cx = frame.x_scale.compute(d.x[i]) + d.dx[i], cy = frame.y_scale.compute(d.y[i]) + d.dy[i];
        out.push({text: d.text[i], left: cx - w / 2, top: cy - h / 2, right: cx + w / 2, bottom: cy + h / 2,
                  estimate: d.w[i]});
    }
    const board = Bokeh.index.query_one(v => (v.model.css_classes || []).includes('arriala-board'));
    const outer = board.el.getBoundingClientRect();
    return {labels: out, plot: [box.left, box.top, box.width, box.height], frame: [frame.bbox.width, frame.bbox.height],
            board: [outer.left, outer.width]};
}"""


#: a laptop, a portrait tablet, a school laptop, a tablet on its side, a projector
SIZES = [(1280, 800), (768, 1024), (1366, 768), (1024, 768), (1920, 1080)]


def test_the_board_fits_the_window_and_its_labels_never_overlap(browser, arriala):
    """One game, the window taking each size in turn (as a tablet turns or a window is resized)."""
    context = browser.new_context(viewport={"width": SIZES[0][0], "height": SIZES[0][1]})
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        start(page, arriala)
        page.locator(".arriala-map").first.wait_for()
        page.locator(".intro-play button").click()  # "Let's play": the introduction gives its room back
        page.locator(".intro-play button").wait_for(state="detached")
        page.locator(".lang-oc button").click()  # long names
        page.locator("button.pal-draw").get_by_text("carta").wait_for()
        page.wait_for_timeout(500)
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            laid_out(page)
            _fits_and_never_overlaps(page.evaluate(LABEL_BOXES), width)
        legend = page.locator(".map-legend .legend")
        legend.wait_for(state="attached")
        assert legend.locator("li").count() >= 10 and legend.locator("svg").count() >= 10
    finally:
        context.close()


def _fits_and_never_overlaps(found: dict, width: int) -> None:
    left, top, w, h = found["plot"]
    assert left >= 0 and left + w <= width + 0.5, (width, found["plot"])  # inside the window
    assert abs(w - found["board"][1]) <= 2 and w >= 0.5 * width, (width, found)  # the whole width it is given
    assert h >= 300, (width, h)
    labels = found["labels"]
    assert len(labels) >= 5
    for i, a in enumerate(labels):
        assert a["left"] >= -1 and a["right"] <= found["frame"][0] + 1, (width, a)  # inside the plot
        assert a["right"] - a["left"] <= a["estimate"] + 0.5, (width, a)  # the placement's size is not too small
        for b in labels[i + 1:]:
            overlap = (a["left"] < b["right"] and b["left"] < a["right"]
                       and a["top"] < b["bottom"] and b["top"] < a["bottom"])
            assert not overlap, (width, a, b)
