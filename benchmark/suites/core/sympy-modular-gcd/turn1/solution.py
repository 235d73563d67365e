"""The integer polynomial gcd, one prime at a time: images modulo primes, the degree bound the
modular algorithm starts from, and images combined by the Chinese remainder theorem."""

from sympy import isprime
from sympy.polys.domains import ZZ
from sympy.polys.modulargcd import (
    _chinese_remainder_reconstruction_univariate,
    _degree_bound_univariate,
    _gf_gcd,
)
from sympy.polys.rings import ring

_R, _x = ring("x", ZZ)


def _poly(f, name: str):
    if not isinstance(f, (list, tuple)) or not all(isinstance(c, int) and not isinstance(c, bool) for c in f):
        raise TypeError(f"{name} must be a list of ints")
    return _R.from_list([ZZ(c) for c in f])


def _prime(p) -> int:
    if isinstance(p, bool) or not isinstance(p, int) or not isprime(p):
        raise ValueError(f"not a prime: {p!r}")
    return p


def _list(f) -> list:
    return [int(c) for c in f.to_dense()] if f else []


def gcd_mod(f: list, g: list, p: int) -> list:
    """The gcd of ``f`` and ``g`` modulo the prime ``p``, as the modular gcd writes its images."""
    fp, gp = _poly(f, "f").trunc_ground(_prime(p)), _poly(g, "g").trunc_ground(p)
    if not (fp or gp):
        return []
    return _list(_gf_gcd(fp, gp, p))


def degree_bound(f: list, g: list) -> int:
    """The bound on the degree of gcd(f, g) over the integers the modular gcd starts from."""
    F, G = _poly(f, "f"), _poly(g, "g")
    if F.degree() < 0 or G.degree() < 0:
        raise ValueError("both polynomials must be non-zero")
    return int(_degree_bound_univariate(F, G))


def combine(hp: list, hq: list, p: int, q: int) -> list:
    """The polynomial congruent to ``hp`` modulo ``p`` and to ``hq`` modulo ``q``, coefficient by
    coefficient, as the modular gcd combines two images (``hp`` of the higher degree)."""
    _prime(p), _prime(q)
    if p == q:
        raise ValueError("the two moduli must differ")
    HP, HQ = _poly(hp, "hp"), _poly(hq, "hq")
    if HP.degree() < HQ.degree():
        raise ValueError("hp must not have a lower degree than hq")
    return _list(_chinese_remainder_reconstruction_univariate(HP, HQ, p, q))


def image_table(f: list, g: list, primes) -> dict:
    """For each prime, the image ``gcd_mod(f, g, p)``, then under "bound" the ``degree_bound``."""
    table = {p: gcd_mod(f, g, p) for p in primes}
    table["bound"] = degree_bound(f, g)
    return table
