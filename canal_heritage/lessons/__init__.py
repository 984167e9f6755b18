"""Widgets and helpers for the lesson notebooks (``lessons/``), so the notebooks stay short.

* :mod:`.exercises`: answer checkers with friendly feedback (hints, clear messages, never a
  traceback), as code or as a box with a *Check* button: a number, a choice, an order (dates),
  several numbers (the cells of a section);
* :mod:`.midi`: a Canal du Midi round stepper against bots, the score-sheet table,
  prepared positions, bet experiments;
* :mod:`.arriala`: the Arriala board drawn for notebooks, positions for exercises and a
  play-against-a-bot widget;
* :mod:`.history`: the map (``data/heritage/geometry.json`` on the exhibit's base map,
  offline), the long profile, the timeline, the engineers and a record's sources;
* :mod:`.lab`: simulations and plots for the chance and balance lessons;
* :mod:`.questions`: the exercises of each lesson, their answers computed by the engines;
* :mod:`.classbook`: a student's nickname given once, answers, games and simulations kept for
  the teacher, and the teacher's report;
* :mod:`.replay`: a classroom game reopened from its room code, decision by decision;
* :mod:`.paper`: the printable worksheets and answer keys (``lessons/print/``);
* :mod:`.export`: a saved notebook as one offline HTML page (``canal-heritage lessons --export``).

Every sentence comes from the narrators or the ``ui`` catalog, so each widget speaks the
lesson's language.
"""
