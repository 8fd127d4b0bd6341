"""Apply what the chosen LED backend needs to a Pi's boot files, idempotently.

``firmware_config`` says which lines a backend needs (``boot_needs``); this module merges them into
``config.txt`` (one setting per line, under an ``[all]`` section we own) and ``cmdline.txt``
(a single line of space-separated items). Running it twice changes nothing the second time.
Used by ``setup/install.sh``::

    python -m companion.table.pi_boot --backend ws281x --config /boot/firmware/config.txt \\
        --cmdline /boot/firmware/cmdline.txt
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

from firmware_config.pins import boot_needs, load_pins

MARK = "# added by the tabletop companion installer"


def merge_config_txt(text: str, lines: list[str]) -> str:
    """``text`` with each of ``lines`` present once, missing ones in a marked ``[all]`` block."""
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


def apply(backend: str, config_path: Path, cmdline_path: Path) -> list[str]:
    """Merge the backend's needs into the boot files (backing them up once); return the notes."""
    needs = boot_needs(load_pins().leds.data_pin, backend)
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
    parser.add_argument("--backend", choices=["ws281x", "pi5"], required=True)
    parser.add_argument("--config", type=Path, required=True)
    parser.add_argument("--cmdline", type=Path, required=True)
    args = parser.parse_args(argv)
    for note in apply(args.backend, args.config, args.cmdline):
        print(f"note: {note}")


if __name__ == "__main__":
    main()
