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


def _top_level_imports(code):
    return set(re.findall(r"^(?:import|from)\s+(\w+)", code, re.M))


def test_the_readmes_install_line_brings_what_its_example_imports():
    readme = (ROOT / "README.md").read_text()
    extra = re.search(r'pip install "\./crates/python\[(\w+)\]"', readme).group(1)
    pyproject = (ROOT / "crates" / "python" / "pyproject.toml").read_text()
    listed = re.search(rf"^{extra} = \[(.*?)\]", pyproject, re.M).group(1)
    brought = {re.match(r'"([\w-]+)', d.strip()).group(1) for d in listed.split(",")}
    section = readme.split("\n## Python\n", 1)[1].split("\n## ", 1)[0]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    # pandas is what the frames need; the example's own imports besides
    # the package and the standard library must come with the extra too.
    needed = _top_level_imports(code) - {"sudoku_csp"} | {"pandas"}
    assert needed <= brought, f"[{extra}] brings {brought}, the example needs {needed}"
