"""The simulated table and the scripted demos: simulated hands and a synthetic overhead camera
(``simulated_table``), the scripted game played by hands through the real camera pipeline
(``demo``) and the other games' scripted demos (``other_games``).

May import: ``vision``, the shared contracts, ``companion.games``, ``companion.table`` and
``companion.camera``. Nothing below imports the simulation.

Loads no: Flask, segno, paho.
"""
