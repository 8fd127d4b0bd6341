"""Reading the Dreamblade YAML data files (maps, catalog, warbands, dice) with clear errors.

Every loader reads the whole file into plain data first and builds its objects only when all of it
is valid, so a bad file raises ``DataFileError(path, field, expected)`` and nothing half-loads.
"""

from __future__ import annotations

from typing import Any

import yaml

from companion.errors import DataFileError
from companion.yaml_files import read_yaml_mapping

__all__ = ["read_yaml_mapping"]  # the one YAML reader (``companion.yaml_files``), re-exported

UNKNOWN = "unknown"
# libyaml's C dumper when installed (several times faster on a full catalog), else Python's.
YAML_DUMPER: type[yaml.SafeDumper] = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def check_header(path: object, data: dict[str, Any], file_format: str, version: int) -> None:
    """Every data file starts with ``format:`` and ``version:`` so old files fail clearly."""
    if data.get("format") != file_format:
        raise DataFileError(path, "format", f"'{file_format}'")
    if data.get("version") != version:
        raise DataFileError(path, "version", f"{version} (the only version this program reads)")


def check_keys(
    path: object, where: str, data: dict[str, Any], required: set[str], optional: set[str]
) -> None:
    """No missing and no unexpected keys: a mistyped field name is an error, never ignored."""
    prefix = f"{where}." if where else ""
    for key in sorted(required - data.keys()):
        raise DataFileError(path, f"{prefix}{key}", "this field (it is required)")
    for key in sorted(data.keys() - required - optional, key=str):
        allowed = ", ".join(sorted(required | optional))
        raise DataFileError(path, f"{prefix}{key}", f"one of the fields {allowed}")


def text_field(path: object, field: str, value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise DataFileError(path, field, "a non-empty text", code="text")
    return value.strip()


def int_or_unknown(
    path: object, field: str, value: object, *, minimum: int = 0, maximum: int | None = None
) -> int | None:
    """An integer from ``minimum`` to ``maximum`` (if given), or ``unknown`` (also written as
    ``null``) → ``None``."""
    if value is None or value == UNKNOWN:
        return None
    too_big = maximum is not None and isinstance(value, int) and value > maximum
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum or too_big:
        bounds = f"≥ {minimum}" if maximum is None else f"from {minimum} to {maximum}"
        raise DataFileError(
            path,
            field,
            f"an integer {bounds} or '{UNKNOWN}'",
            code="range",
            params={"minimum": minimum, "maximum": maximum},
        )
    return value
