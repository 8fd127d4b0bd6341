"""LED layouts: load a declarative description, validate it, compile it once.

A layout describes LED matrix panels or strip runs under the map (origin corner, serpentine,
LEDs per cell, gaps) or an explicit cell → LED map, plus colour order, gamma, brightness and the
power budget. :func:`compile_layout` turns it into a :class:`CompiledLayout`: an immutable
cell → LED-indices map the renderer uses for every frame. WLED's segments, LED maps and current
limiter are the model.

The optional ``map`` section says which map the LEDs lie under: a game's own map of a fixed
size, named as its kit names it (``kind:`` its map kind: the 5×5 map, every cell lit; the loader is
handed these maps, ``companion.games.fixed_maps``, and a layout without a ``map`` section lies
under the first), or ``squares`` / ``hexes`` with ``columns`` and ``rows`` (named
``a1``… like ``vision/square_grid.py``). An explicit map of such a
map may cover only some cells; panels cover a map of squares.

Coordinates are seen from seat A: ``x`` runs left → right (column ``a`` → ``e``), ``y`` runs from
seat A's near edge (row 1) to the far edge (row 5). Corners are ``near_left``, ``near_right``,
``far_left`` and ``far_right``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from companion.errors import DataFileError
from companion.yaml_files import read_yaml_mapping
from vision.square_grid import parse_square, square_name

LAYOUT_DIR = Path(__file__).with_name("layouts")
CORNERS = ("near_left", "near_right", "far_left", "far_right")
RUNS = ("rows", "columns")
COLOUR_ORDERS = ("RGB", "RBG", "GRB", "GBR", "BRG", "BGR")
SIZED_KINDS = ("squares", "hexes")  # maps sized by the layout's columns and rows
# The games' own maps of a fixed size, by the kind layouts name them: (columns, rows).
FixedMaps = Mapping[str, tuple[int, int]]
MAX_MAP_SIDE = 64


@dataclass(frozen=True)
class MapShape:
    """The map a layout lies under: its kind and size in cells; ``fixed``: a game's own map of a
    fixed size, every cell lit."""

    kind: str
    columns: int
    rows: int
    fixed: bool = False

    @property
    def cells(self) -> tuple[str, ...]:
        """Every cell of the map, row by row from seat A's left corner (a1, b1, …)."""
        return tuple(square_name(c, r) for r in range(self.rows) for c in range(self.columns))


def fixed_map(kind: str, fixed_maps: FixedMaps) -> MapShape:
    """The fixed map ``fixed_maps`` names ``kind``."""
    columns, rows = fixed_maps[kind]
    return MapShape(kind, columns, rows, fixed=True)


@dataclass(frozen=True)
class Power:
    budget_ma: float
    ma_per_channel: float
    idle_ma_per_led: float


@dataclass(frozen=True)
class Panel:
    """A rectangle of LEDs chained in one run: a matrix panel or strips laid in rows."""

    width: int
    height: int
    position: tuple[int, int]
    origin: str
    first_run: str
    serpentine: bool
    skip_before: int


@dataclass(frozen=True)
class CellGrid:
    """Where the 5×5 cells fall on the LED grid: LEDs per cell, dark gaps and margins."""

    size: tuple[int, int]
    gap: tuple[int, int]
    margin: tuple[int, int]


@dataclass(frozen=True)
class CompiledLayout:
    """The immutable result of compiling a layout; built once, used for every frame."""

    name: str
    description: str
    led_count: int
    cell_leds: Mapping[str, tuple[int, ...]]
    led_cell: tuple[int, ...]  # per LED: index of its cell in ``cells``, or -1 for a dark LED
    colour_order: str
    gamma: float
    brightness: int
    power: Power
    map: MapShape
    cells: tuple[str, ...]  # the cells with LEDs, in map order

    @property
    def channel_order(self) -> tuple[int, int, int]:
        """Indices into (r, g, b) in wire order, e.g. GRB → (1, 0, 2)."""
        return (
            "RGB".index(self.colour_order[0]),
            "RGB".index(self.colour_order[1]),
            "RGB".index(self.colour_order[2]),
        )


def available_layouts() -> list[str]:
    """Names of the layouts shipped in ``firmware_config/layouts``."""
    return sorted(path.stem for path in LAYOUT_DIR.glob("*.yaml"))


