"""The camera side of a table: the loop that reads frames and commits board changes (``loop``),
the per-game camera profiles (``profiles``), the reconcilers that turn what the camera sees into
actions and notes (``reconciler`` for Dreamblade, ``dungeon_command``, ``arena``), the table's
tag registry (``tag_registry``) and the camera set-up check at the table (``setup``: ``companion
camera check``, the panel's Camera set-up page, the camera's health while playing).

May import: ``vision``, the shared contracts, ``companion.games`` and ``companion.table``. Never
the lights, hub, panel or app; the panel reads the camera through the snapshot it is handed.
"""
