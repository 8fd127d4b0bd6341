"""LED wiring as data: layouts, GPIO pins and Pi boot overlays, and their validating loader."""
