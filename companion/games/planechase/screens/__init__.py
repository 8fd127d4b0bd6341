"""Planechase's screens on the phones, the table and the hub's pages: its phone view builder
(``view``, ``phone_view(game)``), its set-up form (``setup_form``), and as package data its
script and styles (``static/``, served at ``/games/planechase/static/``) and its words in English
and Japanese (``messages/en.yaml``, ``messages/ja.yaml``, merged into the panel's catalogs). The
panel finds them through the game's kit (``GameKit.screens``) and names no game.

May import: the shared contracts, ``companion.games``, ``companion.table``, ``companion.camera``,
``vision`` and ``web_panel`` (the screens sit with the panel, above the engines: the engine never
imports its screens).
"""
