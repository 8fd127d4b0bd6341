"""Recorded games, step by step: the game export (``export.py``: one JSON document a game's store
gives, docs/formats.md "Game export"; ``reading.py`` checks one), the versions a replay shows
(``versions.py``: each version as the phones' view had it, built by the game's own phone view,
with its LED scene), the self-contained HTML file (``html_file.py``) and the pages and requests
(``routes.py``). The browser side is ``static/replay_draw.js`` (draw one recorded version with
the panel's own scripts) and ``static/replay.js`` (the viewer's controls).

Part of the panel (``web_panel``): its imports are the panel's.
"""
