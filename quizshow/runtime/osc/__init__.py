"""The show's OSC link: requests applied and replied, the desks' feedback."""
