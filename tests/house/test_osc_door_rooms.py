"""The OSC door (quizshow/inputs/osc/) is split by job: byte checks, fairness, access control, routing, the
tournament's parser and the server apart, each small; the pure ones (the byte checks, the routes, the argument
readers, the tournament's parser) hold no socket, thread, clock or OSC library, so each is checked on its own."""

from __future__ import annotations

import ast
import importlib

import quizshow.inputs.osc as osc
from tests.conftest import ROOT

FOLDER = ROOT / "quizshow" / "inputs" / "osc"
JOBS = ("datagram", "fairness", "access", "routes", "tournament", "server")
PURE = ("datagram", "routes", "args", "tournament")
RUNTIME = {"socket", "threading", "time", "pythonosc"}
MOST_LINES = 300


def imported_roots(source: str) -> set[str]:
    """The top-level packages a module imports."""
    tree = ast.parse(source)
    roots = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
             for alias in node.names}
    return roots | {(node.module or "").split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}


def test_the_door_keeps_its_public_names():
    for name in ("OscServer", "OscRequest", "check_datagram", "Malformed", "in_turns", "GLOBAL_FREE_FAILURES"):
        assert hasattr(osc, name), name


def test_each_job_of_the_door_is_its_own_small_module():
    for job in JOBS:
        importlib.import_module(f"quizshow.inputs.osc.{job}")
        assert len((FOLDER / f"{job}.py").read_text(encoding="utf-8").splitlines()) < MOST_LINES, job


def test_the_doors_pure_modules_import_no_socket_thread_clock_or_osc_library():
    for pure in PURE:
        imported = imported_roots((FOLDER / f"{pure}.py").read_text(encoding="utf-8"))
        assert not imported & RUNTIME, (pure, imported & RUNTIME)


def test_the_import_check_can_fail():
    assert imported_roots("import socket\nfrom time import monotonic\n") & RUNTIME == {"socket", "time"}
