"""The one way the companion reads a YAML file (settings, game data, layouts, calibrations, label
registrations, message catalogs): with a safe loader (no Python objects; libyaml's when
installed), and a ``DataFileError`` naming the file, the field and what was expected when the
file can't be read, is no UTF-8 text, is no valid YAML (said with its line and column) or has the
wrong shape at the top. The reader that asked then checks the fields it needs (``list_field``
for the common "a list under this key")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from companion.errors import DataFileError

# libyaml's C loader when installed (several times faster on a full catalog), else Python's
YAML_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

TOP_LEVEL: dict[type, str] = {dict: "a mapping at the top level", list: "a list at the top level"}


def read_text(path: str | Path) -> str:
    """A data file's text; ``DataFileError`` when it can't be read or is no UTF-8 text."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise DataFileError(path, "", f"a readable file ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise DataFileError(path, "", "UTF-8 text (YAML)") from None


def parse_yaml(text: str, origin: object, top: type | None = dict, empty: Any = None) -> Any:
    """``text`` (from ``origin``: a file, an upload) parsed; ``top``: the type its top level
    must have (``None``: any). An empty text is ``empty`` when given, else refused."""
    try:
        data = yaml.load(text, Loader=YAML_LOADER)  # a safe loader (no Python objects)
    except yaml.YAMLError as exc:
        raise DataFileError(origin, "", f"valid YAML ({_problem(text, exc)})") from None
    if data is None and empty is not None:
        return empty
    if top is not None and not isinstance(data, top):
        raise DataFileError(origin, "", TOP_LEVEL.get(top, f"a {top.__name__} at the top level"))
    return data


def read_yaml(path: str | Path, top: type | None = dict, empty: Any = None) -> Any:
    """A YAML file's data (``parse_yaml`` of its text)."""
    return parse_yaml(read_text(path), path, top, empty)


def read_yaml_mapping(path: str | Path) -> dict[str, Any]:
    """The top-level mapping of a YAML file."""
    data: dict[str, Any] = read_yaml(path, dict)
    return data


def list_field(data: dict[str, Any], key: str, origin: object) -> list[Any]:
    """The list under ``key`` (``DataFileError`` naming the field otherwise)."""
    value = data.get(key)
    if not isinstance(value, list):
        raise DataFileError(origin, key, f"a list of {key}")
    return value


def _problem(text: str, error: yaml.YAMLError) -> str:
    """What is wrong, said as Python's loader says it (libyaml's words are vaguer: "found
    character that cannot start any token" for a tab)."""
    if YAML_LOADER is not yaml.SafeLoader:
        try:
            yaml.load(text, Loader=yaml.SafeLoader)
        except yaml.YAMLError as exc:
            return yaml_problem(exc)
    return yaml_problem(error)


def yaml_problem(error: yaml.YAMLError) -> str:
    """What YAML found wrong, and where, in one line."""
    mark = getattr(error, "problem_mark", None)
    problem = getattr(error, "problem", None) or "unreadable"
    where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""
    return f"{where}{problem}"
