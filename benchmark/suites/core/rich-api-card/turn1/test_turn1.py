import functools


from api_card.signature import doc_summary, call_line


def area(width: float, height: float = 1.0, *, unit: str = "m") -> float:
    """Area of a rectangle.

    Multiply the sides.
    """
    return width * height


async def fetch(url, timeout=10):
    """Fetch a page."""


class Shape:
    """A shape.

    With more words here.
    """

    def __init__(self, name: str, sides: int = 3):
        self.name = name

    def grow(self, factor: float) -> "Shape":
        """Grow the shape."""
        return self


class Quiet:
    pass


def tabbed():
    """Tab\there and a bell\a."""


def test_functions_and_a_given_name():
    assert call_line(area) == "def area(width: float, height: float = 1.0, *, unit: str = 'm') -> float:"
    assert call_line(area, "surface") == "def surface(width: float, height: float = 1.0, *, unit: str = 'm') -> float:"


def test_coroutines_and_lambdas():
    assert call_line(fetch) == "async def fetch(url, timeout=10):"
    assert call_line(lambda x, y=2: x + y) == "def test_coroutines_and_lambdas.<locals>.<lambda>(x, y=2):"


def test_classes_and_methods():
    assert call_line(Shape) == "class Shape(name: str, sides: int = 3):"
    assert call_line(Quiet) == "class Quiet():"
    assert call_line(Shape.grow) == "def Shape.grow(self, factor: float) -> 'Shape':"
    assert call_line(Shape("s").grow) == "def Shape.grow(factor: float) -> 'Shape':"


def test_callables_without_a_readable_signature():
    assert call_line(dict) == "class dict(...)"
    assert call_line(len) == "def len(obj, /):"
    assert call_line(functools.partial(area, 2)) == "def (height: float = 1.0, *, unit: str = 'm') -> float:"


def test_things_that_cannot_be_called():
    assert call_line(3) is None
    assert call_line("text") is None


def test_first_paragraph_or_all_of_it():
    assert doc_summary(area) == "Area of a rectangle."
    assert doc_summary(area, full=True) == "Area of a rectangle.\n\nMultiply the sides."
    assert doc_summary(Shape, full=True) == "A shape.\n\nWith more words here."


def test_instances_show_their_class_documentation():
    assert doc_summary(Shape("s")) == "A shape."
    assert doc_summary(Shape("s").grow) == "Grow the shape."


def test_no_documentation():
    assert doc_summary(Quiet) is None
    assert doc_summary(Quiet()) is None
    assert doc_summary(lambda: 0) is None


def test_tabs_and_control_characters():
    assert doc_summary(tabbed) == "Tab     here and a bell\\a."


def test_documentation_of_a_module():
    import json

    assert doc_summary(json).startswith("JSON (JavaScript Object Notation) <https://json.org> is a subset of")
    assert "\n\n" not in doc_summary(json)
