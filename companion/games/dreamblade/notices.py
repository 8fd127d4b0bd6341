"""Dreamblade's rule notices: what the engine decided by itself (a tie rolled again, the spawn
phases skipped, a turn scored, blades with nothing to take them...), each an event the phones and
the table screen say in their language (``notice.rule.dreamblade.<name>`` in the message
catalogs). Parameters name seats as ``seat``/``seats``, miniatures as ``mini``/``minis``/
``target``."""

from __future__ import annotations

from typing import Any

from companion.events import Event, notice

PREFIX = "notice.rule.dreamblade."


def said(name: str, **params: Any) -> Event:
    """The notice ``name`` (``spawn_skipped``, ``turn_won``...) with its parameters."""
    return notice(PREFIX + name, **params)
