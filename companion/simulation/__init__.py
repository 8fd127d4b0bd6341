"""The simulated table and the scripted demos: simulated hands and a synthetic overhead camera
(``simulated_table``), the scripted Dreamblade game played through the real camera pipeline
(``demo``) and the other games' scripted demos (``other_games``).

May import: everything below the app (``vision``, the shared contracts, ``games``, ``table``,
``camera``). Nothing below imports the simulation.
"""
