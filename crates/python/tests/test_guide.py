"""The Python guide's examples run, and say what they return.

Every ```python block of docs/guide/python.md runs, in order, in one
namespace, from a folder where `puzzles/` is the repository's. A
statement that is an expression with a comment on its last line
(`sc.count("." * 16, limit=None).solutions   # 288`) must give that
value: the comment is compared with `str()` of the result.
"""

import ast
import re

from conftest import ROOT

GUIDE = ROOT / "docs" / "guide" / "python.md"


def blocks(text):
    return re.findall(r"```python\n(.*?)```", text, re.S)


def checked_statements(code):
    """(statement source, expected text or None) for each top-level
    statement of `code`."""
    lines = code.splitlines()
    out = []
    for node in ast.parse(code).body:
        # A decorated definition starts at its first decorator.
        first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
        source = "\n".join(lines[first - 1 : node.end_lineno])
        last = lines[node.end_lineno - 1]
        expected = None
        if isinstance(node, ast.Expr):
            comment = last[node.end_col_offset :].strip()
            if comment.startswith("#"):
                expected = comment[1:].strip()
        out.append((source, expected))
    return out


def test_the_guides_python_examples_run_and_give_what_they_say(tmp_path, monkeypatch):
    (tmp_path / "puzzles").symlink_to(ROOT / "puzzles")
    monkeypatch.chdir(tmp_path)
    namespace = {"__name__": "__guide__"}
    checked = 0
    for code in blocks(GUIDE.read_text()):
        for source, expected in checked_statements(code):
            if expected is None:
                exec(compile(source, str(GUIDE), "exec"), namespace)
                continue
            value = eval(compile(source, str(GUIDE), "eval"), namespace)
            assert str(value) == expected, f"{source}: {value} (the guide says {expected})"
            checked += 1
    # The figures the guide gives: a rules list, a solve, a count and the
    # bitboard's guesses on top95.
    assert checked == 4


def test_a_wrong_figure_is_caught():
    ((_, expected),) = checked_statements("sc.count(p).solutions   # 3152\n")
    assert expected == "3152"
    assert checked_statements("x = 1   # not checked\n") == [("x = 1   # not checked", None)]
