"""``companion hub``: the organizer's station. ``companion hub broker`` writes the broker's files
(accounts, ACLs, config; one ``hub:`` section per table to copy into that table's config);
``companion hub run`` runs the broker, the event (its journal in the data folder) and its pages."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click

from companion.hub.broker import BrokerError, BrokerPlan, TlsFiles, write_broker
from companion.settings import default_data_dir


def table_names(count: int, names: tuple[str, ...]) -> tuple[str, ...]:
    """The tables: those named, else ``table-1`` … ``table-<count>``."""
    return names or tuple(f"table-{n}" for n in range(1, count + 1))


def tls_files(cert: Path | None, key: Path | None, ca: Path | None) -> TlsFiles | None:
    given = [p for p in (cert, key, ca) if p is not None]
    if not given:
        return None
    if len(given) != 3:
        raise click.UsageError("TLS needs --tls-cert, --tls-key and --tls-ca together")
    assert cert is not None and key is not None and ca is not None
    return TlsFiles(certfile=cert, keyfile=key, cafile=ca)


def page_addresses(
    host: str, port: int, public_host: str | None, lan: str | None, hostname: str
) -> tuple[str, str | None]:
    """Where the hub's pages open: on this machine (a loopback address when it listens there,
    where the organizer PIN is set first), and from the store's phones and screens — the
    ``--public-host``, ``hub.local`` on a machine named ``hub`` (as ``install.sh --hub`` names
    it), else its LAN address; ``None`` when no other device can open them (loopback only)."""
    from web_panel.addresses import EVERY_INTERFACE, LOOPBACK_NAMES

    every = host in EVERY_INTERFACE
    here = f"http://{'127.0.0.1' if every or host in LOOPBACK_NAMES else host}:{port}/"
    if host in LOOPBACK_NAMES:
        network = None
    elif public_host:
        network = public_host
    elif hostname.split(".")[0].lower() == "hub":
        network = "hub.local"
    else:
        network = lan if every else host
    return here, None if network is None else f"http://{network}:{port}/"


def tls_options(command: Callable[..., None]) -> Callable[..., None]:
    """``--tls-cert``, ``--tls-key`` and ``--tls-ca`` (PEM files), given as ``tls_cert``,
    ``tls_key`` and ``tls_ca``."""
    helps = (
        ("--tls-ca", "the CA certificate that signed the broker's (the tables verify with it)"),
        ("--tls-key", "the broker certificate's private key"),
        ("--tls-cert", "the broker's certificate: it must name the address tables reach it at"),
    )
    for flag, text in helps:
        command = click.option(flag, type=click.Path(exists=True, path_type=Path), help=text)(
            command
        )
    return command


def tables_options(command: Callable[..., None]) -> Callable[..., None]:
    """The ``--tables N`` / ``--table NAME`` options, given to the command as ``count, names``."""
    command = click.option(
        "--table", "names", multiple=True, help="a table's name (repeat; replaces --tables)"
    )(command)
    return click.option("--tables", "count", default=8, show_default=True, help="how many tables")(
        command
    )


@click.group()
def hub() -> None:
    """The organizer's station: the broker, the event, the organizer page and the wall."""


@hub.command()
@tables_options
@click.option(
    "--folder",
    type=click.Path(path_type=Path),
    default=lambda: default_data_dir() / "broker",
    help="where the broker's files go [default: <data dir>/broker]",
)
@click.option("--host", default="0.0.0.0", show_default=True, help="the address it listens on")
@click.option("--port", default=1883, show_default=True)
@click.option(
    "--public-host",
    help="the address tables reach the broker at [default: none; they find it by mDNS, else as "
    "hub.local]",
)
@tls_options
def broker(
    count: int,
    names: tuple[str, ...],
    folder: Path,
    host: str,
    port: int,
    public_host: str | None,
    tls_cert: Path | None,
    tls_key: Path | None,
    tls_ca: Path | None,
) -> None:
    """Write Mosquitto's config, accounts and ACLs for the tables (passwords already issued are
    kept), then say where each table's ``hub:`` section is."""
    plan = BrokerPlan(
        folder=folder,
        tables=table_names(count, names),
        host=host,
        port=port,
        public_host=public_host,
        tls=tls_files(tls_cert, tls_key, tls_ca),
    )
    try:
        write_broker(plan)
    except BrokerError as error:
        raise click.ClickException(str(error)) from None
    click.echo(f"Broker config: {plan.config_path}")
    click.echo(f"Run it with:   mosquitto -c {plan.config_path}")
    click.echo(f"Each table's hub: section is in {folder / 'tables'}/<table>.yaml:")
    for name in plan.tables:
        click.echo(f"  {name}: {folder / 'tables' / (name + '.yaml')}")


