"""Format `demo`: a plain buzzer quiz (see format.py)."""
