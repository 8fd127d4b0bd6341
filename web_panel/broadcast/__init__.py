"""The public broadcast: a spectator page of the live games and a stream overlay per table,
both shown ``delay`` seconds behind the tables (``companion.hub.broadcast``), served by the hub
and, when its config asks, by a single table. Nothing on them needs a login or can act; they
show no PIN, join code or session.

May import ``companion`` and the panel's shared helpers (``web_panel.i18n``, ``web_panel.view``,
``web_panel.game_assets``).
"""
