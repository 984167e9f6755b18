"""The kiosk's attract loop shows both games, one after the other, and only what anyone may
see (issue 13, item 1)."""

from __future__ import annotations

import itertools

from canal_heritage.matches.arriala import ArrialaMatch
from canal_heritage.matches.midi import MidiMatch
from canal_heritage.views import art
from canal_heritage.views.home import kiosk
from canal_heritage.views.home.kiosk import AttractLoop

SHORT = {"cells": [2, 2, 2, 2]}  # short Arriala games (a balance-study override)


def test_the_attract_loop_alternates_canal_du_midi_and_arriala():
    loop = AttractLoop(lang="en", seed=4, match_options={"arriala": {"overrides": SHORT}})
    shown = []
    for _ in range(600):
        loop.step()
        shown.append((loop.kind, type(loop.match)))
        assert f"data-game='{loop.kind}'" in loop.__panel__().object
    runs = [k for k, _ in itertools.groupby(kind for kind, _ in shown)]
    assert runs[:4] == ["midi", "arriala", "midi", "arriala"]
    assert all(cls is {"midi": MidiMatch, "arriala": ArrialaMatch}[kind] for kind, cls in shown)


def test_the_attract_loop_never_draws_a_hidden_card_nor_a_hand(monkeypatch):
    drawn = []
    real = art.cached_site_card

    def spy(sid, name, *, threshold, status, **kw):
        drawn.append((status, threshold))
        return real(sid, name, threshold=threshold, status=status, **kw)

    monkeypatch.setattr(art, "cached_site_card", spy)
    seen_arriala = False
    loop = AttractLoop(lang="fr", seed=2, match_options={"arriala": {"overrides": SHORT}})
    for _ in range(300):
        loop.step()
        m = loop.match
        assert m.viewer is None  # bots only: nobody's hand is the viewer's
        if isinstance(m, ArrialaMatch):
            seen_arriala = True
            obs = m.public_observation()
            assert sum(obs.hand) == 0
            # what the strip shows comes from that public observation: no card name of a hand
            html = loop.__panel__().object
            assert "worker-card" not in html and "card-face" not in html
    assert seen_arriala
    assert drawn and all(threshold is None for status, threshold in drawn if status == "hidden")
    assert any(status == "hidden" for status, _ in drawn)


def test_the_attract_loop_follows_the_language_and_is_cheap():
    import time

    loop = AttractLoop(lang="oc", seed=1, match_options={"arriala": {"overrides": SHORT}})
    start = time.perf_counter()
    for _ in range(200):
        loop.step()
    per_step = (time.perf_counter() - start) / 200
    assert per_step < 0.05, per_step  # one step every 2.5 s on the kiosk
    assert loop.match.lang == "oc"
    assert kiosk.GAMES == ("midi", "arriala")
