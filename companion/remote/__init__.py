"""Remote play: two tables in two homes play one game through an MQTT broker both reach. The
host table's engine is the game; the guest table proposes its seat's actions to it and mirrors
its log (``link``: ``HostLink``, ``GuestLink``). The messages between them (``messages``), the
remote session kept in the table's store (``state``), the broker account and its TLS client
(``access``), the single-use invite code (``invite``) and the broker's generated config
(``broker``).

May import: the shared contracts, ``companion.games`` and ``companion.table`` (the link drives the
table's gate and keeps its session in the table's store). Never ``companion.hub`` (a peer on the
same rank: the remote link has its own client code), the camera, lights, panel or app.

Loads no: OpenCV, Flask, segno.
"""
