"""The written quiz on screen: the question, the minute, hand-in, the answer, the results table, the
podium (scenes.py, results.py), and the operator's grid on the console (grid.py)."""
