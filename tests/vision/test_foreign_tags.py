"""Two tables' label sets: a tag printed for another table is flagged where it lies and never
placed, even when its serial is one this table registered."""

from vision.board_change import TagId
from vision.calibration import Calibration
from vision.carrier import DEFAULT_CARRIER
from vision.payload import TableSerial, encode_payload, encode_table_payload
from vision.pipeline import Pipeline, PipelineConfig
from vision.registration import LabelRegistration, assign_serials, merge_registrations
from vision.square_grid import square_grid
from vision.synth import Figure, Piece, Scene, View, render, view_homography
from vision.tags import MarkerReader, ZxingReader

from .conftest import BASE_MM, TAG_MM, tag

WARBAND = [tag(1), tag(2), tag(3)]


def _tables(family: str) -> tuple[LabelRegistration, LabelRegistration]:
    """Two tables that printed the same warband: the same serials, their own keys."""
    here, there = (assign_serials(family, WARBAND, key=key) for key in (3, 8))
    assert here.serials == there.serials
    return here, there


def _run(pipeline: Pipeline, scene: Scene, view: View, frames: int = 3) -> list[str]:
    flags: list[str] = []
    for seed in range(frames):
        change = pipeline.process(render(scene, view, seed=seed)).change
        if change is not None:
            assert set(change.board) <= set(WARBAND)
            flags.extend(str(flag) for flag in change.flags)  # as the log says them
    return flags


def test_a_carrier_of_another_table_with_a_serial_registered_here_is_flagged_never_placed() -> None:
    here, there = _tables("aruco4x4")
    grid = square_grid(3, 1, 60.0)

    def carrier(table: LabelRegistration, miniature: TagId, x: float, angle: float) -> Piece:
        serial = table.serial_of(miniature)
        assert serial is not None
        marker = table.marker_id(serial)
        return Piece(miniature, x, 30.0, angle_deg=angle, marker_id=marker, figure=Figure(0.6))

    # ours: tag 1 in a1; theirs: their tag 2 (serial 1, registered here too) in c1
    pieces = (carrier(here, tag(1), 30.0, 20.0), carrier(there, tag(2), 150.0, 65.0))
    scene = Scene(grid, pieces, family="aruco4x4", design="carrier", seed=5)
    view = View(900, 400, 5.0, rotation_deg=2.0)
    calibration = Calibration(view_homography(scene, view), (900, 400), "manual")
    config = PipelineConfig(carrier=DEFAULT_CARRIER, decode="full-frame")
    pipeline = Pipeline(grid, calibration, MarkerReader(here), config)
    flags = _run(pipeline, scene, view)
    assert pipeline.tracker.board == {tag(1): "a1"}
    assert "a tag of another table (key 8) is in c1: it is not this table's" in flags
    # at the other table it is the other way round
    theirs = Pipeline(grid, calibration, MarkerReader(there), config)
    flags = _run(theirs, scene, view)
    assert theirs.tracker.board == {tag(2): "c1"}
    assert "a tag of another table (key 3) is in a1: it is not this table's" in flags


def test_a_qr_sticker_of_another_table_or_an_older_one_is_flagged_never_placed() -> None:
    here, there = _tables("qr")

    def sticker(table: LabelRegistration | None, miniature: TagId, x: float, y: float) -> Piece:
        if table is None:  # an older sticker naming its miniature
            return Piece(miniature, x, y, qr_text=encode_payload(miniature))
        serial = table.serial_of(miniature)
        assert serial is not None
        return Piece(miniature, x, y, qr_text=encode_table_payload(TableSerial(table.key, serial)))

    grid = square_grid(3, 1, 90.0)
    pieces = (
        sticker(here, tag(3), 45.0, 45.0),  # ours, in a1
        sticker(there, tag(3), 135.0, 45.0),  # the same miniature's sticker at the other table
        sticker(None, tag(2), 225.0, 45.0),  # an older sticker
    )
    scene = Scene(grid, pieces, tag_mm=TAG_MM, base_mm=BASE_MM, seed=3)
    view = View(1200, 500, 4.0)
    calibration = Calibration(view_homography(scene, view), (1200, 500), "manual")
    config = PipelineConfig(base_mm=BASE_MM, decode="full-frame")
    pipeline = Pipeline(grid, calibration, ZxingReader(registration=here), config)
    flags = _run(pipeline, scene, view)
    assert pipeline.tracker.board == {tag(3): "a1"}
    assert "a tag of another table (key 8) is in b1: it is not this table's" in flags
    assert any(flag.startswith("an older sticker naming no table is in c1") for flag in flags)
    # a table without a registration still reads the older sticker (and only it)
    older = Pipeline(grid, calibration, ZxingReader(), config)
    _run(older, scene, view)
    assert older.tracker.board == {tag(2): "c1"}


def test_foreign_tags_are_flagged_in_changed_cells_mode_too() -> None:
    here, there = _tables("qr")
    grid = square_grid(2, 1, 90.0)
    theirs = encode_table_payload(TableSerial(there.key, 0))
    pieces = (Piece(tag(1), 135.0, 45.0, qr_text=theirs),)
    scene = Scene(grid, pieces, tag_mm=TAG_MM, base_mm=BASE_MM, seed=3)
    view = View(800, 500, 4.0)
    calibration = Calibration(view_homography(scene, view), (800, 500), "manual")
    config = PipelineConfig(base_mm=BASE_MM)
    pipeline = Pipeline(grid, calibration, ZxingReader(registration=here), config)
    flags = _run(pipeline, scene, view, frames=4)
    assert pipeline.tracker.board == {}
    assert flags == ["a tag of another table (key 8) is in b1: it is not this table's"]


def test_two_players_sheets_of_one_key_a_serial_bound_two_ways_is_flagged_never_placed() -> None:
    """Two players printed with the same key, seated together anyway: the serial both sheets
    give to different miniatures is not guessed; the one only a sheet has is read."""
    ann = LabelRegistration("aruco4x4", {0: tag(1), 1: tag(2)}, 3)
    ben = LabelRegistration("aruco4x4", {0: tag(3)}, 3)
    grid = square_grid(3, 1, 60.0)
    pieces = (
        Piece(tag(1), 30.0, 30.0, angle_deg=20.0, marker_id=150, figure=Figure(0.6)),  # 3/0
        Piece(tag(2), 90.0, 30.0, angle_deg=65.0, marker_id=151, figure=Figure(0.6)),  # 3/1
        Piece(tag(3), 150.0, 30.0, angle_deg=-40.0, marker_id=450, figure=Figure(0.6)),  # 9/0
    )
    scene = Scene(grid, pieces, family="aruco4x4", design="carrier", seed=5)
    view = View(900, 400, 5.0, rotation_deg=2.0)
    calibration = Calibration(view_homography(scene, view), (900, 400), "manual")
    config = PipelineConfig(carrier=DEFAULT_CARRIER, decode="full-frame")
    reader = MarkerReader(merge_registrations([ann, ben]))
    pipeline = Pipeline(grid, calibration, reader, config)
    flags = _run(pipeline, scene, view)
    assert pipeline.tracker.board == {tag(2): "b1"}
    assert any(f.startswith("a tag of key 3 is in a1: two registrations") for f in flags)
    assert "a tag of another table (key 9) is in c1: it is not this table's" in flags
