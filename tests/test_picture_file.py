"""Every picture a pack may bring is decoded to 8-bit RGB or RGBA, upright, its first frame; a broken or giant
one is refused with why (issue 34)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

from quizshow.picture_file import MAX_IMAGE_PIXELS, PictureError, TooManyPixels, decode
from tests.picture_kit import BLUE, ORANGE, SIZE, broken, giant_png, near, write_corpus


def _pixel(pixels, x: int, y: int) -> tuple[int, ...]:
    step = len(pixels.mode)
    at = (y * pixels.size[0] + x) * step
    return tuple(pixels.data[at:at + step])


def test_every_kind_of_picture_comes_out_rgb_or_rgba_in_its_own_colour(tmp_path):
    for sample in write_corpus(tmp_path):
        pixels = decode(tmp_path / sample.name)
        assert pixels.mode == ("RGBA" if sample.alpha else "RGB"), sample.name
        w, h = pixels.size
        assert len(pixels.data) == w * h * len(pixels.mode)
        assert near(_pixel(pixels, w // 2, h // 2), sample.colour, 12), (sample.name, _pixel(pixels, w // 2, h // 2))


def test_a_transparent_part_stays_transparent(tmp_path):
    write_corpus(tmp_path)
    for name in ("palette-hole.png", "rgba.png", "alpha.webp"):
        pixels = decode(tmp_path / name)
        assert _pixel(pixels, 3, 0)[3] == 0 and _pixel(pixels, 3, 8)[3] == 255, name


def test_a_16_bit_greyscale_keeps_its_greys_instead_of_turning_white(tmp_path):
    """Pillow's own conversion clips 16-bit samples at 255: a mid-grey 16-bit PNG came out white."""
    path = tmp_path / "grey16.png"
    Image.new("I;16", SIZE, 32896).save(path)  # 50 % grey in 16 bits
    assert near(_pixel(decode(path), 5, 5), (128, 128, 128), 2)
    path = tmp_path / "float.tif"
    Image.new("F", SIZE, 0.5).save(path)  # 50 % grey as a float in 0-1
    assert near(_pixel(decode(path), 5, 5), (128, 128, 128), 2)


def test_a_photo_turned_by_its_exif_is_shown_upright(tmp_path):
    """A phone's photo stored sideways with «turn 90° clockwise» in its EXIF: its left half comes out on top."""
    image = Image.new("RGB", (40, 20), BLUE)
    image.paste(ORANGE, (0, 0, 20, 20))
    exif = Image.Exif()
    exif[0x0112] = 6
    image.save(tmp_path / "photo.jpg", exif=exif, quality=95)
    pixels = decode(tmp_path / "photo.jpg")
    assert pixels.size == (20, 40)
    assert near(_pixel(pixels, 10, 5), ORANGE, 20) and near(_pixel(pixels, 10, 35), BLUE, 20)


def test_an_animated_gif_shows_its_first_frame(tmp_path):
    write_corpus(tmp_path)
    pixels = decode(tmp_path / "animated.gif")
    assert near(_pixel(pixels, 5, 5), ORANGE, 12)


def test_a_broken_picture_says_why(tmp_path):
    found = broken(tmp_path)
    with pytest.raises(PictureError, match="cannot be decoded") as cut:
        decode(found["cut.png"])
    assert "truncated" in str(cut.value)
    with pytest.raises(PictureError, match="not a PNG, JPEG, GIF, WEBP, BMP or TIFF image"):
        decode(found["notes.jpg"])
    (tmp_path / "empty.png").write_bytes(b"")
    with pytest.raises(PictureError, match="not a PNG"):
        decode(tmp_path / "empty.png")
    with pytest.raises(PictureError, match="not found"):
        decode(tmp_path / "gone.png")
    with pytest.raises(PictureError, match="not a regular file"):
        decode(tmp_path)


def test_a_giant_picture_is_refused_by_its_header_not_decoded(tmp_path):
    """A decompression bomb: 8000 × 8000 in a few hundred bytes is refused with its size, never decoded;
    past Pillow's own guard (~179 million pixels) by its count."""
    (tmp_path / "bomb.png").write_bytes(giant_png(8000, 8000))
    with pytest.raises(TooManyPixels, match=r"8000×8000 is too many pixels to show \(at most 25 million"):
        decode(tmp_path / "bomb.png")
    (tmp_path / "huge.png").write_bytes(giant_png(16000, 16000))
    with pytest.raises(TooManyPixels, match="256 million pixels is too many to show"):
        decode(tmp_path / "huge.png")
    (tmp_path / "edge.png").write_bytes(giant_png(MAX_IMAGE_PIXELS // 1000 + 1, 1000))
    with pytest.raises(TooManyPixels):
        decode(tmp_path / "edge.png")


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(head=st.sampled_from([b"", b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff\xe0", b"GIF89a", b"RIFF\x00\x00\x00\x00WEBP",
                             b"BM", b"II*\x00", b"MM\x00*"]),
       body=st.binary(max_size=300))
def test_any_bytes_are_a_picture_or_a_picture_error(tmp_path, head, body):
    """Random bytes after each format's magic: decoded or refused with why, never another exception."""
    path = tmp_path / "x.png"
    path.write_bytes(head + body)
    try:
        pixels = decode(path)
    except PictureError as why:
        assert str(why)
    else:
        assert pixels.mode in ("RGB", "RGBA") and len(pixels.data) == pixels.size[0] * pixels.size[1] * len(pixels.mode)
