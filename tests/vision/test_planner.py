import pytest

from vision.planner import CameraSpec, plan, recommend

HQ_AT_600 = CameraSpec(4056, 3040, 63.0, 600.0)


def test_footprint_follows_the_field_of_view() -> None:
    camera = CameraSpec(1000, 500, 90.0, 300.0)
    assert camera.footprint_mm == pytest.approx((600.0, 300.0))


def test_pixels_per_module_for_a_qr_tag() -> None:
    camera = CameraSpec(1000, 1000, 90.0, 250.0)  # 500 mm across → 2 px/mm
    p = plan(450.0, 21.0, camera, "qr")  # 21 mm over 21 modules → 1 mm per module
    assert p.px_per_mm == pytest.approx(2.0)
    assert p.px_per_module == pytest.approx(2.0)
    assert p.map_fits and not p.reliable


def test_a_map_wider_than_the_view_is_never_reliable() -> None:
    camera = CameraSpec(4000, 4000, 90.0, 200.0)  # 400 mm across, dense but too small
    p = plan(450.0, 13.0, camera, "aruco4x4")
    assert not p.map_fits and not p.reliable


def test_hq_camera_at_600_mm_reads_13_mm_qr() -> None:
    assert plan(518.0, 13.0, HQ_AT_600).reliable
    assert recommend(518.0, 13.0, HQ_AT_600) == "qr"


def test_1080p_recommends_a_marker_family_where_qr_cannot_read() -> None:
    camera = CameraSpec(1920, 1080, 63.0, 800.0)
    assert not plan(518.0, 13.0, camera, "qr").reliable
    assert recommend(518.0, 13.0, camera) in ("aruco4x4", "apriltag36h11")


@pytest.mark.parametrize(
    "args", [(0, 100, 60.0, 500.0), (100, 100, 0.5, 500.0), (100, 100, 60.0, 0.0)]
)
def test_bad_cameras_are_refused(args: tuple[int, int, float, float]) -> None:
    with pytest.raises(ValueError):
        CameraSpec(*args)


def test_unknown_family_is_refused() -> None:
    with pytest.raises(ValueError, match="family"):
        plan(450.0, 13.0, HQ_AT_600, "datamatrix")
