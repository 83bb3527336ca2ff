"""The show looked back on, from what the journal holds: the presses of each question (the buzz replay,
`presses.py`) and the night's steps (the report, `night.py`). Pure: no pygame, files or clocks; the callers
hand in the engine's entries or the journal's commands."""
