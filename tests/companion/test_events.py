from companion.events import Event, EventBus


def test_subscribers_receive_only_their_kinds():
    bus = EventBus()
    seen: list[str] = []
    everything: list[str] = []
    bus.subscribe(lambda e: seen.append(e.kind), kinds={"spawned"})
    bus.subscribe(lambda e: everything.append(e.kind))
    bus.publish_all([Event("spawned"), Event("moved")])
    assert seen == ["spawned"]
    assert everything == ["spawned", "moved"]


def test_a_failing_subscriber_does_not_stop_the_others():
    bus = EventBus()
    seen: list[str] = []

    def broken(_event: Event) -> None:
        raise RuntimeError("boom")

    bus.subscribe(broken)
    bus.subscribe(lambda e: seen.append(e.kind))
    bus.publish(Event("moved"))
    assert seen == ["moved"]


def test_unsubscribe_stops_delivery():
    bus = EventBus()
    seen: list[str] = []
    unsubscribe = bus.subscribe(lambda e: seen.append(e.kind))
    unsubscribe()
    bus.publish(Event("moved"))
    assert seen == []
