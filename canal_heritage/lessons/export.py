"""A lesson notebook, as a class saved it, written as one HTML page that opens and prints
offline (``canal-heritage lessons --export NOTEBOOK``).

JupyterLab's own *Save and Export as HTML* keeps the widgets' code and fetches it from the
internet when the page opens (and without the internet shows blank boxes). This export keeps
what each widget leaves in the notebook instead (a question's text and choices, the game as it
stood: :func:`canal_heritage.lessons.common.display_widget`), hides the code, and carries no
script: nothing is fetched, and the page prints as it shows.
"""

from __future__ import annotations

import re
from pathlib import Path

WIDGET = "application/vnd.jupyter.widget-view+json"
_SCRIPT = re.compile(r"<script\b[^>]*>.*?</script>", re.S | re.I)


class ExportError(ValueError):
    """The file is not a notebook that can be exported (the message says why)."""


def export_html(notebook: Path, output: Path | None = None) -> Path:
    """Write ``notebook`` as an offline HTML page (``output``, or the notebook's name with
    ``.html``) and return its path. Raises :class:`ExportError` for a missing, unreadable or
    corrupt notebook; the notebook itself is never changed."""
    import nbformat
    from nbconvert import HTMLExporter

    if not notebook.is_file():
        raise ExportError(f"there is no notebook at {notebook}")
    try:
        nb = nbformat.read(notebook, as_version=4)
    except Exception:  # JSON errors, a file that is not a notebook
        raise ExportError(f"{notebook.name} cannot be read as a notebook: the file is damaged, or it is not a "
                          "notebook") from None
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        kept = []
        for out in cell.get("outputs", []):
            data = out.get("data")
            if data and WIDGET in data:
                data.pop(WIDGET)
                if "text/html" not in data:  # a widget that left no picture: its "VBox(...)" says nothing
                    continue
                data.pop("text/plain", None)
            kept.append(out)
        cell.outputs = kept
    exporter = HTMLExporter(template_name="lab", exclude_input=True, exclude_input_prompt=True,
                            exclude_output_prompt=True)
    body, _ = exporter.from_notebook_node(nb)
    body = _SCRIPT.sub("", body)
    target = output or notebook.with_suffix(".html")
    target.write_text(body, encoding="utf-8")
    return target
