"""The assembled companion: ``runtime`` wires a table to its camera, lights, buttons, hub and
phone panel; ``commands`` holds ``companion run`` and ``companion demo``; ``doctor`` says what is
missing on this machine.

May import every room of ``companion`` and ``web_panel``; only ``companion.cli`` imports it.
"""
