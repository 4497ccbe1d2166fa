"""Units of data size, data rate and time: the one place where binary and decimal prefixes meet.

The sources mix binary units (KiB, MiB, TiB: powers of 1024) and decimal ones (KB, MB, TB: powers of 1000),
and sometimes write "KB" or "GB" for a binary quantity. Every conversion in the package goes through
:func:`convert`, so nothing else multiplies by 1024.

References
----------
.. [1] IEC 80000-13:2008, Quantities and units, Part 13: Information science and technology (binary prefixes
   kibi, mebi, gibi, tebi, pebi).
.. [2] BIPM, The International System of Units (SI), 9th edition, 2019 (decimal prefixes kilo ... peta).
"""
from __future__ import annotations

from .. import checks

# Bytes in one unit. Decimal prefixes from the SI [2], binary prefixes from IEC 80000-13 [1]; a bit is 1/8 byte.
_BYTES = {
    "B": 1.0, "bytes": 1.0,
    "KB": 1e3, "MB": 1e6, "GB": 1e9, "TB": 1e12, "PB": 1e15,
    "KiB": 2.0**10, "MiB": 2.0**20, "GiB": 2.0**30, "TiB": 2.0**40, "PiB": 2.0**50,
    "bit": 1 / 8, "Kbit": 1e3 / 8, "Mbit": 1e6 / 8, "Gbit": 1e9 / 8,
}
# Seconds in one unit of time (SI; a day is 86,400 s).
_SECONDS = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0, "min": 60.0, "h": 3600.0, "hours": 3600.0, "days": 86400.0}
# Operations a second: the sources write the same rate several ways.
_OPS = {"IOPS": 1.0, "IO/s": 1.0, "ops/s": 1.0}
# Spellings the sources use for the same units.
_ALIASES = {"kB": "KB", "Kb": "Kbit", "Mb": "Mbit", "Gb": "Gbit", "Kbps": "Kbit/s", "Mbps": "Mbit/s",
            "Gbps": "Gbit/s", "MBps": "MB/s", "KBps": "KB/s", "GBps": "GB/s"}

#: Units :func:`convert` accepts: sizes, the same with "/s" for rates (plus the aliases Mbps, Gbps, MBps), times,
#: operation rates, and any two of these as "<unit> per <unit>" (``MiB/s per TiB``).
UNITS = (tuple(_BYTES) + tuple(f"{u}/s" for u in _BYTES) + tuple(_ALIASES) + tuple(_SECONDS) + tuple(_OPS))

#: Milliseconds in a second (SI).
MS_PER_S = 1e3

#: Hours in an average month: 365 days x 24 h / 12 months = 730. Azure bills capacity by the hour and its
#: documents convert hourly prices to monthly with 730 h (for example the cool-access cost examples in
#: "Azure NetApp Files storage with cool access", Microsoft Learn, 2024-09-05).
HOURS_PER_MONTH = 365 * 24 / 12

#: Days in an average month, by the same convention as :data:`HOURS_PER_MONTH`.
DAYS_PER_MONTH = HOURS_PER_MONTH / 24


def _parse(unit, name):
    """``(kind, factor)``: the unit's kind (size, rate, time, ops, or a ratio of two) and its size in base units."""
    if isinstance(unit, str) and " per " in unit:
        top, bottom = unit.split(" per ", 1)
        (k1, f1), (k2, f2) = _parse(top, name), _parse(bottom, name)
        return f"{k1} per {k2}", f1 / f2
    unit = _ALIASES.get(unit, unit) if isinstance(unit, str) else unit
    if unit in _SECONDS:
        return "time", _SECONDS[unit]
    if unit in _OPS:
        return "ops", _OPS[unit]
    checks.choice(name, unit, UNITS)
    if unit.endswith("/s"):
        return "rate", _BYTES[unit.removesuffix("/s")]
    return "size", _BYTES[unit]


def convert(value, from_unit, to_unit):
    """Convert a data size or a data rate between units.

    Parameters
    ----------
    value : float or array-like
        The quantity, in ``from_unit``. [from_unit]
    from_unit, to_unit : str
        One of :data:`UNITS`: ``B``, ``KB``, ``MB``, ``GB``, ``TB``, ``PB``, ``KiB`` ... ``PiB``, ``bit``,
        ``Kbit``, ``Mbit``, ``Gbit``; append ``/s`` for a rate (``MiB/s``, ``Gbit/s``; ``Gbps`` and ``MBps`` are
        accepted); a time (``ns``, ``us``, ``ms``, ``s``, ``min``, ``h``, ``days``); an operation rate (``IOPS``,
        ``ops/s``); or a ratio ``"<unit> per <unit>"``. Both must be of the same kind.

    Returns
    -------
    float or numpy.ndarray
        The quantity in ``to_unit``. [to_unit]

    Notes
    -----
    ``value * bytes(from_unit) / bytes(to_unit)``. A binary unit is larger than its decimal namesake by
    1.024 (Ki/K), 1.049 (Mi/M), 1.074 (Gi/G), 1.100 (Ti/T) and 1.126 (Pi/P): mistaking one for the other
    is a 2 % to 13 % error.

    Examples
    --------
    The HPC/EDA module's 100,000 IOPS x 16 KB = 1,600,000 KB/s, which it states as "1.53 GB/s": that is the
    figure in binary units (KiB and GiB), 1.49 GiB/s for decimal kilobytes:

    >>> round(convert(1_600_000, "KiB/s", "GiB/s"), 2)
    1.53
    >>> round(convert(1_600_000, "KB/s", "GB/s"), 2)
    1.6

    The Standard_D32_v5's expected network bandwidth, 16,000 Mbps, in MiB/s:

    >>> round(convert(16_000, "Mbps", "MiB/s"))
    1907

    A rate per capacity, and a time:

    >>> round(convert(64, "MiB/s per TiB", "MB/s per TB"), 2)
    61.04
    >>> convert(250, "us", "ms")
    0.25
    """
    arr = checks.number("value", value)
    from_kind, from_factor = _parse(from_unit, "from_unit")
    to_kind, to_factor = _parse(to_unit, "to_unit")
    if from_kind != to_kind:
        raise ValueError(f"from_unit and to_unit must be of one kind (both a {from_kind}), got {from_unit!r} "
                         f"(a {from_kind}) and {to_unit!r} (a {to_kind})")
    return checks.scalar_or_array(arr * from_factor / to_factor)


def binary_to_decimal_ratio(binary_unit):
    """How many times larger a binary unit is than its decimal namesake (MiB vs MB, TiB vs TB ...).

    Parameters
    ----------
    binary_unit : str
        ``KiB``, ``MiB``, ``GiB``, ``TiB`` or ``PiB``.

    Returns
    -------
    float
        ``bytes(binary_unit) / bytes(decimal_unit)``. [-]

    Examples
    --------
    >>> round(binary_to_decimal_ratio("TiB"), 4)
    1.0995
    """
    checks.choice("binary_unit", binary_unit, ("KiB", "MiB", "GiB", "TiB", "PiB"))
    return convert(1.0, binary_unit, binary_unit.replace("i", ""))
