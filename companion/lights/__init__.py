"""LED output: the Lights interface, its backends, and scenes from the game state (what a game on
squares or hexes shows comes from its kit, ``map_view``).

May import: the shared contracts, ``companion.games`` (the kits), ``firmware_config`` (the
layouts), ``vision.board_change`` and ``vision.square_grid`` (cell names, no OpenCV). Never the
camera, table, hub, panel or app: the camera never imports the lights, nor the lights the camera.

Loads no: OpenCV, Flask, segno, paho.
"""
