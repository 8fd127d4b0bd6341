import contextlib
import os
import subprocess
import sys
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
    result = CliRunner().invoke(
        main, ["labels", "tags", str(warband), "-o", str(tmp_path / "x.pdf")]
    )
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


# -- as a player runs it (issue 36): the files players have, the sheet's name, the kept key ------

SHIPPED = Path(__file__).resolve().parents[3] / "companion/games/dreamblade/data/warbands"


def _labels_tags_process(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``companion labels tags ARGS`` run as its user runs it, in ``home``: its own process."""
    env = {**os.environ, "COMPANION_HOME": str(home / "data"), "PYTHONWARNINGS": ""}
    return subprocess.run(
        [sys.executable, "-m", "companion", "labels", "tags", *args],
        capture_output=True, text=True, env=env, cwd=home, timeout=120,
    )  # fmt: skip


def _labels_tags(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The same command in this process (a new Python costs more than the printing): the same
    arguments, home and working folder, its exit code and its two streams; an exception it does
    not turn into a message is raised here, as the process would end on its traceback."""
    runner = CliRunner(env={"COMPANION_HOME": str(home / "data")}, catch_exceptions=False)
    with contextlib.chdir(home):
        result = runner.invoke(main, ["labels", "tags", *args])
    return subprocess.CompletedProcess(args, result.exit_code, result.stdout, result.stderr)


def _sample_tags(name: str) -> set[TagId]:
    from companion.games.dreamblade.catalog import default_catalog
    from companion.games.dreamblade.warband import builtin_warband

    warband = builtin_warband(name, default_catalog())
    return {TagId("db", i, k) for i, count in warband.entries for k in range(1, count + 1)}


def test_a_shipped_sample_warband_prints_by_its_file_or_its_name(tmp_path: Path) -> None:
    done = _labels_tags(tmp_path, str(SHIPPED / "sample-valor.yaml"), "-o", "valor.pdf")
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "valor.pdf").read_bytes().startswith(b"%PDF")
    registration = load_registration(tmp_path / "valor.markers.yaml")
    assert set(registration.serials.values()) == _sample_tags("sample-valor")
    done = _labels_tags(tmp_path, "sample-madness", "-o", "madness.pdf")
    assert done.returncode == 0, done.stdout + done.stderr
    registration = load_registration(tmp_path / "madness.markers.yaml")
    assert set(registration.serials.values()) == _sample_tags("sample-madness")


def test_the_registration_given_to_the_hub_prints_the_same_carriers_again(tmp_path: Path) -> None:
    first = _labels_tags(tmp_path, "sample-valor", "-o", "carriers.pdf")
    assert first.returncode == 0, first.stderr
    given = tmp_path / "carriers.markers.yaml"
    at_check_in = given.read_text()  # the file the player gave the hub
    hub_copy = tmp_path / "from-the-hub.markers.yaml"
    hub_copy.write_text(at_check_in)
    done = _labels_tags(tmp_path, str(hub_copy), "-o", "again.pdf")
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "again.pdf").read_bytes().startswith(b"%PDF")
    assert load_registration(tmp_path / "again.markers.yaml") == load_registration(given)


def test_a_file_it_cannot_read_is_named_with_the_files_it_takes(tmp_path: Path) -> None:
    """Through the command's own process: the message, its exit code and no traceback."""
    notes = tmp_path / "my-army.yaml"
    notes.write_text("army: [Sir Glorious, Noble Dragon]\n")
    done = _labels_tags_process(tmp_path, str(notes), "-o", "carriers.pdf")
    assert done.returncode == 1
    assert f"{notes} is no warband, label registration or label list." in done.stderr
    assert "companion labels tags sample-valor -o carriers.pdf" in done.stderr  # an example
    assert "a warband file (name, and miniatures with id and count)" in done.stderr
    assert "Traceback" not in done.stderr
    done = _labels_tags_process(tmp_path, "my-warband.yaml", "-o", "carriers.pdf")
    assert done.returncode == 1
    assert "my-warband.yaml: no such file, and no shipped warband of that name." in done.stderr
    assert not (tmp_path / "carriers.pdf").exists()


def test_a_png_is_refused_clearly_and_nothing_is_written(tmp_path: Path) -> None:
    done = _labels_tags(tmp_path, "sample-valor", "-o", "carriers.png")
    assert done.returncode == 2
    assert "carriers.png: this sheet is written as a PDF" in done.stderr
    assert "name it carriers.pdf" in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_printing_again_keeps_the_registration_s_key_and_a_new_key_is_said(tmp_path: Path) -> None:
    first = _labels_tags(tmp_path, "sample-valor", "-o", "carriers.pdf")
    assert first.returncode == 0, first.stderr
    path = tmp_path / "carriers.markers.yaml"
    before = load_registration(path)
    for _ in range(3):  # a new random key would differ from 1..19 by chance at most 1 in 19³
        again = _labels_tags(tmp_path, "sample-valor", "-o", "carriers.pdf")
        assert again.returncode == 0, again.stderr
        assert load_registration(path) == before
        assert f"(key {before.key}, kept," in again.stdout
    other = 1 if before.key != 1 else 2  # the organizer asked this player to reprint with it
    done = _labels_tags(tmp_path, "sample-valor", "-o", "carriers.pdf", "--key", str(other))
    assert done.returncode == 0, done.stderr
    changed = load_registration(path)
    assert changed.key == other and changed.serials == before.serials
    assert f"{path.name} had key {before.key}, now {other}: tags printed with key" in done.stderr
