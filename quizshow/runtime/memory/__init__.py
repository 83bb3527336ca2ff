"""Memory between frames: the cycle collector's idle work and giving freed pages back."""
