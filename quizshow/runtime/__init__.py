"""The running show: its inputs (inputs/), the operator's controls and state (operator/), the journalled engine
and what its outcomes do (show/), the OSC link (osc/), the phones' web server (web/), follower screens (follow/),
the journal (journal/) and memory between frames (memory/)."""