def load_layout(name_or_path: str | Path, fixed_maps: FixedMaps) -> CompiledLayout:
    """Load and compile a shipped layout by name, or a layout file by path; ``fixed_maps``: the
    games' own maps it may name (``companion.games.fixed_maps``)."""
    path = Path(name_or_path)
    if path.suffix not in (".yaml", ".yml"):
        path = LAYOUT_DIR / f"{name_or_path}.yaml"
        if not path.is_file():
            raise DataFileError(
                name_or_path, "", f"a layout file or one of {', '.join(available_layouts())}"
            )
    return compile_layout(read_yaml_mapping(path), fixed_maps, source=path)


def compile_layout(data: Any, fixed_maps: FixedMaps, source: object = "<layout>") -> CompiledLayout:
    """Validate a layout description and compile it; raise ``DataFileError`` naming the field.
    ``fixed_maps``: the games' own maps it may name, the first its map if it names none."""
    fields = _Fields(data, source)
    name = fields.text("name")
    description = fields.text("description", default="")
    colour_order = fields.choice("colour_order", COLOUR_ORDERS)
    gamma = fields.number("gamma", low=1.0, high=4.0)
    brightness = int(fields.number("brightness", low=0, high=255, integer=True))
    power = _power(_Fields(fields.mapping("power"), source, "power."))
    shape = _map_shape(fields, fixed_maps, source)
    if "panels" in fields.data and "cell_leds" in fields.data:
        raise DataFileError(source, "panels", "either panels + cells or cell_leds, not both")
    if "cell_leds" in fields.data:
        led_count = int(fields.number("led_count", low=1, high=100_000, integer=True))
        cell_leds = _explicit_cells(fields.mapping("cell_leds"), shape, led_count, source)
    else:
        if shape.kind == "hexes":
            raise DataFileError(source, "panels", "cell_leds for a hex map (panels are square)")
        panels = [
            _panel(_Fields(item, source, f"panels[{i}]."))
            for i, item in enumerate(fields.sequence("panels"))
        ]
        cells = _cell_grid(_Fields(fields.mapping("cells"), source, "cells."))
        led_count, positions = _chain(panels, source)
        cell_leds = _grid_cells(cells, shape, positions, source)
    _check_disjoint(cell_leds, source)
    covered = tuple(cell for cell in shape.cells if cell in cell_leds)
    idle_total = power.idle_ma_per_led * led_count
    if power.budget_ma <= idle_total:
        raise DataFileError(
            source, "power.budget_ma", f"more than the idle draw of all LEDs ({idle_total:g} mA)"
        )
    return CompiledLayout(
        name=name,
        description=description,
        led_count=led_count,
        cell_leds=MappingProxyType({cell: cell_leds[cell] for cell in covered}),
        led_cell=_led_cell(cell_leds, covered, led_count),
        colour_order=colour_order,
        gamma=gamma,
        brightness=brightness,
        power=power,
        map=shape,
        cells=covered,
    )


def check_layout_map(layout: CompiledLayout, shape: MapShape) -> None:
    """``DataFileError`` naming the ``map`` field unless ``layout`` lies under ``shape`` (the map
    of the table's game)."""
    for key in ("kind", "columns", "rows"):
        want, have = getattr(shape, key), getattr(layout.map, key)
        if want != have:
            raise DataFileError(layout.name, f"map.{key}", f"{want} for this game, got {have}")


def panel_positions(panel: Panel) -> list[tuple[int, int]]:
    """(x, y) on the LED grid of each LED of ``panel``, in chain order."""
    runs_along_rows = panel.first_run == "rows"
    run_length, run_count = (
        (panel.width, panel.height) if runs_along_rows else (panel.height, panel.width)
    )
    starts_far = panel.origin.startswith("far")
    starts_right = panel.origin.endswith("right")
    positions = []
    for run in range(run_count):
        for step in range(run_length):
            along = run_length - 1 - step if panel.serpentine and run % 2 else step
            x, y = (along, run) if runs_along_rows else (run, along)
            if starts_right:
                x = panel.width - 1 - x
            if starts_far:
                y = panel.height - 1 - y
            positions.append((panel.position[0] + x, panel.position[1] + y))
    return positions


