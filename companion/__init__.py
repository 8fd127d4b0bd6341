"""Tabletop Companion: rules engine, lights, camera and phone panel for one game table."""

__version__ = "0.1.0"
