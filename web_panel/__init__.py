"""The phone panel: a Flask app served by the table (``create_app``, ``serve``)."""

from web_panel.app import create_app, serve

__all__ = ["create_app", "serve"]
