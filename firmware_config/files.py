"""Reading the YAML files of ``firmware_config`` with errors that name the file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from companion.errors import DataFileError


def read_yaml_mapping(path: str | Path) -> dict[str, Any]:
    """The top-level mapping of a YAML file; ``DataFileError`` if unreadable or not a mapping."""
    try:
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise DataFileError(path, "", f"a readable file ({error.strerror})") from error
    except yaml.YAMLError as error:
        raise DataFileError(path, "", f"valid YAML ({error})") from error
    if not isinstance(data, dict):
        raise DataFileError(path, "", "a mapping at the top level")
    return data
