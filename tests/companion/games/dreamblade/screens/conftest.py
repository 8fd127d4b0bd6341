from tests.web_panel.conftest import app, settings

__all__ = [
    "app",
    "settings",
]  # the panel's test app: the screens are tested as the panel serves them
