"""Tabletop Companion: rules engine, lights, camera and phone panel for one game table.

The package's rooms, from the bottom up (a module imports only from its own room or from rooms
below it, never upward):

- shared contracts, at this level: ``events`` (what happened), ``errors`` (what went wrong),
  ``grid`` (cells of the 5×5 map), ``settings`` (the one settings schema), ``yaml_files`` (the
  one way a YAML file is read), ``json_limits`` (how deep a JSON text may nest), ``mosquitto``
  (the one way a Mosquitto's private files are written and the broker is run);
- ``games/`` — the rules engines, one package per game; they know no table, camera or panel;
- ``table/`` — one table: the game in play, its store, set-up, buttons and Pi boot settings;
- ``camera/``, ``lights/``, ``hub/`` — what a table sees, shows and publishes to a tournament;
- (``web_panel``, a sibling package, serves the phones and sits above these);
- ``simulation/`` — the simulated table and the scripted demo games;
- ``app/`` — the assembled companion: wiring everything into a running table, ``run``, ``demo``
  and ``doctor``;
- ``cli`` — the ``companion`` command, which loads each sub-command only when used.

Each package says in its docstring what it may import, in a paragraph starting ``May import:``:
"the shared contracts" and the packages or modules named in double back-quotes (a package always
imports its own modules; what follows "Never" in the paragraph is said for people). A paragraph
starting ``Loads no:`` names the heavy libraries it never imports (OpenCV, Flask, segno, paho).
``tests/companion/test_layers.py`` reads both and fails on any import outside them, lazy ones
included.

May import (the shared contracts and the ``__main__`` entry): the shared contracts and
``companion.cli``; the cli loads each sub-command's module by name only when it is used.

Loads no: OpenCV, Flask, segno, paho.
"""

__version__ = "0.1.0"
