"""Apply what the chosen LED backend needs to a Pi's boot files, idempotently.

``firmware_config`` says which lines a backend needs (``boot_needs``); this module merges them into
``config.txt`` (one setting per line, under an ``[all]`` section we own) and ``cmdline.txt``
(a single line of space-separated items). Running it twice changes nothing the second time.
Used by ``setup/install.sh``::

    python -m companion.table.pi_boot --backend ws2812-pio --config /boot/firmware/config.txt \\
        --cmdline /boot/firmware/cmdline.txt --table-config /etc/companion/table.yaml
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

from companion.games import fixed_maps, settings_sections
from companion.settings import load_settings
from firmware_config.layout import load_layout
from firmware_config.pins import BOOT_BACKENDS, boot_needs, load_pins

MARK = "# added by the tabletop companion installer"


def _overlay(line: str) -> str | None:
    """The overlay a ``dtoverlay=NAME,params`` line loads (``None`` for other lines)."""
    key, _, value = line.strip().partition("=")
    return value.split(",", 1)[0] if key == "dtoverlay" and value else None


def merge_config_txt(text: str, lines: list[str]) -> str:
    """``text`` with each of ``lines`` present once, missing ones in a marked ``[all]`` block.
    A ``dtoverlay=`` line replaces an earlier line loading the same overlay with other parameters
    (loading it twice would make two devices)."""
    wanted = {_overlay(line): line.strip() for line in lines if _overlay(line)}
    kept = [
        row
        for row in text.splitlines()
        if _overlay(row) not in wanted or row.strip() == wanted[_overlay(row)]
    ]
    if len(kept) != len(text.splitlines()):
        text = "\n".join(kept) + "\n"
    present = {line.strip() for line in text.splitlines()}
    missing = [line for line in lines if line.strip() not in present]
    if not missing:
        return text
    block = "\n".join([MARK, "[all]", *missing])
    return (text.rstrip("\n") + "\n\n" if text.strip() else "") + block + "\n"


def merge_cmdline_txt(text: str, items: list[str]) -> str:
    """The kernel command line with each item present once (it must stay one line)."""
    words = text.split()
    keys = {word.split("=", 1)[0]: index for index, word in enumerate(words)}
    for item in items:
        key = item.split("=", 1)[0]
        if key in keys:
            words[keys[key]] = item
        else:
            keys[key] = len(words)
            words.append(item)
    return " ".join(words) + "\n"


def apply(
    backend: str, config_path: Path, cmdline_path: Path, led_count: int | None = None
) -> list[str]:
    """Merge the backend's needs into the boot files (backing them up once); return the notes.
    ``led_count``: the LEDs of the table's layout (the ``ws2812-pio`` overlay needs it)."""
    needs = boot_needs(load_pins().leds.data_pin, backend, led_count)
    for path, merge, lines in (
        (config_path, merge_config_txt, [entry.line for entry in needs.config_txt]),
        (cmdline_path, merge_cmdline_txt, [entry.line for entry in needs.cmdline_txt]),
    ):
        if not lines:
            continue
        old = path.read_text(encoding="utf-8")
        new = merge(old, lines)
        if new != old:
            backup = path.with_name(path.name + ".before-companion")
            if not backup.exists():
                shutil.copy2(path, backup)
            path.write_text(new, encoding="utf-8")
    return list(needs.notes)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--backend", choices=BOOT_BACKENDS, required=True)
    parser.add_argument("--config", type=Path, required=True)
    parser.add_argument("--cmdline", type=Path, required=True)
    parser.add_argument(
        "--table-config", type=Path, help="the table's config: its LED layout sizes the chain"
    )
    args = parser.parse_args(argv)
    layout = load_layout(
        load_settings(args.table_config, game_sections=settings_sections()).lights.layout,
        fixed_maps(),
    )
    for note in apply(args.backend, args.config, args.cmdline, layout.led_count):
        print(f"note: {note}")


if __name__ == "__main__":
    main()
