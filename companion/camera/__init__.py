"""The camera side of a table: the loop that reads frames and commits board changes (``loop``),
the camera profiles chosen by the game's kit (``profiles``), what turns what the camera sees into
actions and notes (``reconciler`` for the 5×5 map; ``game_sync`` for the games on squares and
hexes, whose kits' reconcilers say what to propose), the table's tag registry (``tag_registry``)
and the camera set-up check at the table (``setup``: ``companion camera check``, the panel's
Camera set-up page, the camera's health while playing), and ``companion labels`` (``labels_cli``:
the sheets to print; ``label_sources``: the warband, registration or label list they print from).

May import: ``vision``, the shared contracts, ``companion.games`` and ``companion.table``. Never
``firmware_config``, the lights, hub, panel or app; the panel reads the
camera through the snapshot it is handed.

Loads no: Flask, segno, paho.
"""
