"""Players' phones as buzzers (spec/web.md, docs/phones.md): the pure parts. The clock estimator and
the press clamp (clock.py), the seats and their join links (seats.py), what a phone shows for the
show's state (view.py), the wire messages (protocol.py) and the phone page's words (words.py). The
server itself is runtime/web/server.py.
"""
