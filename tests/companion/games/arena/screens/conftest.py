from tests.web_panel.conftest import settings

__all__ = ["settings"]  # the panel's test settings: the screens are tested as the panel serves them
