"""Settings for the whole suite.

Hypothesis times each example against a deadline by default; a test here checks behaviour, never
speed (speed is for ``bench/``), and on a loaded 2-core machine running two workers a slow example
is no failure. So no deadline."""

from hypothesis import settings

settings.register_profile("suite", deadline=None)
settings.load_profile("suite")
