"""The hub's generated Mosquitto: accounts, per-table ACLs, client ids bound to accounts, TLS —
against a real broker on a loopback port, with a stranger trying to impersonate a table."""

from __future__ import annotations

import json
import stat
import time
from pathlib import Path

import pytest

from companion.hub.broker import (
    BrokerError,
    BrokerPlan,
    acl_text,
    config_text,
    load_or_create_accounts,
    start_broker,
    write_broker,
)
from companion.hub.publisher import HubView, TablePublisher, table_summary
from tests.companion.hub.mqtt import (
    account,
    generated_broker,
    raw_client,
    self_signed_tls,
    wait_for,
)

TABLES = ("table-3", "table-7")


def summary(table: str, version: int) -> dict:
    state = {"game": "dreamblade", "game_id": 1, "version": version, "pending": {"seat": "A"}}
    return table_summary(table, state, {"tally": {"A": version, "B": 0}, "winner": None})


def test_each_table_writes_only_its_own_topics_and_reads_only_the_hubs():
    text = acl_text("companion", TABLES)
    blocks = {block.splitlines()[0]: block.splitlines()[1:] for block in text.split("\n\n")[1:]}
    assert blocks["user hub"] == [
        "topic read companion/#",
        "topic write companion/hub/#",
        # only to clear a retained message it could not read (an empty retained payload)
        *(
            f"topic write companion/+/{kind}"
            for kind in (
                "state",
                "status",
                "result",
                "judge",
                "confirm",
                "judge_answered",
                "record",
            )
        ),
    ]
    assert blocks["user table-7"] == [
        "topic write companion/table-7/#",
        "topic read companion/hub/#",
    ]
    # nothing granted before the first `user` line: anonymous clients get no topic at all
    assert not [line for line in text.split("\n\n")[0].splitlines() if line.startswith("topic")]


@pytest.mark.parametrize("names", [("hub",), ("table 1",), ("a/b",), ("t1", "t1"), ("x" * 41,)])
def test_bad_table_names_are_refused(names: tuple[str, ...]):
    with pytest.raises(BrokerError):
        acl_text("companion", names)


def test_the_config_refuses_strangers_and_binds_client_ids_to_accounts(tmp_path: Path):
    text = config_text(BrokerPlan(folder=tmp_path, tables=TABLES, port=18830))
    lines = text.splitlines()
    assert "allow_anonymous false" in lines
    assert f"password_file {tmp_path.resolve() / 'passwords'}" in lines
    # listener options after their listener: before it they would open a default port 1883
    assert lines.index("listener 18830 0.0.0.0") < lines.index("use_username_as_clientid true")
    assert [line for line in lines if line.startswith(("listener", "port"))] == [
        "listener 18830 0.0.0.0"
    ]
    assert not any(line.startswith("certfile") for line in lines)


def test_passwords_are_kept_hashed_and_private(tmp_path: Path):
    plan = BrokerPlan(folder=tmp_path, tables=("table-1",))
    first = write_broker(plan)
    again = write_broker(BrokerPlan(folder=tmp_path, tables=("table-1", "table-2")))
    assert again["table-1"] == first["table-1"] and again["hub"] == first["hub"]
    assert set(again) == {"hub", "table-1", "table-2"}
    hashed = (tmp_path / "passwords").read_text()
    assert "table-2:" in hashed and again["table-2"] not in hashed
    for name in ("accounts.json", "passwords", "acl", "tables/table-1.yaml"):
        assert stat.S_IMODE((tmp_path / name).stat().st_mode) == 0o600, name
    assert not list(tmp_path.glob("*.clear"))


def test_a_damaged_accounts_file_is_a_clear_error(tmp_path: Path):
    (tmp_path / "accounts.json").write_text("{not json")
    with pytest.raises(BrokerError, match=r"accounts\.json"):
        load_or_create_accounts(tmp_path, ("table-1",))
    (tmp_path / "accounts.json").write_text(json.dumps(["hub"]))
    with pytest.raises(BrokerError, match="not a mapping"):
        load_or_create_accounts(tmp_path, ("table-1",))


@pytest.mark.process
def test_a_table_reaches_the_hub_with_its_account(tmp_path: Path):
    with generated_broker(tmp_path, TABLES) as (plan, accounts):
        hub = HubView(account(plan, accounts, "hub"))
        table = TablePublisher(account(plan, accounts, "table-7"), "table-7")
        try:
            table.publish_state(summary("table-7", 4))
            assert wait_for(lambda: hub.tables.get("table-7", {}).get("version") == 4)
            assert wait_for(lambda: hub.online.get("table-7") is True)
        finally:
            table.close()
            hub.close()


