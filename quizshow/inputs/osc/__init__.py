"""OSC in (spec/osc.md), by job:

- datagram.py: byte checking, what one datagram may hold (before python-osc parses a byte);
- fairness.py: turn-taking, the per-socket queues, the flooding crowd's budget, the kernel filter;
- access.py: access control, the allowlist, the rate limit, the passcode, the back-off;
- routes.py: routing, an address → the action call it means (args.py checks the values);
- tournament.py: the tournament's reported result (/quiz/tournament/result);
- later.py: a bundle's time tag, honoured: a message for later held until the show clock reaches it;
- server.py: the socket and its threads, every datagram's way through the door.
"""

from quizshow.inputs.messages import Address, OscRequest
from quizshow.inputs.osc.access import GLOBAL_FREE_FAILURES, WRONG_PASSCODES, Access, Peer
from quizshow.inputs.osc.args import Rejected
from quizshow.inputs.osc.datagram import MAX_DATAGRAM, MAX_MESSAGES, PARSER_WARNINGS, Malformed, check_datagram
from quizshow.inputs.osc.fairness import in_turns, kernel_filter
from quizshow.inputs.osc.routes import ROUTES, route
from quizshow.inputs.osc.server import OscServer
from quizshow.inputs.osc.tournament import TOURNAMENT_RESULT, tournament_result

__all__ = ["GLOBAL_FREE_FAILURES", "MAX_DATAGRAM", "MAX_MESSAGES", "PARSER_WARNINGS", "ROUTES", "TOURNAMENT_RESULT",
           "WRONG_PASSCODES", "Access", "Address", "Malformed", "OscRequest", "OscServer", "Peer", "Rejected",
           "check_datagram", "in_turns", "kernel_filter", "route", "tournament_result"]
