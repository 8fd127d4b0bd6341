"""Pebbles on the phones: its view (``view``), script, styles and words (package data)."""
