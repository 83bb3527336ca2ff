"""A corpus of tiny pictures in every mode and format a pack may bring, made by Pillow under a test's folder,
and the look of a picture's place on a card (its colour there, or the plate)."""

from __future__ import annotations

import io
import struct
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pygame
from PIL import Image

ORANGE = (250, 140, 20)
BLUE = (20, 60, 230)
WHITE = (255, 255, 255)
SIZE = (24, 16)


@dataclass(frozen=True)
class Sample:
    name: str  # the file's name
    colour: tuple[int, int, int]  # what its middle looks like on screen
    make: Callable[[Path], None]
    alpha: bool = False  # decoded with transparency


def _save(image: Image.Image, fmt: str, **options: object) -> Callable[[Path], None]:
    return lambda path: image.save(path, fmt, **options)


def _orange(mode: str = "RGB") -> Image.Image:
    image = Image.new("RGB", SIZE, ORANGE)
    return image.convert("P", palette=Image.Palette.ADAPTIVE) if mode == "P" else image.convert(mode)


def _orange_with_hole() -> Image.Image:
    """Orange with a transparent top row: a picture that keeps its alpha channel when saved."""
    image = _orange("RGBA")
    for x in range(SIZE[0]):
        image.putpixel((x, 0), (0, 0, 0, 0))
    return image


def _palette_with_hole() -> Image.Image:
    """An orange palette picture whose border is transparent (a palette PNG's tRNS)."""
    image = Image.new("P", SIZE, 1)
    image.putpalette([0, 0, 0, *ORANGE] + [0] * (256 - 2) * 3)
    for x in range(SIZE[0]):
        image.putpixel((x, 0), 0)
    image.info["transparency"] = 0
    return image


def _grey16() -> Image.Image:
    return Image.new("I;16", SIZE, 65535)


def _grey32() -> Image.Image:
    return Image.new("I", SIZE, 65535)


def _float() -> Image.Image:
    return Image.new("F", SIZE, 1.0)


def _animated(path: Path) -> None:
    first, second = _orange("P"), Image.new("RGB", SIZE, BLUE).convert("P", palette=Image.Palette.ADAPTIVE)
    first.save(path, "GIF", save_all=True, append_images=[second], duration=100, loop=0)


def _turned(path: Path) -> None:
    """A landscape JPEG whose EXIF says «turn it 90° clockwise»: shown upright, portrait."""
    image = _orange()
    exif = Image.Exif()
    exif[0x0112] = 6
    image.save(path, "JPEG", exif=exif, quality=95)


def corpus() -> list[Sample]:
    """Every picture kind the projector converts (issue 34): palette, greyscale of 1, 8, 16 and 32 bits,
    float, CMYK, with alpha, animated, turned by EXIF, progressive; PNG, JPEG, GIF, WebP, BMP, TIFF."""
    return [
        Sample("palette.png", ORANGE, _save(_orange("P"), "PNG")),
        Sample("palette-hole.png", ORANGE, _save(_palette_with_hole(), "PNG"), alpha=True),
        Sample("grey.png", WHITE, _save(Image.new("L", SIZE, 255), "PNG")),
        Sample("grey-alpha.png", WHITE, _save(Image.new("LA", SIZE, (255, 255)), "PNG"), alpha=True),
        Sample("grey16.png", WHITE, _save(_grey16(), "PNG")),
        Sample("grey32.tif", WHITE, _save(_grey32(), "TIFF")),
        Sample("float.tif", WHITE, _save(_float(), "TIFF")),
        Sample("bits.png", WHITE, _save(Image.new("1", SIZE, 1), "PNG")),
        Sample("cmyk.jpg", ORANGE, _save(_orange("CMYK"), "JPEG", quality=95)),
        Sample("cmyk.tif", ORANGE, _save(_orange("CMYK"), "TIFF")),
        Sample("rgba.png", ORANGE, _save(_orange_with_hole(), "PNG"), alpha=True),
        Sample("turned.jpg", ORANGE, _turned),
        Sample("animated.gif", ORANGE, _animated),
        Sample("still.gif", ORANGE, _save(_orange("P"), "GIF")),
        Sample("lossless.webp", ORANGE, _save(_orange(), "WEBP", lossless=True)),
        Sample("alpha.webp", ORANGE, _save(_orange_with_hole(), "WEBP", lossless=True), alpha=True),
        Sample("true.bmp", ORANGE, _save(_orange(), "BMP")),
        Sample("palette.bmp", ORANGE, _save(_orange("P"), "BMP")),
        Sample("progressive.jpg", ORANGE, _save(_orange(), "JPEG", progressive=True, quality=95)),
        Sample("grey.jpg", WHITE, _save(Image.new("L", SIZE, 255), "JPEG", quality=95)),
        Sample("rgb.tif", ORANGE, _save(_orange(), "TIFF")),
    ]


def write_corpus(folder: Path) -> list[Sample]:
    samples = corpus()
    for sample in samples:
        sample.make(folder / sample.name)
    return samples


def truncated_png(path: Path) -> None:
    """A PNG cut off in its pixel data: its header (and size) is whole, its pixels are not."""
    noise = Image.effect_noise((200, 200), 80).convert("RGB")
    data = io.BytesIO()
    noise.save(data, "PNG")
    path.write_bytes(data.getvalue()[: len(data.getvalue()) // 2])


def text_as_jpeg(path: Path) -> None:
    path.write_text("Это не картинка, а заметка ведущего.\n", encoding="utf-8")


def broken(folder: Path) -> dict[str, Path]:
    """The two broken pictures of the issue: a truncated PNG and a text file named .jpg."""
    cut, text = folder / "cut.png", folder / "notes.jpg"
    truncated_png(cut)
    text_as_jpeg(text)
    return {"cut.png": cut, "notes.jpg": text}


def pack(folder: Path, names: list[str]) -> tuple[Path, dict[str, int]]:
    """A plain pack of one question a picture, each on its own line: the pack, and each picture's line."""
    lines = ["title: Картинки", "rounds:", "  - name: Все виды", "    questions:"]
    where = {}
    for number, name in enumerate(names, 1):
        where[name] = len(lines) + 1
        lines.append(f'      - {{q: "Что на картинке {number}?", a: "Цвет", image: "{name}"}}')
    path = folder / "pack.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, where


def near(pixel: tuple[int, ...], colour: tuple[int, int, int], tolerance: int = 40) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], colour, strict=False))


def share_of(surface: pygame.Surface, box: pygame.Rect, colour: tuple[int, int, int], step: int = 6) -> float:
    """The share of the middle third of `box` (where a fitted picture always is) that shows `colour`."""
    middle = pygame.Rect(0, 0, box.width // 3, box.height // 3)
    middle.center = box.center
    return share_in(surface, middle, colour, step)


def share_in(surface: pygame.Surface, area: pygame.Rect, colour: tuple[int, int, int], step: int = 6) -> float:
    """The share of `area` that shows `colour`."""
    points = [(x, y) for x in range(area.left, area.right, step) for y in range(area.top, area.bottom, step)]
    return sum(near(tuple(surface.get_at(p)), colour) for p in points) / max(1, len(points))


def giant_png(width: int, height: int) -> bytes:
    """A PNG whose header says width × height, its pixels a few bytes of zeros: a decompression bomb's head."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)  # 8-bit greyscale
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(1024))) + \
        chunk(b"IEND", b"")
