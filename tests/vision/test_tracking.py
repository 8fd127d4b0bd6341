import pytest

from vision.board_change import BoardChange, TagProblem
from vision.observe import Observation, Placement
from vision.tracking import Tracker, TrackerConfig

from .conftest import tag


def seen(*items: tuple[int, str] | tuple[int, str, float], busy: bool = False) -> Observation:
    placements = []
    for item in items:
        n, cell = item[0], item[1]
        confidence = item[2] if len(item) == 3 else 1.0
        placements.append(Placement(tag(n), cell, confidence, 0.0, 0.0))
    return Observation(tuple(placements), busy=busy)


def feed(tracker: Tracker, observation: Observation, times: int) -> list[BoardChange]:
    changes = []
    for _ in range(times):
        change = tracker.update(observation)
        if change is not None:
            changes.append(change)
    return changes


def test_a_new_tag_commits_only_after_the_stable_frames() -> None:
    tracker = Tracker(TrackerConfig(stable_frames=3))
    assert feed(tracker, seen((1, "a1")), 2) == []
    (change,) = feed(tracker, seen((1, "a1")), 1)
    assert change.added == {tag(1): "a1"}
    assert change.board == {tag(1): "a1"}
    assert feed(tracker, seen((1, "a1")), 5) == []


def test_a_flicker_shorter_than_the_stable_frames_commits_nothing() -> None:
    tracker = Tracker(TrackerConfig(stable_frames=3))
    feed(tracker, seen((1, "a1")), 3)
    assert feed(tracker, seen((1, "b1")), 2) == []
    assert feed(tracker, seen((1, "a1")), 3) == []
    assert tracker.board == {tag(1): "a1"}


def test_a_move_commits_as_moved() -> None:
    tracker = Tracker(TrackerConfig(stable_frames=2))
    feed(tracker, seen((1, "a1"), (2, "c3")), 2)
    (change,) = feed(tracker, seen((1, "a2"), (2, "c3")), 2)
    assert change.moved == {tag(1): ("a1", "a2")}
    assert change.board == {tag(1): "a2", tag(2): "c3"}


def test_a_hand_over_the_map_pauses_commits_and_keeps_covered_tags() -> None:
    tracker = Tracker(TrackerConfig(stable_frames=2))
    feed(tracker, seen((1, "a1"), (2, "c3")), 2)
    # the hand hides both tags for many frames: nothing is removed
    assert feed(tracker, seen(busy=True), 20) == []
    assert tracker.board == {tag(1): "a1", tag(2): "c3"}
    # the hand leaves, tag 2 was carried to d3: one clear frame is not enough, two are
    assert feed(tracker, seen((1, "a1"), (2, "d3")), 1) == []
    (change,) = feed(tracker, seen((1, "a1"), (2, "d3")), 1)
    assert change.moved == {tag(2): ("c3", "d3")}


def test_stability_counted_before_a_hand_does_not_carry_over() -> None:
    tracker = Tracker(TrackerConfig(stable_frames=3))
    feed(tracker, seen((1, "a1")), 2)
    feed(tracker, seen(busy=True), 1)
    assert feed(tracker, seen((1, "a1")), 2) == []
    assert len(feed(tracker, seen((1, "a1")), 1)) == 1


def test_a_tag_gone_from_a_clear_map_is_removed_after_the_stable_frames() -> None:
    tracker = Tracker(TrackerConfig(stable_frames=3))
    feed(tracker, seen((1, "a1"), (2, "b2")), 3)
    assert feed(tracker, seen((2, "b2")), 2) == []
    (change,) = feed(tracker, seen((2, "b2")), 1)
    assert change.removed == {tag(1): "a1"}
    assert change.board == {tag(2): "b2"}


def test_a_base_on_a_line_is_flagged_and_never_moved_or_added() -> None:
    tracker = Tracker(TrackerConfig(stable_frames=2, min_confidence=0.3))
    feed(tracker, seen((1, "a1")), 2)
    changes = feed(tracker, seen((1, "b1", 0.1), (2, "c3", 0.1)), 5)
    assert [c.flags for c in changes] == [
        (TagProblem("on_line", tag(1), ("b1",)), TagProblem("on_line", tag(2), ("c3",)))
    ]
    assert str(changes[0].flags[0]) == f"{tag(1)} is on a line (b1): place it inside a cell"
    assert tracker.board == {tag(1): "a1"}
    (change,) = feed(tracker, seen((1, "b1", 0.6), (2, "c3", 0.5)), 2)
    assert change.moved == {tag(1): ("a1", "b1")}
    assert change.added == {tag(2): "c3"}


def test_a_base_read_from_both_sides_of_its_line_stays_put() -> None:
    tracker = Tracker(TrackerConfig(stable_frames=2, min_confidence=0.3))
    feed(tracker, seen((1, "a1")), 2)
    assert feed(tracker, seen((1, "a1", 0.1), (1, "b1", 0.1)), 5) == []
    assert tracker.board == {tag(1): "a1"}


