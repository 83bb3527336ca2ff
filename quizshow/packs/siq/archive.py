"""The .siq zip, opened with suspicion: every name, count, size and ratio is checked before a byte is read."""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from urllib.parse import quote, unquote

MAX_ENTRIES = 10_000
MAX_UNPACKED = 500 * 1024 * 1024
MAX_RATIO = 100  # unpacked / packed, per entry: a zip bomb is refused before it is inflated
MAX_CONTENT_XML = 20 * 1024 * 1024
RATIO_FLOOR = 64 * 1024  # entries this small may compress as well as they like (an empty XML, a blank line)


class SiqError(Exception):
    """The pack cannot be read at all: one clear line, the reason."""


@dataclass(frozen=True)
class Archive:
    """The checked entries of a .siq, looked up by raw or URL-escaped name."""

    source: Path | bytes
    names: dict[str, zipfile.ZipInfo]  # every name, and its unescaped form, → entry

    @staticmethod
    def _zip(source: Path | bytes) -> zipfile.ZipFile:
        return zipfile.ZipFile(io.BytesIO(source) if isinstance(source, bytes) else source)

    @classmethod
    def open(cls, source: Path | bytes) -> Archive:
        try:
            with cls._zip(source) as zf:
                infos = zf.infolist()
        except FileNotFoundError:
            raise SiqError("file not found") from None
        except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError) as why:
            raise SiqError(f"not a .siq pack (not a readable zip archive: {why})") from None
        except Exception as why:  # a damaged directory trips zipfile in many ways (versions, encodings, …)
            raise SiqError(f"not a .siq pack (a damaged zip archive: {type(why).__name__}: {why})") from None
        if len(infos) > MAX_ENTRIES:
            raise SiqError(f"refused: the archive has {len(infos)} entries (at most {MAX_ENTRIES})")
        total = 0
        names: dict[str, zipfile.ZipInfo] = {}
        for info in infos:
            name = info.filename
            _check_name(name)
            total += info.file_size
            if total > MAX_UNPACKED:
                raise SiqError(f"refused: the archive unpacks to more than {MAX_UNPACKED // (1024 * 1024)} MB")
            if info.file_size > RATIO_FLOOR and info.file_size > MAX_RATIO * max(1, info.compress_size):
                raise SiqError(f"refused: '{name}' has a compression ratio over {MAX_RATIO} (a zip bomb?)")
            names.setdefault(name, info)
            names.setdefault(unquote(name), info)
        return cls(source, names)

    def find(self, name: str) -> zipfile.ZipInfo | None:
        """An entry by its name as the pack writes it: raw first, then escaped, then unescaped."""
        for candidate in (name, quote(name, safe="/[]()!$&'*+,;=:@~"), quote(name, safe="/"), unquote(name)):
            info = self.names.get(candidate)
            if info is not None:
                return info
        lower = name.lower()  # SIGame runs on Windows: names differ in case now and then
        return next((i for n, i in self.names.items() if n.lower() == lower), None)

    def read(self, info: zipfile.ZipInfo, limit: int | None = None) -> bytes:
        """The bytes of one entry; never more than it declared (or `limit`)."""
        cap = info.file_size if limit is None else min(limit, info.file_size)
        try:
            with self._zip(self.source) as zf, zf.open(info) as stream:
                body = stream.read(cap + 1)
        except Exception as why:  # BadZipFile, zlib.error, CRC, unsupported methods, … from a damaged stream
            raise SiqError(f"cannot unpack '{info.filename}': {why}") from None
        if len(body) > cap:
            raise SiqError(f"refused: '{info.filename}' unpacks to more than it declares")
        return body


def _check_name(name: str) -> None:
    path = PurePosixPath(name.replace("\\", "/"))
    if name.startswith(("/", "\\")) or (len(name) > 1 and name[1] == ":") or path.is_absolute():
        raise SiqError(f"refused: the archive entry '{name}' has an absolute path")
    if ".." in path.parts:
        raise SiqError(f"refused: the archive entry '{name}' leads outside the pack ('..')")
    if "\x00" in name:
        raise SiqError("refused: an archive entry name holds a NUL byte")
