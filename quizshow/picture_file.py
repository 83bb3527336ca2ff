"""A picture file → its pixels as 8-bit RGB or RGBA, whatever it was saved as (issue 34).

Pillow decodes every format the show accepts; this module turns each of its modes into the two the drawing
code can scale (pygame's smoothscale takes only 24- and 32-bit surfaces: a palette PNG, a GIF or a greyscale
picture loaded as it was stopped the card from being drawn). The one reader of picture files: the
projector (display/pictures.py), `--check` and `--proof` all decode through `decode`.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal, cast

if TYPE_CHECKING:
    from PIL import Image

MAX_IMAGE_PIXELS = 25_000_000  # 5000 × 5000: 100 MB once decoded; a 4K picture is 8.3 million
# Pillow's names of the formats shown, and the file names a pack may give a picture.
IMAGE_FORMATS = ("PNG", "JPEG", "GIF", "WEBP", "BMP", "TIFF")
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".webp", ".bmp", ".tif", ".tiff")


class PictureError(Exception):
    """Why a picture cannot be shown, in words for the operator (English, like every --check line)."""


class TooManyPixels(PictureError):
    """More pixels than the show decodes (its own limit, or Pillow's decompression-bomb guard at the header)."""

    def __init__(self, pixels: int, size: tuple[int, int] | None = None) -> None:
        said = f"{size[0]}×{size[1]} is too many pixels" if size else \
            f"{pixels // 1_000_000} million pixels is too many"
        super().__init__(f"{said} to show (at most {MAX_IMAGE_PIXELS // 1_000_000} million; scale it down)")
        self.pixels = pixels


@dataclass(frozen=True)
class Pixels:
    """A decoded picture: `mode` "RGB" or "RGBA", rows top to bottom, the EXIF orientation applied."""

    size: tuple[int, int]
    mode: Literal["RGB", "RGBA"]
    data: bytes


def decode(path: Path) -> Pixels:
    """The first frame of the picture at `path` as RGB (RGBA where it has transparency), turned upright by
    its EXIF orientation. Raises PictureError saying why (not found, not a picture, damaged, too many
    pixels)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Pillow warns of damaged metadata it reads past; a failure raises
        return _decode(path)


def _decode(path: Path) -> Pixels:
    from PIL import ImageOps

    with _open(path) as image:
        try:
            image.seek(0)  # an animated GIF or WebP: its first frame
            image.load()  # every pixel now: a truncated file fails here, not half-drawn on air
            upright = ImageOps.exif_transpose(image) or image
            converted = eight_bit(upright)
            return Pixels(converted.size, "RGBA" if converted.mode == "RGBA" else "RGB", converted.tobytes())
        except PictureError:
            raise
        except MemoryError:
            raise PictureError("not enough memory to decode it") from None
        except Exception as why:  # noqa: BLE001 - Pillow's decoders raise many kinds on a damaged file
            raise PictureError(f"cannot be decoded ({_why(why)})") from None


def header_size(path: Path) -> tuple[int, int]:
    """Width and height from the header only (nothing is decoded). Raises PictureError."""
    with _open(path) as image:
        return image.size


def _open(path: Path) -> Image.Image:
    """The picture opened lazily (its header read) as one of IMAGE_FORMATS, within the pixel limit."""
    from PIL import Image  # imported here: a show without pictures does not load Pillow

    if not path.exists():
        raise PictureError("not found")
    if not path.is_file():
        raise PictureError("not a regular file")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)  # our own limit is far lower
            image = Image.open(path, formats=IMAGE_FORMATS)
    except Image.DecompressionBombError as why:
        found = re.search(r"\((\d+) pixels\)", str(why))
        raise TooManyPixels(int(found[1]) if found else 2 * (Image.MAX_IMAGE_PIXELS or 0)) from None
    except OSError as why:
        if isinstance(why, Image.UnidentifiedImageError):
            raise PictureError(f"not a {', '.join(IMAGE_FORMATS[:-1])} or {IMAGE_FORMATS[-1]} image") from None
        raise PictureError(f"cannot be read: {why.strerror or why}") from None
    except Exception as why:  # noqa: BLE001 - a format's header reader on a damaged header
        raise PictureError(f"its header is damaged ({_why(why)})") from None
    width, height = image.size
    if width <= 0 or height <= 0:
        image.close()
        raise PictureError(f"its header says it is {width}×{height}")
    if width * height > MAX_IMAGE_PIXELS:
        image.close()
        raise TooManyPixels(width * height, (width, height))
    return image


def eight_bit(image: Image.Image) -> Image.Image:
    """`image` as RGB, or RGBA where it has transparency. 16-bit and 32-bit greyscale (I;16, I) and float
    pictures (F) are brought to 0-255 first: Pillow's own conversion clips them, so a 16-bit PNG came out
    white."""
    from PIL import Image

    if image.mode in ("RGB", "RGBA"):
        return image
    if image.mode.startswith("I") or image.mode == "F":
        return _scaled_grey(image)
    if image.mode == "La":  # premultiplied grey: Pillow converts it only to LA
        image = image.convert("LA")
    alpha = image.mode in ("LA", "PA", "RGBa") or image.has_transparency_data
    if image.mode == "CMYK":
        return image.convert("RGB")
    return image.convert("RGBA" if alpha else "RGB", dither=Image.Dither.NONE)


def _scaled_grey(image: Image.Image) -> Image.Image:
    """A greyscale picture of more than 8 bits as 8-bit RGB: 16-bit samples (I;16 and an I whose values fit
    in 16 bits) by /257, a float one in 0-1 by ×255, one in 0-255 as it is, anything else stretched from its
    own darkest to its lightest."""
    wide = image.convert("F") if image.mode != "F" else image
    low, high = cast(tuple[float, float], wide.getextrema())  # one band: (darkest, lightest)
    if image.mode.startswith("I;16") or (image.mode == "I" and 0 <= low and high <= 65535 and high > 255):
        scale, offset = 1 / 257, 0.0
    elif image.mode == "F" and 0 <= low and high <= 1:
        scale, offset = 255.0, 0.0
    elif 0 <= low and high <= 255:
        scale, offset = 1.0, 0.0
    elif high > low:
        scale, offset = 255 / (high - low), -low * 255 / (high - low)
    else:
        scale, offset = 0.0, 0.0
    return wide.point(lambda v: v * scale + offset).convert("L").convert("RGB")


def _why(error: BaseException) -> str:
    text = str(error).strip() or type(error).__name__
    return text[:120]
