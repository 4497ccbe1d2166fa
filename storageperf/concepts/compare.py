"""A model against measurements: one table shape for every chapter.

Each source module returns its comparison through :func:`table`, so every chapter's agreement is read the same
way: ``id`` (the measured row), ``document``, ``measured``, ``model``, ``relative_error`` and ``binding`` (what the
model says limits the point), then whatever columns describe that source's test.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from .. import checks

#: The columns every comparison table starts with.
COLUMNS = ("id", "document", "measured", "model", "relative_error", "binding")


def relative_error(model, measured):
    """``(model - measured) / measured``: the model's error as a share of the measurement.

    Parameters
    ----------
    model : float or array-like
        The prediction. [any unit]
    measured : float or array-like
        The measurement, greater than 0, in the same unit. [any unit]

    Returns
    -------
    float or numpy.ndarray
        Signed relative error; positive where the model is high, NaN where the model gives none. [-]

    Examples
    --------
    The 12,800 MiB/s ceiling of a large volume against the 12,761 MiB/s measured:

    >>> round(relative_error(12800, 12761), 4)
    0.0031
    """
    if isinstance(model, (str, bytes, bool, np.bool_)) or model is None:
        raise checks.InputError(f"model must be numbers (NaN where the model gives none), got {model!r}")
    try:
        m = np.asarray(model, dtype=float)
    except (TypeError, ValueError):
        raise checks.InputError(f"model must be numbers (NaN where the model gives none), got {model!r}") from None
    if m.dtype == object or np.any(np.isinf(m)):
        raise checks.InputError(f"model must be finite numbers (NaN where the model gives none), got {model!r}")
    x = checks.positive("measured", measured)
    return checks.scalar_or_array((m - x) / x)


def table(frame, *, measured, model, binding=None, document=None):
    """A comparison table in the standard shape.

    Parameters
    ----------
    frame : pandas.DataFrame
        One row a measured point, with an ``id`` column and the columns named below; its other columns follow
        the standard ones.
    measured, model : str
        Columns of ``frame`` holding the measurement and the model's value, in one unit.
    binding : str, optional
        Column naming the limit the model says binds; blank when the model names none.
    document : str, optional
        Column holding each row's document id; or, if ``frame`` has no such column, the one document of every row.

    Returns
    -------
    pandas.DataFrame
        :data:`COLUMNS`, then the rest of ``frame``'s columns.

    Examples
    --------
    >>> t = table(pd.DataFrame({"id": ["a"], "got": [100.0], "pred": [110.0]}), measured="got", model="pred",
    ...           document="doc-1")
    >>> list(t.columns[:6]), float(t["relative_error"].iloc[0])
    (['id', 'document', 'measured', 'model', 'relative_error', 'binding'], 0.1)
    """
    if not isinstance(frame, pd.DataFrame) or "id" not in frame.columns:
        raise checks.InputError("frame must be a pandas DataFrame with an id column")
    if document is not None and not isinstance(document, str):
        raise checks.InputError(f"document must be a column of frame or a document id, got {document!r}")
    for name, col in (("measured", measured), ("model", model), ("binding", binding)):
        if (col is None and name != "binding") or (col is not None and (not isinstance(col, str)
                                                                        or col not in frame.columns)):
            raise ValueError(f"{name} must be a column of frame ({', '.join(frame.columns)}); got {col!r}")
    out = pd.DataFrame({"id": frame["id"].astype("string")})
    out["document"] = frame[document] if document in frame.columns else document
    out["measured"] = frame[measured].astype(float)
    out["model"] = frame[model].astype(float)
    out["relative_error"] = relative_error(out["model"].to_numpy(), out["measured"].to_numpy())
    out["binding"] = pd.Series(frame[binding] if binding else pd.NA, index=frame.index, dtype="string")
    used = {"id", measured, model, binding, document}
    rest = frame[[c for c in frame.columns if c not in used]]
    return pd.concat([out, rest], axis=1).reset_index(drop=True)


def error_summary(relative_errors, within=0.10):
    """How far a model is from its measurements, in three numbers.

    Parameters
    ----------
    relative_errors : array-like
        Signed relative errors (see :func:`relative_error`), finite, at least one. [-]
    within : float
        The band for the share, greater than 0. [-]

    Returns
    -------
    dict
        ``median`` (median absolute error), ``worst`` (the signed error largest in size), ``share_within`` (share
        of points with an absolute error at most ``within``) and ``points``.

    Examples
    --------
    >>> error_summary([0.02, -0.05, 0.30, -0.01])
    {'median': 0.035, 'worst': 0.3, 'share_within': 0.75, 'points': 4}
    """
    e = checks.number("relative_errors", relative_errors).ravel()
    if e.size == 0:
        raise ValueError("relative_errors must hold at least one error, got none")
    band = checks.positive("within", within, one=True)
    a = np.abs(e)
    return {"median": round(float(np.median(a)), 12), "worst": float(e[np.argmax(a)]),
            "share_within": float(np.mean(a <= band + 1e-12)), "points": int(e.size)}
