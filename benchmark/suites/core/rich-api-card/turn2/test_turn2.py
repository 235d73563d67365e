import collections
import fractions

import pytest

from api_card.card import card_body, card_header


class Point:
    """A point on the plane.

    Points compare by value.
    """

    dims = 2

    def __init__(self, x: int, y: int = 0):
        self.x = x
        self.y = y
        self._cache = None

    def __repr__(self):
        return f"Point({self.x}, {self.y})"

    def moved(self, dx: int, dy: int = 0) -> "Point":
        """A point moved by (dx, dy), the original kept."""
        return Point(self.x + dx, self.y + dy)

    def _secret(self):
        return 1

    @property
    def norm(self) -> int:
        return abs(self.x) + abs(self.y)


VALUE = [
    "╭──────────────────────────────────────────────────────────────────────────────╮",
    "│ Point(1, 2)                                                                  │",
    "╰──────────────────────────────────────────────────────────────────────────────╯",
    "",
]


def test_headers_of_classes_and_instances():
    assert card_header(collections.OrderedDict) == [
        "<class 'collections.OrderedDict'>", "class OrderedDict(...)", "Dictionary that remembers insertion order"]
    assert card_header(fractions.Fraction(1, 3)) == ["<class 'fractions.Fraction'>", "This class implements rational numbers."]
    header = card_header(Point(1, 2))
    assert header[0].endswith(".Point'>") and header[1:] == ["A point on the plane."]


def test_header_of_a_function_and_of_a_plain_value():
    header = card_header(Point.moved)
    assert header[0].startswith("<function Point.moved at 0x")
    assert header[1:] == ["def Point.moved(self, dx: int, dy: int = 0) -> 'Point':", "A point moved by (dx, dy), the original kept."]
    assert card_header(42)[:2] == ["<class 'int'>", "int([x]) -> integer"]


def test_body_of_an_instance():
    assert card_body(Point(1, 2)) == ["A point on the plane.", ""] + VALUE + [
        " dims = 2", " norm = 3", "    x = 1", "    y = 2",
        "moved = def moved(dx: int, dy: int = 0) -> 'Point': A point moved by (dx, dy),",
        "        the original kept.",
    ]


def test_private_attributes():
    body = card_body(Point(1, 2), private=True)
    assert body[6:8] == [" _cache = None", "   dims = 2"]
    assert body[-1] == "_secret = def _secret():"


def test_without_methods_or_without_docs():
    assert card_body(Point(1, 2), methods=False)[6:] == ["dims = 2", "norm = 3", "   x = 1", "   y = 2"]
    assert card_body(Point(1, 2), docs=False) == VALUE + [
        " dims = 2", " norm = 3", "    x = 1", "    y = 2", "moved = def moved(dx: int, dy: int = 0) -> 'Point':"]


def test_unsorted_members_keep_their_order():
    assert card_body(Point(1, 2), sort=False)[6:8] == [" dims = 2", "moved = def moved(dx: int, dy: int = 0) -> 'Point': A point moved by (dx, dy),"]


def test_a_narrow_card_wraps_its_members():
    assert card_body(Point(1, 2), width=30)[-9:] == [
        " dims = 2", " norm = 3", "    x = 1", "    y = 2",
        "moved = def moved(dx: int, dy:", "        int = 0) -> 'Point': A", "        point moved by (dx,",
        "        dy), the original", "        kept."]


def test_body_of_a_class():
    class Plain:
        """Plain."""

        size = 1

        def go(self):
            pass

    assert card_body(Plain, width=60) == [
        "class test_body_of_a_class.<locals>.Plain():", "", "Plain.", "", "size = 1", "  go = def go(self):"]


def test_nothing_shown():
    class Empty:
        __slots__ = ()

        def __repr__(self):
            return "Empty()"

    body = card_body(Empty(), width=30)
    assert body[:3] == ["╭────────────────────────────╮", "│ Empty()                    │", "╰────────────────────────────╯"]
    assert body[-2].endswith("attribute(s) not shown. Run") and body[-1] == "inspect(inspect) for options."


def test_too_narrow():
    with pytest.raises(ValueError):
        card_body(Point(1, 2), width=19)
