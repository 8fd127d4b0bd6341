"""LED wiring as data: layouts, GPIO pins and Pi boot overlays, and their validating loader.

May import: the shared contracts and ``vision.square_grid`` (cell names, no OpenCV). Never the
games, table, camera, lights, hub, panel or app.

Loads no: OpenCV, Flask, segno, paho.
"""
