"""Ports and addresses given on a command line, checked by argparse (`type=`): a wrong one is exit 2 and
one line saying what was expected, never a traceback from the socket that would have been opened."""

from __future__ import annotations

import argparse


def listen_port(text: str) -> int:
    """A port to listen on: a whole number from 0 (any free port) to 65535."""
    digits = text.strip()
    if not digits.isascii() or not digits.isdigit() or int(digits) > 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port: expected a whole number from 0 to 65535 "
                                         "(0 = any free port)")
    return int(digits)


def target(text: str) -> tuple[str, int]:
    """Where to send: `HOST:PORT`, a port from 1 to 65535."""
    host, _, port = text.rpartition(":")
    if not host or not port.isascii() or not port.isdigit() or not 1 <= int(port) <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not an address: expected HOST:PORT, like 127.0.0.1:7400 "
                                         "(a port from 1 to 65535)")
    return host, int(port)


def follow_url(text: str) -> str:
    """The main show's address, `http://HOST:PORT` (the scheme may be left out); a port from 1 to 65535."""
    from urllib.parse import urlsplit

    url = text if "://" in text else "http://" + text
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as why:
        raise argparse.ArgumentTypeError(f"{text!r} is not an address like http://HOST:PORT ({why})") from None
    if parts.scheme not in ("http", "https") or not parts.hostname or port == 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not an address like http://HOST:PORT "
                                         "(http or https, a host, a port from 1 to 65535)")
    return text
