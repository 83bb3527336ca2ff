"""The broadcast overlay (docs/overlay.md): its snapshot, a pure view of the state."""
