"""The guide's data package (``data/datapackage.json``): its tables as pandas DataFrames, and one value getter.

Tables are grouped as the folders of ``data/`` show: ``platforms/`` holds each cloud service's dated limits and
prices, ``sources/`` each source document's transcription (named after its chapter), and the top level the
documents every row cites and the discrepancies found in them. Every table keeps its source's units; each
column's unit is in the field description of the descriptor (``describe(name)`` prints it). A row's ``unit`` is the
unit its number is in; where the source writes another label (TR-4816's "TB" for TiB), ``unit_as_written`` keeps it.
Blank cells load as missing values (``<NA>``).

:func:`value` is the one way the model reads a number: it returns the value in the unit the caller asks for,
converting through :func:`storageperf.concepts.units.convert`, and refuses a unit that is not the same kind.
"""
from __future__ import annotations

import functools
import json
import os
from pathlib import Path

import pandas as pd

from . import checks
from ._cache import cached
from .concepts import units


def _data_dir():
    if "STORAGEPERF_DATA" in os.environ:
        return Path(os.environ["STORAGEPERF_DATA"])
    shipped = Path(__file__).resolve().parent / "_data"  # an installed package carries a copy of data/
    if (shipped / "datapackage.json").is_file():
        return shipped
    return Path(__file__).resolve().parent.parent / "data"  # a checkout: the repository's data/


#: Where the data package lives: ``$STORAGEPERF_DATA`` if set; else the copy an installed package carries;
#: else ``data/`` beside the package in a checkout.
DATA_DIR = _data_dir()

_DTYPES = {"string": "string", "number": "float64", "integer": "Int64", "date": "string", "boolean": "boolean"}


@cached
def package():
    """The data package descriptor (``datapackage.json``) as a dict."""
    with open(DATA_DIR / "datapackage.json", encoding="utf-8") as f:
        return json.load(f)


def names():
    """The names of the package's tables, in the descriptor's order."""
    return [r["name"] for r in package()["resources"]]


@functools.cache
def _table_names():
    return frozenset(names())


def _resource(name, parameter="name"):
    if not isinstance(name, str) or name not in _table_names():
        raise checks.InputError(f"{parameter} must be one of {', '.join(names())}; got {name!r}")
    return next(r for r in package()["resources"] if r["name"] == name)


@functools.cache
def _read(name):
    res = _resource(name)
    dtypes = {f["name"]: _DTYPES[f["type"]] for f in res["schema"]["fields"]}
    return pd.read_csv(DATA_DIR / res["path"], dtype=dtypes, keep_default_na=False, na_values=[""])


def load(name):
    """Return one table of the data package.

    Parameters
    ----------
    name : str
        A resource name in ``data/datapackage.json``, e.g. ``"azure_netapp_files_limits"``.

    Returns
    -------
    pandas.DataFrame
        A fresh copy, columns typed as the descriptor says.

    Examples
    --------
    >>> load("azure_netapp_files_limits").set_index("id").loc["throughput_per_tib_premium", "value"]
    np.float64(64.0)
    """
    return _read(name).copy()


def describe(name):
    """Return one table's fields (name, type, description) as a DataFrame, units included."""
    fields = _resource(name)["schema"]["fields"]
    return pd.DataFrame([{k: f.get(k, "") for k in ("name", "type", "description")} for f in fields])


@functools.cache
def _indexed(table):
    frame = _read(table)
    if "id" not in frame.columns:
        raise ValueError(f"table must be one with an id column; {table!r} has none")
    return frame.set_index("id")


def row(table, row_id):
    """One row of a table with an ``id`` column, as a dict (``value``, ``unit``, ``document``, ``quote`` ...).

    Examples
    --------
    >>> row("azure_netapp_files_limits", "volume_ceiling_large")["document"]
    'anf-large-volumes-requirements'
    """
    if not isinstance(table, str) or table not in _table_names():
        _resource(table, "table")
    rows = _rows(table)
    if not isinstance(row_id, str) or row_id not in rows:
        raise ValueError(f"row_id must be an id of the {table} table; got {row_id!r}")
    return {"id": row_id, **rows[row_id]}


@functools.cache
def _rows(table):
    """Every row of a table with an ``id`` column, as plain Python values, by id (read once: a row is a copy)."""
    frame = _indexed(table)
    return {i: {k: (v.item() if hasattr(v, "item") else v) for k, v in r.items()}
            for i, r in zip(frame.index, frame.to_dict("records"))}


def value(table, row_id, unit):
    """One number of the data package, in the unit the caller asks for.

    Parameters
    ----------
    table : str
        A table of the package with ``id``, ``value`` and ``unit`` columns.
    row_id : str
        The row's ``id``.
    unit : str
        The unit wanted: the row's ``unit`` (the number's, not the source's label where ``unit_as_written`` differs),
        or one :func:`storageperf.concepts.units.convert` turns it into.

    Returns
    -------
    float
        The value. [unit]

    Examples
    --------
    The smallest regular volume is stated as 50 GiB:

    >>> value("azure_netapp_files_limits", "volume_quota_min_regular", "TiB")
    0.048828125
    >>> value("azure_netapp_files_limits", "volume_quota_min_regular", "MiB/s")
    Traceback (most recent call last):
    ...
    ValueError: unit must be one that GiB converts to (azure_netapp_files_limits, volume_quota_min_regular); got 'MiB/s'
    """
    r = row(table, row_id)
    if r["unit"] == unit:
        return float(r["value"])
    try:
        return float(units.convert(r["value"], r["unit"], unit))
    except ValueError:
        raise ValueError(f"unit must be one that {r['unit']} converts to ({table}, {row_id}); got {unit!r}") from None
