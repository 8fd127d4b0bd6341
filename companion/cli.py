"""The ``companion`` command. Each sub-command lives beside the code it drives and is imported
only when used, so ``companion rules`` never loads OpenCV."""

from __future__ import annotations

import importlib
import importlib.util

import click

# sub-command name → "module:attribute" of a click command or group
SUBCOMMANDS: dict[str, str] = {
    "rules": "companion.app.judge_commands:rules",  # the rules group with the judge's commands
    "catalog": "companion.table.catalog_cli:catalog",
    "leds": "companion.lights.cli:leds",
    "labels": "companion.camera.labels_cli:labels",
    "camera": "companion.camera.cli:camera",
    "run": "companion.app.commands:run",
    "demo": "companion.app.commands:demo",
    "doctor": "companion.app.doctor:doctor",
    "hub": "companion.app.hub_commands:hub",
    "remote": "companion.remote.cli:remote",
}


def _module_exists(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


class LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        # A sub-command whose module is not installed (e.g. a partial checkout) is not listed.
        return sorted(
            name for name, target in SUBCOMMANDS.items() if _module_exists(target.split(":")[0])
        )

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = SUBCOMMANDS.get(cmd_name)
        if target is None:
            return None
        module_name, attribute = target.split(":")
        module = importlib.import_module(module_name)
        command = getattr(module, attribute)
        if not isinstance(command, click.Command):
            raise TypeError(f"{target} is not a click command")
        return command


@click.group(cls=LazyGroup)
@click.version_option(package_name="tabletop-companion")
def main() -> None:
    """Tabletop Companion: the rules, the lights, the camera and the phones of one game table."""
