"""The operator console (spec/console.md): `window.Console` assembles a frame from its parts, one module each.

Nothing is imported here: the console's phrases and words are read by modules below the console (i18n, the
night's report), and importing one part must not bring in the whole window.
"""
