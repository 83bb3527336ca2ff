"""The show service: the journalled engine, where an outcome's effects go (sinks), the decisions once a
frame, the words of a start."""
