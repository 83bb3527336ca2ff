"""The key map and the quit guard."""

from __future__ import annotations

import pygame

from quizshow.inputs.keymap import KeyMap, QuitGuard, unknown_key_names


def test_default_keys_map_to_actions():
    km = KeyMap.build()
    for key, action in [(pygame.K_PAGEDOWN, "go"), (pygame.K_RIGHT, "go"), (pygame.K_SPACE, "go"),
                        (pygame.K_PAGEUP, "back"), (pygame.K_LEFT, "back"), (pygame.K_F5, "timer"),
                        (pygame.K_b, "blank"), (pygame.K_PERIOD, "blank"), (pygame.K_y, "correct"),
                        (pygame.K_KP_PLUS, "correct"), (pygame.K_n, "wrong"), (pygame.K_MINUS, "wrong")]:
        assert km.action_for(key, 0) == action, pygame.key.name(key)
    assert km.action_for(pygame.K_z, pygame.KMOD_LCTRL) == "undo"
    assert km.action_for(pygame.K_z, 0) is None


def test_escape_only_closes_overlays():
    km = KeyMap.build()
    assert km.action_for(pygame.K_ESCAPE, 0) == "escape"  # never the clock, never quit


def test_ctrl_q_must_be_pressed_twice_within_two_seconds():
    km = KeyMap.build()
    assert km.action_for(pygame.K_q, pygame.KMOD_LCTRL) == "quit"
    assert km.action_for(pygame.K_q, 0) is None
    guard = QuitGuard()
    assert not guard.press(10.0)
    assert not guard.press(12.5)  # too late: this press only arms again
    assert guard.press(13.0)


def test_keyboard_buzzers_only_when_the_show_enables_them():
    assert KeyMap.build().action_for(pygame.K_1, 0) is None
    km = KeyMap.build(keyboard_buzzers=True)
    assert km.action_for(pygame.K_1, 0) == "buzz1"
    assert km.action_for(pygame.K_0, 0) == "buzz10"


def test_show_file_overrides_replace_an_actions_keys():
    km = KeyMap.build({"go": ("RETURN",)})
    assert km.action_for(pygame.K_RETURN, 0) == "go"
    assert km.action_for(pygame.K_PAGEDOWN, 0) is None
    assert unknown_key_names(["PAGEDOWN", "CTRL+Z", "NOPE"]) == ["NOPE"]
