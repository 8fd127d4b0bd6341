"""Remote play: two tables in two homes play one game over an MQTT broker both reach over TLS.
The host table's engine is the game; the guest proposes its seat's actions and mirrors the host's
log. The messages (``messages``), each table's end of the link (``link``), the remote session in
the table's store (``state``), the broker's accounts and TLS (``broker``, ``access``), the invite
code (``invite``), the ``companion remote`` commands (``cli``) and a TCP proxy that delays or cuts
a link, for tests and the benchmark (``lag_proxy``).

May import: the shared contracts, ``companion.games`` and ``companion.table``. Never
``companion.hub``: a peer on the same rank; remote play writes its own client code.

Loads no: OpenCV, Flask, segno.
"""
