"""The camera side of a table: the loop that reads frames and commits board changes (``loop``), the
camera profiles chosen by the game's kit (``profiles``), the reconcilers that turn what the camera
sees into actions and notes (``reconciler`` for the 5×5 map, ``squares``, ``hexes``) and the table's
tag registry (``tag_registry``).

May import: ``vision``, the shared contracts, ``companion.games``, ``companion.table`` and
``firmware_config`` (the map kinds). Never the lights, hub, panel or app; the panel reads the
camera through the snapshot it is handed.

Loads no: Flask, segno, paho.
"""
