"""One table: the game in play and who may act on it (``table``), the SQLite store that keeps every
acknowledged action (``store``), opening a table from the settings (``setup``), the hardware
buttons (``controls``) and the Pi's boot settings (``pi_boot``).

May import: the shared contracts (``companion.events``, ``errors``, ``grid``, ``settings``),
``companion.games`` and ``firmware_config``. Never the camera, lights, hub, panel or app.
"""
