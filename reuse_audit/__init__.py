"""reuse-audit: did a change reuse the code that was already there, or reinvent it?"""

__version__ = "0.1.0"
