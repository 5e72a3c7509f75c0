"""The README's Python example runs and prints what the README shows."""

import contextlib
import io
import re

from conftest import ROOT


def test_the_readmes_python_example(tmp_path, monkeypatch):
    readme = (ROOT / "README.md").read_text()
    section = readme.split("\n## Python\n", 1)[1].split("\n## ", 1)[0]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    shown = re.search(r"```text\n(.*?)```", section, re.S).group(1)
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {"__name__": "__readme__"})
    assert out.getvalue() == shown
    png = (tmp_path / "placements.png").read_bytes()
    assert png.startswith(b"\x89PNG") and len(png) > 5_000
