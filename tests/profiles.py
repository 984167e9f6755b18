"""How many random games the property tests play: one Hypothesis profile for each kind of run,
chosen by the ``HYPOTHESIS_PROFILE`` environment variable.

* ``ci`` (the default, what ``uv run pytest`` and CI run): every property test at its full
  count, thousands of random games in all;
* ``dev`` (the quick loop of daily work, ``HYPOTHESIS_PROFILE=dev``): a tenth of each count,
  at least five examples;
* ``long`` (before a release, or after a change to an engine, ``HYPOTHESIS_PROFILE=long``):
  ten times each count.

A property test names its full count with :func:`examples` (``@examples(1500)``); the profile
scales it. ``tests/conftest.py`` registers and loads the profiles.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

#: Each profile's factor on the counts the tests name.
SCALES = {"ci": 1.0, "dev": 0.1, "long": 10.0}
#: The fewest examples a property test runs, whatever the profile.
FLOOR = 5


def profile() -> str:
    """The profile of this run (``ci`` unless ``HYPOTHESIS_PROFILE`` names another).

    Raises:
        ValueError: ``HYPOTHESIS_PROFILE`` names no profile (the message lists them).
    """
    name = os.environ.get("HYPOTHESIS_PROFILE", "ci") or "ci"
    if name not in SCALES:
        raise ValueError(f"HYPOTHESIS_PROFILE={name!r} is not a profile of these tests: "
                         f"use one of {', '.join(SCALES)}")
    return name


def register() -> None:
    """Register the three profiles with Hypothesis and load this run's (no deadline: a random
    game's length varies, and a loaded machine is not a failure)."""
    for name in SCALES:
        settings.register_profile(name, deadline=None, suppress_health_check=[HealthCheck.too_slow],
                                  print_blob=True)
    settings.load_profile(profile())


def examples(n: int) -> settings:
    """Hypothesis settings for a property test whose full count is ``n`` examples: ``n``
    scaled by this run's profile (never under :data:`FLOOR`)."""
    return settings(max_examples=max(FLOOR, round(n * SCALES[profile()])), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
