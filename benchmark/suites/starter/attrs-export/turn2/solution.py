from attr import cmp_using

from attrs_export.plain import to_plain


def _close(tolerance):
    def eq(a, b):
        if isinstance(a, (int, float)) and isinstance(b, (int, float)):
            return abs(a - b) <= tolerance
        return a == b

    return eq


def differences(old, new, tolerance=0.0, drop=()):
    """Fields whose plain values differ between two instances: name -> (old, new)."""
    same = cmp_using(eq=_close(tolerance), class_name="Same")
    before = to_plain(old, drop)
    after = to_plain(new, drop)
    return {
        name: (value, after[name])
        for name, value in before.items()
        if same(value) != same(after[name])
    }