@hub.command()
@tables_options
@click.option(
    "--data",
    type=click.Path(path_type=Path),
    default=lambda: default_data_dir() / "hub",
    help="the event's folder: its journal, the broker's files [default: <data dir>/hub]",
)
@click.option("--host", default="0.0.0.0", show_default=True, help="the pages' address")
@click.option("--port", default=8080, show_default=True, help="the pages' port")
@click.option("--mqtt-port", default=1883, show_default=True, help="the broker's port")
@click.option(
    "--public-host",
    help="the address tables reach the broker at [default: none; they find it by mDNS, else as "
    "hub.local]",
)
@click.option(
    "--broker",
    help="the store's broker, HOST[:PORT], instead of our own (see --username, --password)",
)
@click.option("--username", help="the hub's account on the store's broker")
@click.option("--password", help="its password")
@tls_options
@click.option("--round-minutes", type=int, help="the round length (kept for the event)")
@click.option(
    "--mdns/--no-mdns", default=True, show_default=True, help="advertise our broker to the tables"
)
@click.option("-v", "--verbose", is_flag=True)
def run(
    count: int,
    names: tuple[str, ...],
    data: Path,
    host: str,
    port: int,
    mqtt_port: int,
    public_host: str | None,
    broker: str | None,
    username: str | None,
    password: str | None,
    tls_cert: Path | None,
    tls_key: Path | None,
    tls_ca: Path | None,
    round_minutes: int | None,
    mdns: bool,
    verbose: bool,
) -> None:
    """Run the organizer's station: the broker (unless --broker), the event and its pages. With
    --tls-cert, --tls-key and --tls-ca our broker takes TLS only (and says so on mDNS); with
    --broker, --tls-ca alone: the store's broker takes TLS, verified with that CA."""
    import logging
    import signal
    import socket
    import threading

    from companion.hub.broker import start_broker
    from companion.hub.discovery import Advertisement, advertise
    from companion.hub.journal import Journal
    from companion.hub.records import RECORDS_FOLDER, GameRecords
    from companion.hub.station import HubStation
    from companion.hub.tournament import Tournament, TournamentError
    from companion.mosquitto import stop_mosquitto
    from companion.settings import HubSettings
    from web_panel.addresses import lan_address
    from web_panel.app import load_or_create_secret, serve
    from web_panel.hub.app import create_hub_app

    logging.basicConfig(level=logging.INFO if verbose else logging.WARNING)
    tables = table_names(count, names)
    process = None
    advertisement: Advertisement | None = None
    if broker is not None and (tls_cert is not None or tls_key is not None):
        raise click.UsageError("with --broker, give only --tls-ca (the store's broker's CA)")
    tls = tls_files(tls_cert, tls_key, tls_ca) if broker is None else None
    if broker is None:
        plan = BrokerPlan(
            folder=data / "broker", tables=tables, port=mqtt_port, public_host=public_host,
            tls=tls,
        )  # fmt: skip
        try:
            accounts = write_broker(plan)
            process = start_broker(plan)
        except BrokerError as error:
            raise click.ClickException(str(error)) from None
        mqtt = HubSettings(
            mqtt_host="127.0.0.1", mqtt_port=mqtt_port, username="hub", password=accounts["hub"],
            tls_ca=tls.cafile if tls is not None else None,
        )  # fmt: skip
        secured = " (TLS only)" if tls is not None else ""
        click.echo(
            f"Broker on port {mqtt_port}{secured}; tables' settings in {plan.folder / 'tables'}"
        )
        if mdns:  # the store's broker (--broker) is named in the tables' configs instead
            advertisement, said = advertise(mqtt_port, tls=tls is not None, prefix=plan.prefix)
            click.echo(f"Broker {said}")
    else:
        address, _, given_port = broker.partition(":")
        mqtt = HubSettings(
            mqtt_host=address,
            mqtt_port=int(given_port or 1883),
            username=username,
            password=password,
            tls_ca=tls_ca,
        )
    tournament = Tournament(Journal(data / "hub.sqlite3"))
    try:
        tournament.set_tables(tables)
        if round_minutes is not None:
            tournament.configure(round_minutes=round_minutes)
    except TournamentError as error:
        raise click.ClickException(str(error)) from None
    station = HubStation(mqtt, tournament, records=GameRecords(data / RECORDS_FOLDER))
    app = create_hub_app(tournament, station, secret_key=load_or_create_secret(data), data_dir=data)
    server = serve(app, host, port).start_in_thread()
    here, network = page_addresses(
        host, server.server.port, public_host, lan_address(), socket.gethostname()
    )
    click.echo(f"Organizer page (on this machine, where the organizer PIN is set): {here}")
    if network is not None:
        click.echo(f"Phones and screens on the network: {network}  (wall: {network}wall)")
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    try:
        while not stop.wait(0.5):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        if advertisement is not None:
            advertisement.close()
        server.stop()
        station.close()
        tournament.journal.close()
        if process is not None:
            stop_mosquitto(process)
