"""Widgets and helpers for the lesson notebooks (``lessons/``), so the notebooks stay short.

* :mod:`.exercises`: answer checkers with friendly feedback (hints, clear messages, never a
  traceback), as code or as a box with a *Check* button;
* :mod:`.midi`: a Canal du Midi round stepper against bots, the score-sheet table,
  prepared positions, bet experiments;
* :mod:`.arriala`: the Arriala board drawn for notebooks, positions for exercises and a
  play-against-a-bot widget;
* :mod:`.history`: the map (drawn from ``data/heritage/geometry.json``, offline), the
  timeline and the engineers;
* :mod:`.lab`: simulations and plots for the chance and balance lessons;
* :mod:`.questions`: the exercises of each lesson, their answers computed by the engines.

Every sentence comes from the narrators or the ``ui`` catalog, so each widget speaks the
lesson's language.
"""
