"""Chance both games draw from: a game's generator (``random.Random``), seeded once per game so
that a saved game replays from its seed.

:func:`shuffle` is ``rng.shuffle`` drawing exactly the same numbers — a record made with one
deals the same cards with the other — without one method call per card: a deal shuffles
every game, and a playout of a whole game is a few dozen decisions, so the deal's cost shows.
:func:`copy_of` copies a generator for a copied state (search bots copy one per option).
"""

from __future__ import annotations

import random
from typing import Any


def shuffle(items: list[Any], rng: random.Random) -> None:
    """Shuffle ``items`` in place as ``rng.shuffle(items)`` does, with the same draws.

    Fisher–Yates from the last place down, each place's partner drawn by rejection from
    ``getrandbits`` (Python's own method, so every order is equally likely). A generator of
    another kind (the OpenSpiel adapters' draw their chance their own way) shuffles itself.
    """
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1  # the partner of place i is one of places 0..i
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def copy_of(rng: random.Random) -> random.Random:
    """A new generator in ``rng``'s state: it draws what ``rng`` would draw next.

    Made without seeding it first: ``random.Random()`` would read the system's entropy, which
    takes longer than the copy itself (search bots copy a state for every option they try).
    """
    copy = random.Random.__new__(random.Random)
    copy.setstate(rng.getstate())
    return copy
