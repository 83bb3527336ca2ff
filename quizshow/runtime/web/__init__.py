"""The show's web server: the phones' pages and their seats, the broadcast overlay's routes, and the limits that
keep a hostile venue network from taking it down. The follower screens' routes ride on it (runtime/follow/)."""
