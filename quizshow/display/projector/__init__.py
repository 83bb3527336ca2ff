"""The audience view, one module a job; `projector.Projector` is the thin class the app, the follower, the
contact sheet and the benches build.

- `stack`: what covers what (the layer order, each layer's rule), said in one place.
- `composition`: what picture goes on air now: the scene that fills the screen and the layers drawn over it
  (the buzz flash, a splash, the score overlay), as `stack` orders them.
- `transitions`: how one scene gives way to the next (the outgoing picture copied into a buffer lent by the
  still layers, the incoming layer composed band by band, then the motion).
- `cache`: what of the last frame can be reused and what must be drawn again (the plain frame and its
  moving pieces, dirty rectangles, a clock's square, whether a picture is still).
- `stale`: a frame of a state already replaced by a press stops at its next give-way point.
- `ahead`: idle-time preparation of what the host's next press may show.

Nothing is imported here: a name is imported from the module that defines it.
"""
