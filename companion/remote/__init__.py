"""Remote play: two tables in two homes play one game over an MQTT broker both reach over TLS.
The host table's engine is the game; the guest table proposes its seat's actions and mirrors the
host's log. Broker access and its TLS client (``access``), the invite code (``invite``), the
broker a player runs for it (``broker``) and the ``companion remote`` commands (``cli``).

May import: the shared contracts, ``companion.games`` and ``companion.table``. Never the hub (a
peer: remote play writes its own client code), camera, lights, panel or app.

Loads no: OpenCV, Flask, segno.
"""
