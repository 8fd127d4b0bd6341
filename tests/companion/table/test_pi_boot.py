from pathlib import Path

from companion.table.pi_boot import MARK, apply, main, merge_cmdline_txt, merge_config_txt

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


def test_a_changed_overlay_line_replaces_the_old_one():
    first = merge_config_txt(STOCK_CONFIG, ["dtoverlay=ws2812-pio,gpio=18,num_leds=256"])
    again = merge_config_txt(first, ["dtoverlay=ws2812-pio,gpio=18,num_leds=103"])
    assert "num_leds=256" not in again
    assert again.count("dtoverlay=ws2812-pio") == 1
    assert again.startswith(STOCK_CONFIG)
    other = merge_config_txt(again + "dtoverlay=vc4-kms-v3d\n", ["dtparam=audio=off"])
    assert "dtoverlay=vc4-kms-v3d" in other  # other overlays are left alone


def test_the_installer_sizes_the_overlay_from_the_tables_layout(tmp_path: Path):
    config, cmdline, table = (tmp_path / name for name in ("config.txt", "cmdline.txt", "t.yaml"))
    config.write_text(STOCK_CONFIG)
    cmdline.write_text("console=tty1 rootwait\n")
    table.write_text("lights: {layout: strips_2x2}\n")
    main(["--backend", "ws2812-pio", "--config", str(config), "--cmdline", str(cmdline),
          "--table-config", str(table)])  # fmt: skip
    assert "\ndtoverlay=ws2812-pio,gpio=18,num_leds=103\n" in config.read_text()
    assert cmdline.read_text() == "console=tty1 rootwait\n"
