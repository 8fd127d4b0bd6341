"""The phone panel: a Flask app served by the table (``create_app``, ``serve``).

The package's face stays thin: ``create_app`` and ``serve`` are imported from ``web_panel.app``
only when asked for, so a module that needs only the message catalogs (``companion rules``) loads
no Flask nor segno.

May import: the shared contracts, ``companion.games``, ``companion.table``, ``companion.camera``,
``companion.lights``, ``companion.hub``, ``vision`` and ``firmware_config``. Never the simulation
or the app.

Loads no: paho (the tables' hub link is ``companion.hub``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from web_panel.app import create_app, serve

__all__ = ["create_app", "serve"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from web_panel import app

        return getattr(app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
