"""The hub's web pages: the organizer's page (check-in, rounds, results, standings, judge
calls), the spectator wall and a printable pairings/standings page, over the tournament of
``companion.hub``. May import ``companion`` and the panel's shared helpers (``web_panel.csrf``,
``web_panel.i18n``, ``web_panel.app``'s server)."""
