"""``companion remote``: play one game between two tables in two homes.

``companion remote broker`` writes (and runs) the broker one player hosts for it; ``companion
remote host`` and ``companion remote join CODE`` write the table's remote session into its store
(checking the broker first, so a wrong pin or an unreachable broker is said here) and then run
the table as ``companion run`` does (found through the root command: this room can't import the
app).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import click

from companion.errors import DataFileError
from companion.games import configured_kit, settings_sections
from companion.remote.access import AccessError, BrokerAccess, remote_client
from companion.remote.broker import (
    BrokerError,
    RemoteBroker,
    start_broker,
    stop_broker,
    write_broker,
)
from companion.remote.control import (
    RemoteRefused,
    broker_access,
    guest_join,
    host_invite,
    settings_accounts,
)
from companion.remote.invite import InviteError, decode
from companion.remote.state import RemoteState
from companion.settings import Settings, default_data_dir, load_settings

# English words for the invite's catalog keys (the panel has them in every language)
INVITE_ERRORS = {
    "remote.invite.garbled": "this is not an invite code: copy it again",
    "remote.invite.checksum": "the code has a typo: check it character by character",
    "remote.invite.short": "the code is cut short: copy it whole, from TTC1- to its last character",
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


def _settings(config: Path | None) -> Settings:
    try:
        return load_settings(config, game_sections=settings_sections())
    except DataFileError as error:
        raise click.ClickException(f"config: {error}") from None


def _check_broker(access: BrokerAccess, role: str, settings: Settings) -> None:
    """Fetch and check a pinned broker's certificate now (kept for the table's link)."""
    try:
        remote_client(access, role, settings.data_dir)
    except AccessError as error:
        raise click.ClickException(str(error)) from None


@contextmanager
def _remote_state(settings: Settings) -> Iterator[RemoteState]:
    """The table's remote session rows, while no running table holds its data folder."""
    from companion.table.data_lock import DataFolderBusy, hold_data_folder
    from companion.table.store import Store, StoreError

    try:
        lock = hold_data_folder(settings.data_dir, settings.table_name)
    except DataFolderBusy as busy:
        raise click.ClickException(str(busy)) from None
    try:
        try:
            store = Store(settings.store_path)
        except (StoreError, OSError) as error:
            raise click.ClickException(f"store: {error} (`companion run` repairs it)") from None
        try:
            yield RemoteState(store)
        finally:
            store.close()
    finally:
        lock.release()


def _run_table(config: Path | None, host: str | None, port: int | None) -> None:
    """Run the table as ``companion run --config C [--host H] [--port P]`` does."""
    context = click.get_current_context()
    root = context.find_root()
    run = root.command.get_command(root, "run") if isinstance(root.command, click.Group) else None
    if run is None:
        raise click.ClickException("`companion run` is not installed here")
    context.invoke(run, config=config, host=host, port=port)


def _table_options(command: Callable[..., None]) -> Callable[..., None]:
    """``--config``, and the phone panel's ``--host`` / ``--port`` as ``companion run`` takes
    them, with ``--no-run``."""
    for option in (
        click.option("--no-run", is_flag=True, help="write the session; don't run the table"),
        click.option("--port", type=click.IntRange(0, 65535), help="as companion run's --port"),
        click.option("--host", "panel_host", help="as companion run's --host"),
        click.option("--config", type=click.Path(path_type=Path), help="table config (YAML)"),
    ):
        command = option(command)
    return command


@remote.command()
@_table_options
@click.option("--new-invite", is_flag=True, help="make a new invite code (the old one dies)")
def host(
    config: Path | None, panel_host: str | None, port: int | None, no_run: bool, new_invite: bool
) -> None:
    """Host a remote game at this table (its config's ``remote:`` section names the broker) and
    run the table, which says the invite code to send the guest. Run again, it keeps the session
    and its invite (a guest may already have joined with it)."""
    settings = _settings(config)
    try:
        host_fields, _ = settings_accounts(settings.remote)
    except RemoteRefused as error:
        raise click.ClickException(str(error)) from None
    _check_broker(broker_access(host_fields), "host", settings)
    with _remote_state(settings) as state:
        session = state.session()
        if (
            new_invite
            or session is None
            or session.role != "host"
            or session.access != host_fields
            or session.code is None
        ):
            session, _ = host_invite(state, settings.remote, configured_kit(settings).name)
    if not no_run:  # the table says the code as it starts (unless a guest has joined with it)
        _run_table(config, panel_host, port)
    elif session.bound is None:
        click.echo(f"Invite code (send it to your friend privately; it plays seat {session.seat}):")
        click.echo(f"  {session.code}")
    else:
        click.echo("A guest table has joined with the current invite (--new-invite for another).")


@remote.command()
@click.argument("code")
@_table_options
def join(
    code: str, config: Path | None, panel_host: str | None, port: int | None, no_run: bool
) -> None:
    """Join a friend's remote game with the invite CODE they sent, then run the table (it plays
    the invite's seat). Run again with the same code, it keeps the session."""
    try:
        invite = decode(code)
    except InviteError as error:
        raise click.ClickException(INVITE_ERRORS[error.key]) from None
    settings = _settings(config)
    if invite.game != configured_kit(settings).name:
        raise click.ClickException(
            f"the invite is for a game of {invite.game}; this table's config plays "
            f"{configured_kit(settings).name} (set game: {invite.game})"
        )
    _check_broker(invite.access, "guest", settings)
    with _remote_state(settings) as state:
        session = state.session()
        if session is None or session.role != "guest" or session.nonce != invite.nonce:
            guest_join(state, code)  # a new guest id: kept when run again with this code
    click.echo(f"Joined: this table plays seat {invite.seat} of {invite.access.host}'s game.")
    if not no_run:
        _run_table(config, panel_host, port)


@remote.command("lag-proxy")
@click.argument("target_host")
@click.argument("target_port", type=click.IntRange(1, 65535))
@click.option("--port", default=0, show_default=True, type=click.IntRange(0, 65535),
              help="the port it listens on (0: any free one, said as it starts)")  # fmt: skip
@click.option("--listen", default="127.0.0.1", show_default=True, help="the address it listens on")
@click.option("--delay-ms", default=100.0, show_default=True, type=click.FloatRange(0, 10_000),
              help="the delay added each way")  # fmt: skip
def lag_proxy(target_host: str, target_port: int, port: int, listen: str, delay_ms: float) -> None:
    """Try remote play over a slow, breakable link: forward a port to TARGET_HOST:TARGET_PORT
    (the broker) with a delay each way; type ``cut`` or ``restore`` to cut or restore the link.
    Point a table's broker address here."""
    from companion.remote.lag_proxy import main as run_proxy

    raise SystemExit(run_proxy(port, target_host, target_port, delay_ms, listen_host=listen))
