"""bridge-laws: parse the Laws of Duplicate Bridge from messy sources into a static site."""

__version__ = "0.1.0"
