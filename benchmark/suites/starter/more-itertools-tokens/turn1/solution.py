from more_itertools import intersperse


def group_text(text, size=4, sep=" "):
    return "".join(intersperse(sep, text, n=size))


def group_digits(number, sep=",", size=3):
    digits = str(abs(number))
    grouped = group_text(digits[::-1], size, sep[::-1])[::-1]
    return "-" + grouped if number < 0 else grouped
