"""The shapes whose values are known only once read and checked at run time, named once. These are the
only explicit Any in quizshow/core (pyproject's strict block allows this module, and says why):

- a JSON object: json.loads gives Any; the journal and the snapshot check each field they take;
- a format's rules: YAML values (the presets, the show file), checked against the format's rule schema
  (FormatSpec.check_rules) before a show plays;
- an action's arguments: from keys, OSC and phones, checked against the action's declared argument kinds
  (Actions.arguments) before a builder sees them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeAlias

JsonObject: TypeAlias = dict[str, Any]  # json.loads's own type: each reader checks the fields it takes
Rules: TypeAlias = dict[str, Any]  # YAML values, checked by the format's rule schema
RulesView: TypeAlias = Mapping[str, Any]  # the same, read only
Args: TypeAlias = Mapping[str, Any]  # an action's arguments, checked against its declared kinds
