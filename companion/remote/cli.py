"""``companion remote``: play one game between two tables in two homes.

``companion remote broker`` writes (and runs) the broker one player hosts for it; ``companion
remote host`` and ``companion remote join CODE`` start a table as the game's host or as its guest.
"""

from __future__ import annotations

from pathlib import Path

import click

from companion.remote.broker import (
    BrokerError,
    RemoteBroker,
    start_broker,
    stop_broker,
    write_broker,
)
from companion.settings import default_data_dir

# English words for the invite's catalog keys (the panel has them in every language)
INVITE_ERRORS = {
    "remote.invite.garbled": "this is not an invite code (check it was copied whole)",
    "remote.invite.checksum": "the code has a typo: check it character by character",
    "remote.invite.version": "the code comes from another version of the companion: update both",
}


@click.group()
def remote() -> None:
    """Remote play: two tables in two homes play one game through a broker both reach."""


@remote.command()
@click.option(
    "--folder",
    type=click.Path(path_type=Path),
    default=lambda: default_data_dir() / "remote-broker",
    help="where the broker's files go [default: <data dir>/remote-broker]",
)
@click.option(
    "--public-host",
    required=True,
    help="the name or address both tables reach the broker at (your public address, a DNS "
    "name pointing at it, or the server's)",
)
@click.option("--port", default=8883, show_default=True, type=click.IntRange(1, 65535))
@click.option("--listen", default="0.0.0.0", show_default=True, help="the address it listens on")
@click.option("--write-only", is_flag=True, help="write the files; don't run Mosquitto")
@click.option(
    "--new-guest-password",
    is_flag=True,
    help="give the guest account a new password (an invite that leaked then opens nothing; "
    "update the host table's settings)",
)
def broker(
    folder: Path,
    public_host: str,
    port: int,
    listen: str,
    write_only: bool,
    new_guest_password: bool,
) -> None:
    """Write the broker's certificate, accounts, ACLs and config (kept from an earlier run), the
    host table's ``remote:`` settings, then run Mosquitto until Ctrl-C."""
    try:
        plan = RemoteBroker(folder, public_host, port=port, listen=listen)
        found = write_broker(plan, new_guest_password=new_guest_password)
    except BrokerError as error:
        raise click.ClickException(str(error)) from None
    click.echo(f"Broker files: {plan.folder}")
    click.echo(f"Certificate pin (SHA-256): {found.pin}")
    click.echo(f"The host table's settings: {plan.host_settings_path}")
    click.echo("  (put its remote: section in the host table's config; keep it private)")
    click.echo(f"Players reach it at {public_host}:{port}: forward TCP port {port} to this machine")
    if write_only:
        click.echo(f"Run it with: mosquitto -c {plan.config_path}")
        return
    try:
        process = start_broker(plan)
    except BrokerError as error:
        raise click.ClickException(str(error)) from None
    click.echo(f"Broker running on port {port} (log: {plan.folder / 'mosquitto.log'}); "
               "Ctrl-C stops it.")  # fmt: skip
    try:
        code = process.wait()
    except KeyboardInterrupt:
        stop_broker(process)
        click.echo("Broker stopped.")
        return
    raise click.ClickException(f"mosquitto stopped by itself (exit {code}): see its log")
