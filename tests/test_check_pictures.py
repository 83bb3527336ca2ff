"""`--check` decodes every picture once, as the projector will (issue 34): each kind passes; one that cannot
be decoded is an error at the line of the question naming it, in a pack and in the show that plays it."""

from __future__ import annotations

import io

from quizshow.cli import check_files
from tests.picture_kit import broken, pack, write_corpus


def test_every_kind_of_picture_passes_the_check(tmp_path):
    path, _ = pack(tmp_path, [s.name for s in write_corpus(tmp_path)])
    out = io.StringIO()
    assert check_files([path], out) == 0, out.getvalue()
    assert out.getvalue().strip() == "1 file(s) checked: 0 error(s), 0 warning(s)"


def test_a_picture_that_cannot_be_decoded_is_an_error_at_its_question(tmp_path):
    """A truncated PNG's header is whole (a header-only check passed it); its pixels are not."""
    write_corpus(tmp_path)
    broken(tmp_path)
    path, _ = pack(tmp_path, ["palette.png", "cut.png", "grey16.png", "notes.jpg", "cut.png"])  # lines 5-9
    out = io.StringIO()
    assert check_files([path], out) == 1
    said = out.getvalue().splitlines()
    assert said == [
        f"{path}:6: image 'cut.png': cannot be decoded (image file is truncated)",
        f"{path}:8: image 'notes.jpg': not a PNG, JPEG, GIF, WEBP, BMP or TIFF image",
        f"{path}:9: image 'cut.png': cannot be decoded (image file is truncated)",
        "1 file(s) checked: 3 error(s), 0 warning(s)"]


def test_a_show_naming_the_pack_reports_it_too(tmp_path):
    broken(tmp_path)
    path, line = pack(tmp_path, ["cut.png"])
    show = tmp_path / "show.yaml"
    show.write_text("title: t\nformat: demo\npack: pack.yaml\nteams: [{name: A}, {name: B}]\n", encoding="utf-8")
    out = io.StringIO()
    assert check_files([show], out) == 1
    assert f"{path}:{line['cut.png']}: image 'cut.png': cannot be decoded (image file is truncated)" in out.getvalue()


def test_each_picture_is_decoded_once(tmp_path, monkeypatch):
    """Named by five questions (and read again through the show): decoded once."""
    import quizshow.yamlfile as yamlfile

    write_corpus(tmp_path)
    path, _ = pack(tmp_path, ["palette.png"] * 5)
    show = tmp_path / "show.yaml"
    show.write_text("title: t\nformat: demo\npack: pack.yaml\nteams: [{name: A}, {name: B}]\n", encoding="utf-8")
    decoded = []
    real = yamlfile.decode
    monkeypatch.setattr(yamlfile, "decode", lambda p: decoded.append(p) or real(p))
    assert check_files([path, show], io.StringIO()) == 0
    assert decoded == [tmp_path / "palette.png"]