def _chain(panels: list[Panel], source: object) -> tuple[int, dict[int, tuple[int, int]]]:
    positions: dict[int, tuple[int, int]] = {}
    seen: set[tuple[int, int]] = set()
    index = 0
    for number, panel in enumerate(panels):
        index += panel.skip_before
        for xy in panel_positions(panel):
            if xy in seen:
                raise DataFileError(
                    source, f"panels[{number}].position", "panels that don't overlap"
                )
            seen.add(xy)
            positions[index] = xy
            index += 1
    return index, positions


def _map_shape(fields: _Fields, fixed_maps: FixedMaps, source: object) -> MapShape:
    if "map" not in fields.data:
        if not fixed_maps:
            raise DataFileError(source, "map", f"a map section (kind: {', '.join(SIZED_KINDS)})")
        return fixed_map(next(iter(fixed_maps)), fixed_maps)
    data = _Fields(fields.mapping("map"), source, "map.")
    kind = data.choice("kind", (*fixed_maps, *SIZED_KINDS))
    if kind in fixed_maps:
        shape = fixed_map(kind, fixed_maps)
        if "columns" in data.data or "rows" in data.data:
            raise DataFileError(
                source, "map.columns", f"no size for the {shape.columns}×{shape.rows} {kind} map"
            )
        return shape
    columns = int(data.number("columns", low=1, high=MAX_MAP_SIDE, integer=True))
    rows = int(data.number("rows", low=1, high=MAX_MAP_SIDE, integer=True))
    return MapShape(kind, columns, rows)


def _grid_cells(
    cells: CellGrid,
    shape: MapShape,
    positions: Mapping[int, tuple[int, int]],
    source: object,
) -> dict[str, tuple[int, ...]]:
    by_xy = {xy: index for index, xy in positions.items()}
    result = {}
    for cell in shape.cells:
        col, row = parse_square(cell)
        x0 = cells.margin[0] + col * (cells.size[0] + cells.gap[0])
        y0 = cells.margin[1] + row * (cells.size[1] + cells.gap[1])
        leds = []
        for y in range(y0, y0 + cells.size[1]):
            for x in range(x0, x0 + cells.size[0]):
                if (x, y) not in by_xy:
                    raise DataFileError(
                        source, "cells", f"cell {cell} inside the panels (no LED at x={x}, y={y})"
                    )
                leds.append(by_xy[(x, y)])
        result[cell] = tuple(sorted(leds))
    return result


def _explicit_cells(
    data: Mapping[str, Any], shape: MapShape, led_count: int, source: object
) -> dict[str, tuple[int, ...]]:
    """Every cell of a game's fixed map needs LEDs; a map of squares or hexes may be partly
    covered."""
    cells = shape.cells
    last = cells[-1]
    unknown = sorted(set(map(str, data)) - set(cells))
    if unknown:
        raise DataFileError(
            source, f"cell_leds.{unknown[0]}", f"a cell of the {shape.kind} map, a1..{last}"
        )
    if not data:
        raise DataFileError(source, "cell_leds", "LEDs for at least one cell")
    missing = [cell for cell in cells if cell not in data]
    if missing and shape.fixed:
        raise DataFileError(source, f"cell_leds.{missing[0]}", f"LEDs for every cell a1..{last}")
    return {
        cell: _led_list(data[cell], led_count, source, f"cell_leds.{cell}")
        for cell in cells
        if cell in data
    }


def _led_list(value: Any, led_count: int, source: object, field: str) -> tuple[int, ...]:
    """An LED index, a list of indices, or a "first-last" range string."""
    items = value if isinstance(value, list) else [value]
    leds: list[int] = []
    for item in items:
        if isinstance(item, str) and "-" in item:
            first, _, last = item.partition("-")
            if not (first.strip().isdigit() and last.strip().isdigit()):
                raise DataFileError(source, field, f"a range like '0-3', got {item!r}")
            leds.extend(range(int(first), int(last) + 1))
        elif isinstance(item, int) and not isinstance(item, bool):
            leds.append(item)
        else:
            raise DataFileError(source, field, f"LED indices or 'first-last' ranges, got {item!r}")
    if not leds:
        raise DataFileError(source, field, "at least one LED")
    out_of_range = [led for led in leds if not 0 <= led < led_count]
    if out_of_range:
        raise DataFileError(source, field, f"indices 0..{led_count - 1}, got {out_of_range[0]}")
    return tuple(sorted(set(leds)))


