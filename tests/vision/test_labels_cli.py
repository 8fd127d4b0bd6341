from pathlib import Path

import cv2
import numpy as np
from click.testing import CliRunner

from companion.cli import main
from vision.board_change import TagId
from vision.registration import load_registration


def test_tags_command_prints_a_warband(tmp_path: Path) -> None:
    warband = tmp_path / "warband.yaml"
    warband.write_text('- {tag: "db:B45#1", name: Samurai, seat: A}\n- {tag: "db:B2#1", seat: B}\n')
    out = tmp_path / "tags.pdf"
    result = CliRunner().invoke(main, ["labels", "tags", str(warband), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"%PDF")


def test_tags_command_names_a_bad_entry(tmp_path: Path) -> None:
    warband = tmp_path / "warband.yaml"
    warband.write_text('- {tag: "B45", seat: A}\n')
    result = CliRunner().invoke(
        main, ["labels", "tags", str(warband), "-o", str(tmp_path / "x.pdf")]
    )
    assert result.exit_code != 0
    assert "[0].tag" in result.output


def test_corners_command(tmp_path: Path) -> None:
    out = tmp_path / "corners.pdf"
    result = CliRunner().invoke(main, ["labels", "corners", "-o", str(out)])
    assert result.exit_code == 0 and out.exists()


def test_plan_command_gives_a_verdict_per_family() -> None:
    result = CliRunner().invoke(
        main, ["labels", "plan", "--resolution", "4056x3040", "--hfov", "63", "--height-mm", "600"]
    )
    assert result.exit_code == 0
    assert "qr" in result.output and "reliable" in result.output
    assert "recommended tag family: qr" in result.output


def test_plan_command_says_when_the_map_does_not_fit() -> None:
    result = CliRunner().invoke(main, ["labels", "plan", "--height-mm", "300"])
    assert "does NOT fit" in result.output


def test_plan_command_refuses_a_bad_resolution() -> None:
    result = CliRunner().invoke(main, ["labels", "plan", "--resolution", "big"])
    assert result.exit_code != 0


def test_marker_tags_get_ids_and_a_registration_file(tmp_path: Path) -> None:
    warband = tmp_path / "warband.yaml"
    warband.write_text('- {tag: "db:B45#1", seat: A, marker: 4}\n- {tag: "db:B2#1", seat: B}\n')
    out = tmp_path / "tags.pdf"
    result = CliRunner().invoke(
        main, ["labels", "tags", str(warband), "-o", str(out), "--family", "aruco4x4"]
    )
    assert result.exit_code == 0, result.output
    registration = load_registration(tmp_path / "tags.markers.yaml")
    assert registration.serials == {0: TagId("db", "B2", 1), 4: TagId("db", "B45", 1)}
    assert 1 <= registration.key <= 19  # a new table draws its key


def test_a_tag_listed_twice_is_refused(tmp_path: Path) -> None:
    warband = tmp_path / "warband.yaml"
    warband.write_text('- {tag: "db:B2#1", seat: A}\n- {tag: "db:B2#1", seat: B}\n')
    result = CliRunner().invoke(main, ["labels", "tags", str(warband), "-o", str(tmp_path / "x")])
    assert result.exit_code != 0 and "[1].tag" in result.output


def test_check_reads_a_photo_of_the_table(tmp_path: Path, table_frame: np.ndarray) -> None:
    photo = tmp_path / "table.png"
    cv2.imwrite(str(photo), table_frame)
    result = CliRunner().invoke(main, ["labels", "check", str(photo), "--tag-mm", "40"])
    assert result.exit_code == 0, result.output
    assert "calibrated from the corner markers" in result.output
    assert "  a1: db:B1#1 (1.00)" in result.output
    assert "4 tag(s) on the map, 0 off it, 0 unreadable" in result.output


def test_check_says_what_is_missing(tmp_path: Path, table_frame: np.ndarray) -> None:
    blank = tmp_path / "blank.png"
    cv2.imwrite(str(blank), np.full((100, 100), 200, np.uint8))
    result = CliRunner().invoke(main, ["labels", "check", str(blank)])
    assert result.exit_code != 0 and "corner markers not found" in result.output
    photo = tmp_path / "table.png"
    cv2.imwrite(str(photo), table_frame)
    result = CliRunner().invoke(main, ["labels", "check", str(photo), "--family", "aruco4x4"])
    assert result.exit_code != 0 and "needs --registration" in result.output


def test_charuco_command_prints_the_lens_board(tmp_path: Path) -> None:
    out = tmp_path / "board.pdf"
    result = CliRunner().invoke(main, ["labels", "charuco", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"%PDF")
    assert "companion camera calibrate" in result.output


def test_tags_command_prints_carriers_with_serials_by_default(tmp_path: Path) -> None:
    warband = tmp_path / "warband.yaml"
    warband.write_text('- {tag: "db:B45#1", name: Samurai, seat: A}\n- {tag: "db:B2#1", seat: B}\n')
    out = tmp_path / "carriers.pdf"
    result = CliRunner().invoke(main, ["labels", "tags", str(warband), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "40 mm carrier disc" in result.output and out.read_bytes().startswith(b"%PDF")
    registration = load_registration(tmp_path / "carriers.markers.yaml")
    assert registration.family == "aruco4x4"
    assert set(registration.serials.values()) == {TagId("db", "B45", 1), TagId("db", "B2", 1)}


def test_a_carrier_refuses_another_marker_family(tmp_path: Path) -> None:
    warband = tmp_path / "warband.yaml"
    warband.write_text('- {tag: "db:B45#1", seat: A}\n')
    args = ["labels", "tags", str(warband), "-o", str(tmp_path / "x.pdf"), "--family", "qr"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code != 0 and "a carrier carries aruco4x4" in result.output


def test_modes_command_recommends_the_camera_module_3_full_mode() -> None:
    result = CliRunner().invoke(main, ["labels", "modes", "--camera", "camera-module-3"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert any("4608x2592" in line and "recommended" in line for line in lines)
    assert any("2304x1296" in line and "NOT reliable" in line for line in lines)


def test_qr_stickers_get_serials_of_the_table_and_a_later_sheet_extends_it(tmp_path: Path) -> None:
    first = tmp_path / "first.yaml"
    first.write_text(
        '- {tag: "db:baxar-the-soul-stitcher#1", seat: A}\n- {tag: "db:B2#1", seat: B}\n'
    )
    args = ["labels", "tags", str(first), "-o", str(tmp_path / "a.pdf"), "--design", "sticker"]
    result = CliRunner().invoke(main, [*args, "--key", "6"])
    assert result.exit_code == 0, result.output
    assert "key 6, 2 serials" in result.output
    table = tmp_path / "a.markers.yaml"
    registration = load_registration(table)
    assert registration.family == "qr" and registration.key == 6
    later = tmp_path / "later.yaml"
    later.write_text('- {tag: "db:B2#1", seat: B}\n- {tag: "db:B7#1", seat: A}\n')
    args = ["labels", "tags", str(later), "-o", str(tmp_path / "b.pdf"), "--design", "sticker"]
    result = CliRunner().invoke(main, [*args, "--registration", str(table)])
    assert result.exit_code == 0, result.output
    extended = load_registration(tmp_path / "b.markers.yaml")
    assert extended.key == 6
    assert extended.serials == {**registration.serials, 2: TagId("db", "B7", 1)}
    result = CliRunner().invoke(main, [*args, "--registration", str(table), "--key", "3"])
    assert result.exit_code != 0 and "the table with key 6" in result.output
    carriers = ["labels", "tags", str(later), "-o", str(tmp_path / "c.pdf")]
    result = CliRunner().invoke(main, [*carriers, "--registration", str(table)])
    assert result.exit_code != 0 and "registers qr tags, not aruco4x4" in result.output


def test_a_key_the_family_cannot_print_is_refused(tmp_path: Path) -> None:
    warband = tmp_path / "warband.yaml"
    warband.write_text('- {tag: "db:B45#1", seat: A}\n')
    args = ["labels", "tags", str(warband), "-o", str(tmp_path / "x.pdf"), "--key", "20"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code != 0 and "keys go from 0 to 19" in result.output
