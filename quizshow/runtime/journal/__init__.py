"""The journal's file and its life on the disk: writing a line durably, the one-writer lock, the snapshot a
resume starts from, and what to do when the journal belongs to another show. The lines themselves are the
pure codec's (core/journal.py)."""
