"""The duel on the projector (scene.py) and on the console (console.py)."""

# The shared scene table registers ours; importing it first lets either be imported first.
import quizshow.display.scenes  # noqa: F401
