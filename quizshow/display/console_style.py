"""The console's colours: dark, high contrast, one accent; state is colour plus a symbol."""

import pygame

BG = pygame.Color("#0d0f17")
PANEL = pygame.Color("#171a26")
EDGE = pygame.Color("#2a2f45")
TEXT = pygame.Color("#e8ebf5")
MUTED = pygame.Color("#8a90a8")
GOLD = pygame.Color("#ffc83d")
GOOD = pygame.Color("#2fbf71")
BAD = pygame.Color("#e5484d")