@pytest.mark.process
def test_a_stranger_cannot_replace_a_tables_retained_state(tmp_path: Path):
    with generated_broker(tmp_path, TABLES) as (plan, accounts):
        table = TablePublisher(account(plan, accounts, "table-7"), "table-7")
        table.publish_state(summary("table-7", 5))
        assert wait_for(lambda: table.connected)
        forged = json.dumps(summary("table-7", 99))
        # no account: the broker refuses the connection outright
        anonymous, reasons = raw_client(plan.port, "stranger")
        assert wait_for(lambda: bool(reasons)) and reasons[0].is_failure  # type: ignore[attr-defined]
        anonymous.publish("companion/table-7/state", forged, qos=1, retain=True)
        anonymous.loop_stop()
        # another table's account: connected, but the ACL drops a write to table-7's topics
        other, reasons = raw_client(plan.port, "x", "table-3", accounts["table-3"])
        assert wait_for(lambda: bool(reasons)) and not reasons[0].is_failure  # type: ignore[attr-defined]
        other.publish("companion/table-7/state", forged, qos=1, retain=True).wait_for_publish(5)
        other.publish("companion/table-7/status", "offline", qos=1, retain=True).wait_for_publish(5)
        other.disconnect()
        other.loop_stop()
        hub = HubView(account(plan, accounts, "hub"))  # late: reads what is retained
        try:
            assert wait_for(lambda: "table-7" in hub.tables and "table-7" in hub.online)
            time.sleep(0.3)  # any forged message would have arrived by now
            assert hub.tables["table-7"]["version"] == 5
            assert hub.online["table-7"] is True
        finally:
            table.close()
            hub.close()


@pytest.mark.process
def test_a_stranger_reusing_the_client_id_does_not_kick_the_table_off(tmp_path: Path):
    with generated_broker(tmp_path, TABLES) as (plan, accounts):
        hub = HubView(account(plan, accounts, "hub"))
        table = TablePublisher(account(plan, accounts, "table-7"), "table-7")
        offline: list[bool] = []
        try:
            assert wait_for(lambda: hub.online.get("table-7") is True)
            hub.on_status = lambda name, online: offline.append(name) if not online else None
            strangers = [
                raw_client(plan.port, "table-7"),  # anonymous
                raw_client(plan.port, "table-7", "table-7", "wrong password"),
                raw_client(plan.port, "table-7", "table-3", accounts["table-3"]),
            ]
            assert wait_for(lambda: all(reasons for _, reasons in strangers))
            outcomes = [reasons[0].is_failure for _, reasons in strangers]  # type: ignore[attr-defined]
            assert outcomes == [True, True, False]  # only the real table-3 account gets in...
            time.sleep(0.5)
            assert table.connected  # ...and it did not take over table-7's connection
            assert offline == []
            assert hub.online["table-7"] is True
            for client, _ in strangers:
                client.disconnect()
                client.loop_stop()
        finally:
            table.close()
            hub.close()


@pytest.mark.process
def test_tls_carries_the_table_and_plain_connections_are_refused(tmp_path: Path):
    tls = self_signed_tls(tmp_path / "certs")
    with generated_broker(tmp_path / "broker", TABLES, tls=tls) as (plan, accounts):
        hub = HubView(account(plan, accounts, "hub"))
        table = TablePublisher(account(plan, accounts, "table-3"), "table-3")
        try:
            table.publish_state(summary("table-3", 2))
            assert wait_for(lambda: hub.tables.get("table-3", {}).get("version") == 2)
            # plain TCP reaches the port, but the broker never answers a plain MQTT connect
            plain, reasons = raw_client(plan.port, "p", "table-3", accounts["table-3"])
            assert not wait_for(lambda: bool(reasons), seconds=1.5)
            plain.loop_stop()
        finally:
            table.close()
            hub.close()


@pytest.mark.process
def test_the_broker_fails_clearly_when_its_port_is_taken(tmp_path: Path):
    with generated_broker(tmp_path / "one", TABLES) as (plan, _):
        taken = BrokerPlan(folder=tmp_path / "two", tables=TABLES, host="127.0.0.1", port=plan.port)
        write_broker(taken)
        with pytest.raises(BrokerError, match="mosquitto"):
            start_broker(taken, timeout=5)
