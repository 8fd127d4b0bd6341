"""``companion hub``: the organizer's station. ``companion hub broker`` writes the broker's files
(accounts, ACLs, config; one ``hub:`` section per table to copy into that table's config)."""

from __future__ import annotations

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


@click.group()
def hub() -> None:
    """The organizer's station: the broker, the event, the organizer page and the wall."""


@hub.command()
@click.option("--tables", "count", default=8, show_default=True, help="how many tables")
@click.option("--table", "names", multiple=True, help="a table's name (repeat; replaces --tables)")
@click.option(
    "--folder",
    type=click.Path(path_type=Path),
    default=lambda: default_data_dir() / "broker",
    help="where the broker's files go [default: <data dir>/broker]",
)
@click.option("--host", default="0.0.0.0", show_default=True, help="the address it listens on")
@click.option("--port", default=1883, show_default=True)
@click.option("--public-host", default="hub.local", show_default=True, help="how tables reach it")
@click.option("--tls-cert", type=click.Path(exists=True, path_type=Path))
@click.option("--tls-key", type=click.Path(exists=True, path_type=Path))
@click.option("--tls-ca", type=click.Path(exists=True, path_type=Path))
def broker(
    count: int,
    names: tuple[str, ...],
    folder: Path,
    host: str,
    port: int,
    public_host: str,
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
