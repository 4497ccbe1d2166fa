"""storageperf_book: the book's own code, apart from the model (which never imports it).

:mod:`~storageperf_book.calculator` (a calculator: an ipywidgets panel in a kernel, a plotly figure with
precomputed positions on the site), :mod:`~storageperf_book.figures` (the plotly theme and the renderer for the
site), :mod:`~storageperf_book.display` (numbers kept for the prose, tables, discrepancies),
:mod:`~storageperf_book.quiz` (knowledge checks that answer back, in a kernel and on the site) and
:mod:`~storageperf_book.sphinx` (the Sphinx extensions, one module a job). Importing the package
makes the book's plotly theme and renderer the defaults, which is what a chapter wants and a library must not do.
"""
from . import figures  # noqa: F401  (registers the book's plotly template and renderer)
from .calculator import Calculator, Choice, Slider  # noqa: F401
from .display import discrepancies, put, table, v  # noqa: F401
from .quiz import Quiz, save_answers  # noqa: F401