def _led_cell(
    cell_leds: Mapping[str, tuple[int, ...]], cells: tuple[str, ...], led_count: int
) -> tuple[int, ...]:
    owner = [-1] * led_count
    for number, cell in enumerate(cells):
        for led in cell_leds[cell]:
            owner[led] = number
    return tuple(owner)


def _check_disjoint(cell_leds: Mapping[str, tuple[int, ...]], source: object) -> None:
    owner: dict[int, str] = {}
    for cell, leds in cell_leds.items():
        for led in leds:
            if led in owner:
                raise DataFileError(
                    source, f"cell_leds.{cell}", f"LED {led} used by one cell only ({owner[led]})"
                )
            owner[led] = cell


def _power(fields: _Fields) -> Power:
    return Power(
        budget_ma=fields.number("budget_ma", low=1, high=1_000_000),
        ma_per_channel=fields.number("ma_per_channel", low=0.1, high=1000),
        idle_ma_per_led=fields.number("idle_ma_per_led", low=0, high=100, default=0),
    )


def _panel(fields: _Fields) -> Panel:
    return Panel(
        width=int(fields.number("width", low=1, high=1024, integer=True)),
        height=int(fields.number("height", low=1, high=1024, integer=True)),
        position=fields.pair("position", default=(0, 0)),
        origin=fields.choice("origin", CORNERS),
        first_run=fields.choice("first_run", RUNS),
        serpentine=fields.flag("serpentine"),
        skip_before=int(fields.number("skip_before", low=0, high=10_000, integer=True, default=0)),
    )


def _cell_grid(fields: _Fields) -> CellGrid:
    size = fields.pair("size")
    if min(size) < 1:
        raise DataFileError(fields.source, "cells.size", "at least one LED each way")
    return CellGrid(
        size=size,
        gap=fields.pair("gap", default=(0, 0)),
        margin=fields.pair("margin", default=(0, 0)),
    )


_MISSING = object()


class _Fields:
    """Typed access to one mapping of a layout file; errors name the dotted field."""

    def __init__(self, data: Any, source: object, prefix: str = "") -> None:
        if not isinstance(data, dict):
            raise DataFileError(source, prefix.rstrip("."), "a mapping of fields")
        self.data: dict[str, Any] = data
        self.source = source
        self.prefix = prefix

    def _get(self, key: str, default: Any) -> Any:
        value = self.data.get(key, default)
        if value is _MISSING:
            raise DataFileError(self.source, self.prefix + key, "a value (missing)")
        return value

    def _fail(self, key: str, expected: str, value: Any) -> DataFileError:
        return DataFileError(self.source, self.prefix + key, f"{expected}, got {value!r}")

    def text(self, key: str, default: Any = _MISSING) -> str:
        value = self._get(key, default)
        if not isinstance(value, str) or (default is _MISSING and not value.strip()):
            raise self._fail(key, "a text", value)
        return value

    def choice(self, key: str, options: tuple[str, ...]) -> str:
        value = self._get(key, _MISSING)
        if value not in options:
            raise self._fail(key, f"one of {', '.join(options)}", value)
        return str(value)

    def number(
        self, key: str, *, low: float, high: float, integer: bool = False, default: Any = _MISSING
    ) -> float:
        value: Any = self._get(key, default)
        allowed = isinstance(value, int) or (isinstance(value, float) and not integer)
        if isinstance(value, bool) or not allowed or not low <= value <= high:
            kind = "an integer" if integer else "a number"
            raise self._fail(key, f"{kind} from {low:g} to {high:g}", value)
        return float(value)

    def flag(self, key: str) -> bool:
        value = self._get(key, _MISSING)
        if not isinstance(value, bool):
            raise self._fail(key, "true or false", value)
        return value

    def pair(self, key: str, default: Any = _MISSING) -> tuple[int, int]:
        value = self._get(key, default)
        if (
            not isinstance(value, list | tuple)
            or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)
        ):
            raise self._fail(key, "two non-negative integers [x, y]", value)
        return (value[0], value[1])

    def mapping(self, key: str) -> dict[str, Any]:
        value = self._get(key, _MISSING)
        if not isinstance(value, dict):
            raise self._fail(key, "a mapping", value)
        return value

    def sequence(self, key: str) -> list[Any]:
        value = self._get(key, _MISSING)
        if not isinstance(value, list) or not value:
            raise self._fail(key, "a non-empty list", value)
        return value