def test_the_same_tag_in_two_cells_is_flagged_once_and_not_applied() -> None:
    tracker = Tracker(TrackerConfig(stable_frames=2))
    feed(tracker, seen((1, "a1")), 2)
    changes = feed(tracker, seen((1, "a1", 1.0), (1, "e5", 1.0)), 6)
    assert len(changes) == 1
    assert changes[0].flags == (TagProblem("two_cells", tag(1), ("a1", "e5")),)
    assert str(changes[0].flags[0]) == f"{tag(1)} seen in a1 and e5"
    assert changes[0].moved == {} and changes[0].added == {}
    assert tracker.board == {tag(1): "a1"}


def test_a_tag_outside_the_warband_is_flagged_and_ignored() -> None:
    tracker = Tracker(TrackerConfig(stable_frames=1), warband={tag(1)})
    (change,) = feed(tracker, seen((1, "a1"), (9, "c3")), 1)
    assert change.added == {tag(1): "a1"}
    assert change.flags == (TagProblem("not_in_warband", tag(9), ("c3",)),)
    assert tag(9) not in tracker.board


@pytest.mark.parametrize(
    "config", [{"stable_frames": 0}, {"min_confidence": 1.5}, {"min_confidence": -0.1}]
)
def test_bad_tracker_settings_are_refused(config: dict[str, float]) -> None:
    with pytest.raises(ValueError):
        TrackerConfig(**config)  # type: ignore[arg-type]


def test_an_unread_tag_whose_base_is_still_there_is_kept() -> None:
    tracker = Tracker(TrackerConfig(stable_frames=2))
    feed(tracker, seen((1, "a1"), (2, "b2")), 2)
    still_there = Observation(seen((2, "b2")).placements, unread=frozenset({tag(1)}))
    assert feed(tracker, still_there, 10) == []
    assert tracker.board == {tag(1): "a1", tag(2): "b2"}


def test_a_partly_read_tag_and_a_tag_seen_twice_are_flagged_never_applied() -> None:
    from dataclasses import replace

    tracker = Tracker()
    twice = TagProblem("on_map_twice", tag(3), ("a2", "e4"))
    partly = replace(seen((1, "a1")), partial=frozenset({tag(2)}), problems=(twice,))
    flagged, committed = feed(tracker, partly, 3)
    assert flagged.board == {} and committed.board == {tag(1): "a1"}  # tag 2 never placed
    assert flagged.flags == (twice, TagProblem("partly_read", tag(2)))
    assert "only part" in str(flagged.flags[1])


def test_the_default_commits_on_the_second_clear_frame() -> None:
    tracker = Tracker()
    assert tracker.update(seen((1, "a1"))) is None
    change = tracker.update(seen((1, "a1")))
    assert change is not None and change.added == {tag(1): "a1"}


def test_a_hands_change_commits_whole() -> None:
    """A hand takes tag 1 off a1 and puts tag 2 from c3 down in d3: the first clear frame reads
    tag 2 but keeps the unseen tag 1 (``unread``: absences count from the next frame), so the
    move is ready a frame before the removal; both commit together, never half a change."""
    tracker = Tracker()
    feed(tracker, seen((1, "a1"), (2, "c3")), 2)
    feed(tracker, seen(busy=True), 3)
    first = Observation(seen((2, "d3")).placements, unread=frozenset({tag(1)}))
    assert tracker.update(first) is None
    assert tracker.handled == {tag(2)}  # tag 1 still taken as there
    assert tracker.update(seen((2, "d3"))) is None  # the move is ready, the removal is not
    assert tracker.changing and tracker.handled == {tag(1), tag(2)}
    change = tracker.update(seen((2, "d3")))
    assert change is not None
    assert (change.moved, change.removed) == ({tag(2): ("c3", "d3")}, {tag(1): "a1"})
    assert not tracker.changing and not tracker.handled


def test_a_tag_gone_from_a_still_map_was_not_handled() -> None:
    """No hand was over the map (glare, a bumped camera): its absence is no hand's doing."""
    tracker = Tracker(TrackerConfig(stable_frames=3))
    feed(tracker, seen((1, "a1"), (2, "b2")), 6)
    assert feed(tracker, seen((2, "b2")), 1) == []
    assert tracker.changing and not tracker.handled


def test_a_change_waits_for_the_rest_of_its_hand_at_most_the_stable_frames() -> None:
    """A tag that keeps flickering never holds the others' changes back for long."""
    tracker = Tracker(TrackerConfig(stable_frames=2))
    feed(tracker, seen((1, "a1"), (2, "c3")), 2)
    changes = []
    for n in range(6):  # tag 2 moved to d3; tag 1 flickers between a1 and a2
        changes += feed(tracker, seen((1, "a2" if n % 2 else "a1"), (2, "d3")), 1)
    assert [c.moved for c in changes] == [{tag(2): ("c3", "d3")}]
