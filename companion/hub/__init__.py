"""The many-tables side: each table publishes its status and state to an MQTT broker and a hub
follows them (``publisher``); the broker's generated config, accounts and ACLs (``broker``); the
event the hub runs — players, Swiss rounds, results, standings, the event's map (the game kit's
``event_maps``) — kept in SQLite (``tournament``, ``swiss`` with its weighted ``matching``,
``journal``).

May import: the shared contracts, ``companion.games`` (a registered warband is checked as the
table checks it) and ``vision.registration`` (a player's label registration is checked as the
table reads it), so a hub can run on a machine with no game table; the table's end of the link
(``table_link``) and the journal's SQLite file also use ``companion.table``. Never the camera,
lights, panel or app.

Loads no: OpenCV, Flask, segno (the hub has no OpenCV; its pages are ``web_panel.hub``).
"""
