"""The assembled companion: ``runtime`` wires a table to its camera, lights, buttons, hub and
phone panel; ``commands`` holds ``companion run`` and ``companion demo``; ``doctor`` says what is
missing on this machine.

May import: the shared contracts, ``companion.games``, ``companion.table``, ``companion.camera``,
``companion.lights``, ``companion.hub``, ``companion.remote``, ``companion.simulation``,
``web_panel``, ``vision`` and ``firmware_config``: every room below it.
Only ``companion.cli`` imports it.
"""
