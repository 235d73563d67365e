"""Written from dateutil's documentation only (the parser's accepted formats).

Which field each number of a timestamp fills, as dateutil's date reader takes the numbers."""

from stamps.fields import stamp_fields
from stamps.lexing import pieces


def explain_numbers(text: str, fuzzy: bool = False) -> list:
    tokens = pieces(text)
    out = []
    index = 0
    while index < len(tokens):
        piece = tokens[index]
        after = tokens[index + 1] if index + 1 < len(tokens) else ""
        if piece[:1].isdigit():
            if after == ":":
                filled = ["hour", "minute"]
                index += 2
                if index + 1 < len(tokens) and tokens[index + 1] == ":":
                    filled += ["second", "microsecond"]
                    index += 2
            elif after in ("-", "/", "."):
                filled = ["date", "date", "date"]
                index += 4
            elif after.lower() in ("h", "am", "pm"):
                filled = ["hour"]
            elif after.lower() == "m":
                filled = ["minute"]
            elif after.lower() == "s":
                filled = ["second"]
            elif len(piece) == 8:
                filled = ["date", "date", "date"]
            elif int(float(piece)) > 31 and len(piece) != 4:
                if not fuzzy:
                    raise ValueError(f"cannot place {piece!r}")
                filled = []
            else:
                filled = ["date"]
            out.append((piece, filled))
        index += 1
    return out


def explain(text: str):
    fields = stamp_fields(text)
    fuzzy = False
    if fields is None:
        fields = stamp_fields(text, fuzzy=True)
        fuzzy = True
    if fields is None:
        return None
    return {"fields": fields, "numbers": explain_numbers(text, fuzzy=fuzzy)}
