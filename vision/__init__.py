"""Reading the table from a camera: which miniature stands in which cell.

May import: the shared contracts (``companion.errors``, ``companion.grid``). Never the games,
table, camera, lights, hub, panel or app.

Loads no: Flask, paho.
"""
