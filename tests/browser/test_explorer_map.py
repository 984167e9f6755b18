"""The explorer's map in a real browser (issue 13, item 7): the base map is there and no two
labels drawn on it overlap, measured with the browser's own text metrics at the size the page
draws the map."""

from __future__ import annotations

import pytest
from layout_rules import laid_out

from canal_heritage.views.explorer.maplabels import ANCHORS, corners_of, quads_overlap

pytestmark = pytest.mark.browser

#: Reads every map label from the page's Bokeh document and measures it with a canvas in the
#: label's own font: the label's corners in page pixels.
MEASURE = """
() => {
  const doc = Bokeh.documents[0];
  const models = [...doc.all_models];
  const plot = models.find(m => m.css_classes && m.css_classes.includes('canal-map'));
  const canvas = document.querySelector('.canal-map canvas') ||
    [...document.querySelectorAll('*')].map(e => e.shadowRoot).filter(Boolean)
      .map(r => r.querySelector('canvas')).find(Boolean);
  const ctx = document.createElement('canvas').getContext('2d');
  const out = [];
  const get = (d, k) => (d.get ? d.get(k) : d[k]);
  for (const m of models) {
    if (!m.name || !m.name.startsWith('map-labels')) continue;
    const d = m.data;
    const n = get(d, 'text').length;
    for (let i = 0; i < n; i++) {
      const style = get(d, 'style')[i];
      ctx.font = `${style === 'normal' ? '' : style} ${get(d, 'size')[i]} helvetica`;
      out.push({layer: m.name, text: get(d, 'text')[i], x: get(d, 'x')[i], y: get(d, 'y')[i],
                dx: get(d, 'dx')[i], dy: get(d, 'dy')[i], anchor: get(d, 'anchor')[i],
                angle: get(d, 'angle')[i], size: parseFloat(get(d, 'size')[i]),
                width: ctx.measureText(get(d, 'text')[i]).width});
    }
  }
  return {labels: out, x: [plot.x_range.start, plot.x_range.end], y: [plot.y_range.start, plot.y_range.end]};
}
"""


def drawn_labels(page):
    """Each label's text and corners in the map's pixels, as the browser draws it."""
    canvas = page.locator(".canal-map canvas").first
    canvas.wait_for()
    page.wait_for_timeout(500)
    box = canvas.bounding_box()
    got = page.evaluate(MEASURE)
    (x0, x1), (_y0, y1) = got["x"], got["y"]
    ppk = box["width"] / (x1 - x0)
    out = []
    for lab in got["labels"]:
        assert lab["anchor"] in ANCHORS
        sx, sy = (lab["x"] - x0) * ppk, (y1 - lab["y"]) * ppk
        w, h = lab["width"] + 4, lab["size"] * 1.15 + 4  # the text and its 2 px padding
        out.append((lab["text"], corners_of(sx, sy, w, h, lab["dx"], lab["dy"], lab["anchor"], lab["angle"])))
    return out, box


@pytest.mark.parametrize(("query", "region"), [("lang=fr", None), ("lang=oc&place=VIII", None),
                                               ("lang=oc&mode=projector", None), ("lang=fr", "midi"),
                                               ("lang=en&mode=projector", "garonne")])
def test_no_two_map_labels_overlap(browser, exhibit, query, region):
    """On a laptop, then with the window made as large as a projector's (the map is drawn
    again at its new size, as when a window is resized)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        page.goto(exhibit + "?page=explorer&" + query)
        page.locator(".canal-map canvas").first.wait_for()
        if region:
            page.locator(f".region-{region} button").click()
        for w, h in ((1280, 800), (1920, 1080)):
            page.set_viewport_size({"width": w, "height": h})
            laid_out(page)
            labels, box = drawn_labels(page)
            texts = [t for t, _ in labels]
            assert len(labels) >= 15, texts
            # the base map is named: a river and the scale bar at least, and Toulouse unless a title hides it
            assert any(t.endswith(" km") for t in texts), texts
            for i, (ta, qa) in enumerate(labels):
                xs = [p[0] for p in qa]
                ys = [p[1] for p in qa]
                assert min(xs) > -1 and max(xs) < box["width"] + 1 and min(ys) > -1 and max(ys) < box["height"] + 1, \
                    (w, h, ta)
                for tb, qb in labels[i + 1:]:
                    assert not quads_overlap(qa, qb, gap=0), (w, h, ta, tb)
    finally:
        context.close()
