import pytest

from code_view.crash import crash_page, crash_report

APP = "import os\n\n\ndef main():\n    value = compute(3)\n    return value\n\n\ndef compute(n):\n    return 1 / (n - 3)\n"
FRAMES = [("app.py", 5, "main"), ("app.py", 10, "compute")]
SEVEN = [("app.py", i % 10 + 1, f"f{i}") for i in range(7)]


@pytest.fixture(autouse=True)
def app(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "app.py").write_text(APP)


def test_frames_with_their_code():
    assert crash_report(FRAMES, width=50, context=1) == [
        "app.py:5 in main", "", "   4 def main():", "❱  5 │   value = compute(3)", "   6 │   return value", "",
        "app.py:10 in compute", "", "   9 def compute(n):", "❱ 10 │   return 1 / (n - 3)", "  11"]


def test_frames_without_a_file():
    assert crash_report([("<string>", 1, "<module>"), ("gone.py", 3, "lost")]) == ["in <module>:1", "", "in lost:3"]


def test_many_frames_are_hidden_in_the_middle():
    assert crash_report(SEVEN, width=50, context=0, limit=4) == [
        "app.py:1 in f0", "", "❱  1 import os", "", "app.py:2 in f1", "", "❱  2", "",
        "             ... 3 frames hidden ...", "",
        "app.py:6 in f5", "", "❱  6 │   return value", "", "app.py:7 in f6", "", "❱  7"]


def test_small_and_zero_frame_limits():
    assert crash_report(SEVEN, width=50, context=0, limit=1) == crash_report(SEVEN, width=50, context=0, limit=4)
    assert len(crash_report(SEVEN, width=50, context=0, limit=0)) == 27


def test_stack_then_the_syntax_error():
    assert crash_report([("<string>", 1, "<module>")], source="x = (\n", filename="cfg.py", width=40) == [
        "in <module>:1", "", "❱ 1 x = (", "  2", "", "x = (", "    ▲", "SyntaxError: '(' was never closed"]


def test_only_a_syntax_error_or_nothing():
    assert crash_report([], source="x = (\n") == ["❱ 1 x = (", "  2", "", "x = (", "    ▲", "SyntaxError: '(' was never closed"]
    assert crash_report([], source="x = 1") == []
    assert crash_report([]) == []


def test_negative_context_is_refused():
    with pytest.raises(ValueError):
        crash_report(FRAMES, context=-1)


def test_page_with_stack_and_error():
    assert crash_page([("app.py", 10, "compute"), ("<x>", 2, "a<b>")], source="x = (\n") == "\n".join([
        '<pre class="stack">', "app.py:10 in compute", "", "   8", "   9 def compute(n):", "❱ 10 │   return 1 / (n - 3)",
        "  11", "in a&lt;b&gt;:2", "</pre>", "<pre>", '<span class="gutter">❱ 1 </span>x = <mark title="error">(</mark>',
        '<span class="gutter">  2 </span>', "</pre>", '<p class="error">SyntaxError: &#x27;(&#x27; was never closed</p>'])


def test_page_of_a_stack_alone():
    page = crash_page(FRAMES, width=50)
    assert page.split("\n")[:4] == ['<pre class="stack">', "app.py:5 in main", "", "   3"]
    assert page.endswith("  11\n</pre>")


def test_empty_page():
    assert crash_page([]) == ""
    assert crash_page([], source="ok = 1") == ""
