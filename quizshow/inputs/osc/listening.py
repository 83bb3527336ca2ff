"""The OSC door's bound UDP socket. python-osc's BlockingOSCUDPServer would bind it the same way, but its
module loads asyncio into every show's start-up; the serving loop is the server's own (server.py)."""

from __future__ import annotations

import socket
import socketserver


class Listening(socketserver.UDPServer):
    """The bound UDP socket, as python-osc's BlockingOSCUDPServer binds it (the address family found from the
    address); the serving loop is ours. python-osc's server module loads asyncio (8 MB of every show's
    start-up, used only by the phones' web server)."""

    def __init__(self, address: tuple[str, int]) -> None:
        try:
            infos = socket.getaddrinfo(address[0], address[1], type=socket.SOCK_DGRAM, family=socket.AF_UNSPEC)
            if infos:
                self.address_family = infos[0][0]
        except (socket.gaierror, IndexError):
            pass  # as python-osc: the default family
        super().__init__(address, socketserver.BaseRequestHandler)
