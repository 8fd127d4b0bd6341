from pathlib import Path

from companion.table.pi_boot import MARK, apply, merge_cmdline_txt, merge_config_txt

STOCK_CONFIG = "# stock\ndtparam=audio=on\n[pi4]\narm_boost=1\n"


def test_config_lines_are_added_once_in_an_all_section():
    merged = merge_config_txt(STOCK_CONFIG, ["dtparam=audio=off", "dtparam=spi=on"])
    assert merged.startswith(STOCK_CONFIG)
    assert merged.endswith(f"{MARK}\n[all]\ndtparam=audio=off\ndtparam=spi=on\n")
    assert merge_config_txt(merged, ["dtparam=audio=off", "dtparam=spi=on"]) == merged


def test_cmdline_stays_one_line_and_items_replace_their_key():
    line = "console=tty1 root=PARTUUID=abc rootwait spidev.bufsiz=4096\n"
    merged = merge_cmdline_txt(line, ["spidev.bufsiz=32768", "quiet"])
    assert merged == "console=tty1 root=PARTUUID=abc rootwait spidev.bufsiz=32768 quiet\n"
    assert merge_cmdline_txt(merged, ["spidev.bufsiz=32768", "quiet"]) == merged


def test_apply_is_idempotent_and_keeps_a_backup(tmp_path: Path):
    config = tmp_path / "config.txt"
    cmdline = tmp_path / "cmdline.txt"
    config.write_text(STOCK_CONFIG)
    cmdline.write_text("console=tty1 rootwait\n")
    notes = apply("ws281x", config, cmdline)  # GPIO 18: PWM, so the onboard audio must go
    first = config.read_text()
    assert "dtparam=audio=off" in first
    assert any("root" in note for note in notes)
    apply("ws281x", config, cmdline)
    assert config.read_text() == first
    assert (tmp_path / "config.txt.before-companion").read_text() == STOCK_CONFIG
