from attr.converters import optional, pipe


def coercer(*steps, nullable=False):
    """One converter running `steps` left to right; None passes through when nullable."""
    composed = pipe(*steps)
    return optional(composed) if nullable else composed
