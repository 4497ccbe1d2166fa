"""Load the guide's data package (``data/datapackage.json``) as pandas DataFrames.

Every table keeps its source's units; each column's unit is in the field description of
``data/datapackage.json`` (``describe(name)`` prints it). Blank cells load as missing values (``<NA>``).
"""
from __future__ import annotations

import functools
import json
import os
from pathlib import Path

import pandas as pd

#: Where the data package lives: ``$STORAGEPERF_DATA`` if set, else ``data/`` beside the package.
DATA_DIR = Path(os.environ.get("STORAGEPERF_DATA", Path(__file__).resolve().parent.parent / "data"))

_DTYPES = {"string": "string", "number": "float64", "integer": "Int64", "date": "string"}


@functools.cache
def package():
    """The data package descriptor (``datapackage.json``) as a dict."""
    with open(DATA_DIR / "datapackage.json", encoding="utf-8") as f:
        return json.load(f)


def _resource(name):
    names = [r["name"] for r in package()["resources"]]
    if name not in names:
        raise ValueError(f"name must be one of {', '.join(names)}; got {name!r}")
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
        A resource name in ``data/datapackage.json``, e.g. ``"platform_limits"`` or ``"anf_prices"``.

    Returns
    -------
    pandas.DataFrame
        A fresh copy, columns typed as the descriptor says.

    Examples
    --------
    >>> load("platform_limits").set_index("id").loc["throughput_per_tib_premium", "value"]
    np.float64(64.0)
    """
    return _read(name).copy()


def describe(name):
    """Return one table's fields (name, type, description) as a DataFrame, units included."""
    fields = _resource(name)["schema"]["fields"]
    return pd.DataFrame([{k: f.get(k, "") for k in ("name", "type", "description")} for f in fields])


def limit(limit_id):
    """Return one row of ``platform_limits`` as a dict (``value``, ``unit``, ``document``, ``quote`` ...).

    Examples
    --------
    >>> limit("volume_ceiling_large")["value"]
    12800.0
    """
    table = _read("platform_limits").set_index("id")
    if limit_id not in table.index:
        raise ValueError(f"limit_id must be an id of data/platform_limits.csv; got {limit_id!r}")
    row = table.loc[limit_id]
    return {"id": limit_id, **{k: (v.item() if hasattr(v, "item") else v) for k, v in row.items()}}
