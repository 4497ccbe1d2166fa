"""A reader's own measurements: fio's JSON output as a table, and the checks a run must pass before it is compared
with a model.

:func:`read_fio` reads what fio writes with ``--output-format=json`` or ``json+`` (fio 2.x and 3.x, one or several
jobs, with or without ``group_reporting``, client/server runs) into one row per job and direction that did I/O,
in the guide's units. :func:`check_run` says whether a run measured what the reader meant to measure: a job fio
reports as failed, or one that ran for no time, measured nothing to check; for the others, Little's law against the
I/Os the engine keeps in flight, the page cache, and the block size and read share against the workload's.

The same reader runs in the browser (``book/_static/fio.js``); a test holds the two to the same rows, numbers,
findings and error messages on every sample of ``data/measurements/fio/``.

References
----------
.. [1] fio HOWTO (axboe/fio, ``HOWTO.rst`` at tag fio-3.33, commit 72bcaffd7d56d4c2ebad6d0a1e465e0e9db8be40):
   options ``bs`` (default 4096; comma-separated values for reads, writes and trims), ``kb_base`` (1024 by default:
   SI prefixes mean powers of 2, IEC prefixes powers of 10), ``iodepth`` (default 1; no effect on synchronous
   engines; libaio without ``direct=1`` is not asynchronous on Linux), ``numjobs`` (default 1), ``direct``
   (default false), ``rw`` (default read), ``ioengine`` (psync, the default on Linux), ``bsrange`` and
   ``bssplit`` (each I/O one of several sizes: a range, or sizes with their shares), ``unified_rw_reporting``
   (``1``: reads and writes as one direction, ``mixed``; ``both``: reads, writes and ``mixed``),
   ``group_reporting`` (a group's jobs summed into one entry).
.. [2] fio ``stat.c``, JSON output, at tag fio-2.21 (commit e5aaf1e677d1413125ffaf7aae48b1e8f4ce9ebc):
   ``bw`` in KiB/s, ``runtime`` in ms, latencies ``slat``, ``clat`` and ``lat`` (and the ``clat`` percentiles) in
   microseconds. Commit c12d597ac36632a6f08c749df302135bbd339cb2 (2017-06-05, first in fio-2.21, "stat: correct json
   'io_bytes' output") made ``io_bytes`` bytes and added ``io_kbytes``; before it ``io_bytes`` held KiB.
.. [3] fio commit d6bb626ef37d3905221ade2887b422717a07af09 (2017-03-16, first in fio-3.0, "nanosecond: update
   completion latency recording and normal, json output to use nanoseconds"): from fio 3.0 the latencies are
   ``slat_ns``, ``clat_ns`` and ``lat_ns``, in nanoseconds. Commit aedd021de4d7564ebca3414f22c65ff6d34d2da4
   (2017-11-03, first in fio-3.2, "stat: add bw_bytes JSON key") added ``bw_bytes`` in bytes a second.
.. [4] J. D. C. Little, "A Proof for the Queuing Formula: L = lambda W", Operations Research 9(3), 383-387, 1961.
"""
from __future__ import annotations

import codecs
import json
import math
import re
from pathlib import Path

import numpy as np
import pandas as pd

from . import checks
from .concepts import units

#: The directions fio reports, in its order; ``mixed`` when the job set ``unified_rw_reporting``.
DIRECTIONS = ("read", "write", "trim", "mixed")

#: The job fio adds to a client/server run's ``client_stats``: the sum over clients. :func:`read_fio` leaves it
#: out, so each client's job counts once.
ALL_CLIENTS = "All clients"

#: fio's defaults for the options :func:`read_fio` reports, from the HOWTO [1]_; used when fio printed the job's
#: options (fio before 2.3 printed none: commit 66e19a387c9d9ae79d7ae34376c6d421c4afe1be, 2015-12-15, "First stab
#: at adding job options to json output"; then the columns are left missing rather than guessed).
FIO_DEFAULTS = {"bs": "4096", "iodepth": "1", "numjobs": "1", "direct": "0", "rw": "read", "ioengine": "psync",
                "kb_base": "1024"}

#: Options that give each I/O one of several sizes (fio HOWTO, ``bsrange`` and ``bssplit``, with their long names):
#: a job that sets one has no single block size, so :func:`read_fio` reports the mean, bytes over I/Os.
MIXED_BS_OPTIONS = ("bssplit", "blocksize_split", "bsrange", "blocksize_range")

#: Engines that keep ``iodepth`` I/Os in flight per job (fio HOWTO, ``ioengine``); with any other engine a job
#: has one I/O in flight (the HOWTO: iodepth beyond 1 does not affect synchronous engines).
ASYNC_ENGINES = ("libaio", "io_uring", "posixaio", "windowsaio", "solarisaio", "rdma", "libiscsi", "nfs", "spdk")

#: Engines fio runs synchronously, one I/O in flight per job (fio HOWTO, ``ioengine``).
SYNC_ENGINES = ("sync", "psync", "vsync", "pvsync", "pvsync2", "mmap", "splice", "falloc", "filecreate",
                "filestat")

#: Little's law over one run: the I/Os in flight, IOPS x mean latency, may exceed what the engine allows by this
#: share before the run is flagged. IOPS is counted over the run's wall-clock time while the latency is the mean of
#: the completed I/Os, so a short run's start and end move the two apart; a design choice, below the factor of 2 a
#: queue depth or job count one step (a power of 2) off makes.
LITTLES_LAW_TOLERANCE = 0.25

#: A run whose I/Os in flight are below this share of what the engine allows did not keep its queue full: the
#: client (CPU, think time, a rate limit), not the storage, set the pace. A design choice: half.
QUEUE_FULL_SHARE = 0.5

#: A result faster than the option's ceiling by more than this share probably did not reach the storage. A
#: ceiling is enforced over seconds and a short run's rate is an average over its wall-clock time; a design choice.
CEILING_TOLERANCE = 0.05

#: A block size more than this factor from the workload's is a different workload: both IOPS and MiB/s change with
#: the size (the guide's mix curves, platforms/azure_netapp_files_mix_curves.csv, differ at 4, 8 and 64 KiB). A
#: design choice: block sizes are powers of 2, so this allows one step either way.
BLOCK_SIZE_FACTOR = 2.0

#: A read share (of bytes) further than this from the workload's is a different mix: the guide's mix curves
#: (platforms/azure_netapp_files_mix_curves.csv) move a regular volume's 64 KiB sequential ceiling by more than a
#: factor of 2 from all writes to all reads. A design choice: a fifth of that range.
READ_SHARE_TOLERANCE = 0.2

#: The columns of :func:`read_fio`'s table, in order.
COLUMNS = ("entry", "job", "hostname", "direction", "rw", "iops", "mibps", "lat_mean_ms", "clat_p50_ms",
           "clat_p95_ms", "clat_p99_ms", "bs_kib", "bs_option", "iodepth", "numjobs", "processes", "direct",
           "ioengine", "size_kib", "io_kib", "runtime_s", "error", "fio_version")

#: The columns of :func:`check_run`'s table, in order.
CHECK_COLUMNS = ("entry", "job", "direction", "check", "ok", "detail")

_PREFIXES = {"k": ("KiB", "KB"), "m": ("MiB", "MB"), "g": ("GiB", "GB"), "t": ("TiB", "TB"), "p": ("PiB", "PB")}


def _line_of(text, index):
    return text.count("\n", 0, index) + 1


def _json_end(text, start):
    """The index after the object that opens at ``start``, by matching braces outside strings; None if the text
    ends first."""
    depth, in_string, escaped = 0, False, False
    for i in range(start, len(text)):
        c = text[i]
        if in_string:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "{[":
            depth += 1
        elif c in "}]":
            depth -= 1
            if depth == 0:
                return i + 1
    return None


_BOMS = ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"))


def _decode(data):
    """A file's bytes as text: UTF-16 or UTF-8 by its byte-order mark (Windows PowerShell's ``>`` writes UTF-16
    with one), UTF-8 without."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            return data[len(bom):].decode(encoding, errors="replace")
    return data.decode("utf-8", errors="replace")


def _text_of(source):
    if isinstance(source, Path):
        return _decode(source.read_bytes())
    if isinstance(source, bytes):
        return _decode(source)
    if not isinstance(source, str):
        raise checks.InputError(f"source must be a path or the text fio printed, got {source!r}")
    if "{" in source or "\n" in source:
        return source
    if not Path(source).is_file():
        raise ValueError(f"source must be a path to a file fio wrote or the text it printed; got {source!r}, "
                         f"which is neither a file nor fio output")
    return _decode(Path(source).read_bytes())


_FIO_OBJECT = re.compile(r'\{\s*"fio version"')


def _fio_json(text):
    """The JSON object fio printed, found after any lines before it (the last, when fio printed one every
    ``--status-interval``); one-line ValueErrors for what is wrong."""
    spans, pos = [], 0
    while (found := _FIO_OBJECT.search(text, pos)) is not None:
        start = found.start()
        end = _json_end(text, start)
        if end is None:
            raise ValueError(f"source is cut short: fio's JSON object opened at line {_line_of(text, start)} "
                             f"is not closed")
        spans.append((start, end))
        pos = end
    if not spans and "\x00" in text:
        raise ValueError("source is not fio JSON output: it holds NUL characters, as UTF-16 without a byte-order "
                         "mark does (save it as UTF-8, or as UTF-16 with its mark)")
    if not spans:
        raise ValueError('source is not fio JSON output: it holds no object starting with "fio version" '
                         "(run fio with --output-format=json)")
    start, end = spans[-1]  # with --status-interval fio prints the run so far, then the whole run last
    try:
        data = json.loads(text[start:end])
    except ValueError:
        raise ValueError(f"source is not fio JSON output: the object at line {_line_of(text, start)} is not "
                         f"valid JSON") from None
    entries = data.get("client_stats", data.get("jobs"))
    if not isinstance(entries, list):
        raise ValueError('source is not fio JSON output: its object has neither "jobs" nor "client_stats"')
    return data, entries


def _size_kib(value, kb_base):
    """A fio size option (``"4k"``, ``"1m"``, ``"4096"``, ``"64KiB"``) in KiB; NaN for one it does not state in
    bytes (a percentage, a range)."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([kmgtpKMGTP]?)([iI]?)[bB]?\s*", str(value))
    if not match:
        return math.nan
    number, prefix, iec = float(match.group(1)), match.group(2).lower(), bool(match.group(3))
    if not prefix:
        return units.convert(number, "B", "KiB")
    binary = (kb_base == 1024) != iec  # fio HOWTO, kb_base: 1024 makes SI prefixes powers of 2, IEC ones of 10
    return units.convert(number, _PREFIXES[prefix][0 if binary else 1], "KiB")


def _bs_of(bs, direction):
    """The part of a ``bs`` option that applies to a direction (fio HOWTO, ``bs``)."""
    parts = str(bs).split(",")
    i = {"read": 0, "write": 1, "trim": 2, "mixed": 0}[direction]
    part = parts[i] if i < len(parts) else parts[-1]
    return part if part.strip() else FIO_DEFAULTS["bs"]


def _flag(value):
    """True, False, or None when unknown (NaN, None), of an option's value or a table's ``direct``."""
    if value is None or isinstance(value, (bool, np.bool_)):
        return None if value is None else bool(value)
    number = _number(value)
    return None if math.isnan(number) else number != 0


def _number(value):
    try:
        return float(value)
    except (TypeError, ValueError):
        return math.nan


def _to(value, from_unit, to_unit):
    """A number of fio's JSON in another unit; NaN for one fio did not write as a finite number."""
    number = _number(value)
    return units.convert(number, from_unit, to_unit) if math.isfinite(number) else math.nan


def _percentile_ms(stat, key_unit, p):
    percentiles = stat.get("percentile")
    for key, value in (percentiles.items() if isinstance(percentiles, dict) else ()):
        if _number(key) == p:
            return _to(value, key_unit, "ms")
    return math.nan


def _latency(d, name):
    """``(object, unit)`` of a latency in a direction: ``name_ns`` in ns (fio 3.x) or ``name`` in us (fio 2.x)."""
    if isinstance(d.get(f"{name}_ns"), dict):
        return d[f"{name}_ns"], "ns"
    if isinstance(d.get(name), dict):
        return d[name], "us"
    return None, None


def read_fio(source):
    """Read fio's JSON output into one row per job and direction that did I/O.

    Parameters
    ----------
    source : str, pathlib.Path or bytes
        A path to a file fio wrote, the text fio printed, or a file's bytes (lines before and after the JSON
        object, such as job headers, notes, warnings or ``--output-format=normal,json``'s summary, are skipped).
        A file or bytes are UTF-8, or UTF-16 or UTF-8 by their byte-order mark (Windows PowerShell's ``>`` writes
        UTF-16). When it holds several of fio's JSON objects, as ``--status-interval`` prints (the run so far,
        every interval), the last is read: the whole run.

    Returns
    -------
    pandas.DataFrame
        One row per job entry of fio's ``jobs`` (or a client/server run's ``client_stats``) and direction with
        I/O, columns :data:`COLUMNS`: ``entry`` (the job's position in fio's list), ``job``, ``hostname`` (the
        client's, in a client/server run; missing otherwise), ``direction`` (``read``, ``write``, ``trim``, or
        ``mixed`` with ``unified_rw_reporting``), ``rw`` (the job's option), ``iops`` [1/s], ``mibps`` [MiB/s],
        ``lat_mean_ms`` (mean total latency) [ms], ``clat_p50_ms``, ``clat_p95_ms``, ``clat_p99_ms`` (completion
        latency percentiles) [ms], ``bs_kib`` (the block size; the mean I/O size, bytes over I/Os, for a job of
        mixed sizes) [KiB], ``bs_option`` (the option it comes from: ``bs``, ``blocksize``, or one of
        :data:`MIXED_BS_OPTIONS`; None when fio printed no options), ``iodepth``, ``numjobs`` (the options),
        ``processes`` (the processes the row's numbers add up), ``direct`` (True for direct, unbuffered I/O,
        False for buffered, None when fio printed no options), ``ioengine``, ``size_kib`` (the job's file size
        option) [KiB], ``io_kib`` (data moved) [KiB], ``runtime_s`` [s], ``error`` (the job's ``error``: 0 for a
        job that ran, the error number, an errno, of one fio reports as failed; missing when fio's JSON has none),
        ``fio_version``.

    Raises
    ------
    ValueError
        When ``source`` is not fio's JSON output, is cut short, holds no job that did I/O (naming the error fio
        reported for each job that failed), or holds a negative measured number (a hand-edited file: fio writes
        none).

    Notes
    -----
    Units follow fio's source [2]_ [3]_: ``bw`` is KiB/s in every version and ``bw_bytes`` (fio 3.2 on) bytes a
    second; latencies are microseconds in fio 2.x (``lat``, ``clat``) and nanoseconds from fio 3.0 (``lat_ns``,
    ``clat_ns``); ``runtime`` is milliseconds; ``io_kbytes`` is KiB and, before fio 2.21, ``io_bytes`` was KiB too.
    A job's options are its ``job options`` over the run's ``global options``, with fio's defaults
    (:data:`FIO_DEFAULTS`) for the options neither sets when fio printed options at all.

    With ``group_reporting``, fio sums a group's processes into one entry: ``processes`` is ``numjobs`` divided by
    the entries fio printed for the job, so ``numjobs`` clones reported one by one count 1 each. A group that joins
    differently named jobs is reported under the first job's name with one job's options (fio 3.33 prints the
    last job's), so ``numjobs`` does not count its processes; from fio 3.x the entry's ``job_runtime`` sums its
    processes' run times, and when that over the entry's run time (rounded) is more than ``numjobs`` gives,
    ``processes`` is that count. A client/server run's ``All clients`` entry (the sum over clients) is left out.

    A job with ``bssplit`` or ``bsrange`` has no one block size: ``bs_kib`` is the mean I/O size of the
    direction, the bytes it moved over its I/Os (``io_kbytes`` over ``total_ios``). A ``bs`` of several values
    (``bs=4k,64k``) gives each direction its own: reads of the first, writes of the second [1]_; a ``mixed`` row,
    which sums the directions, is then the mean too. With ``unified_rw_reporting=both`` a job has read, write and
    ``mixed`` rows, the last holding the I/Os of the other two.

    Examples
    --------
    >>> from storageperf import data
    >>> run = read_fio(data.DATA_DIR / "measurements" / "fio" / "fio-3.33-json-plus-randrw.json")
    >>> run[["job", "direction", "bs_kib", "iodepth", "ioengine"]].values.tolist()
    [['mixed', 'read', 8.0, 1.0, 'psync'], ['mixed', 'write', 8.0, 1.0, 'psync']]

    The reads' mean latency, 52,867 ns in the file's ``lat_ns``:

    >>> round(float(run.loc[0, "lat_mean_ms"]), 4)
    0.0529
    """
    text = _text_of(source)
    data, entries = _fio_json(text)
    version = data.get("fio version")
    global_options = data.get("global options") or {}
    listed = [e for e in entries if isinstance(e, dict) and e.get("jobname") != ALL_CLIENTS]
    same = {}
    for e in listed:
        key = (e.get("jobname"), e.get("groupid"), e.get("hostname"))
        same[key] = same.get(key, 0) + 1
    rows = []
    for entry, e in enumerate(listed):
        printed = "job options" in e or "global options" in data
        given = {**global_options, **(e.get("job options") or {})}
        options = {**(FIO_DEFAULTS if printed else {}), **given}
        kb_base = _number(options.get("kb_base", FIO_DEFAULTS["kb_base"]))
        numjobs = _number(options.get("numjobs"))
        count = same[(e.get("jobname"), e.get("groupid"), e.get("hostname"))]
        processes = max(1.0, numjobs / count) if not math.isnan(numjobs) else math.nan
        direct = _flag(options.get("direct"))
        if options.get("buffered") is not None and _flag(options["buffered"]) is False:
            direct = True
        # the option that sets the block size: one the job gave (bs, its long name, or a mix), else fio's default
        bs_option = next((o for o in (*MIXED_BS_OPTIONS, "bs", "blocksize") if o in given),
                         "bs" if printed else None)
        rw = given.get("rw", given.get("readwrite", options.get("rw")))
        moved = [d for d in (e.get(direction) for direction in DIRECTIONS)
                 if isinstance(d, dict) and (_number(d.get("total_ios")) > 0 or _number(d.get("io_bytes")) > 0)]
        # group_reporting over jobs of other names sums their processes under one job's options: job_runtime
        # (fio 3.x) sums the processes' run times, so over the entry's run time it counts them
        runtime_ms = max((_number(d.get("runtime")) for d in moved), default=math.nan)
        members = _number(e.get("job_runtime")) / runtime_ms if runtime_ms > 0 else math.nan
        if not math.isnan(processes) and math.isfinite(members) and round(members) > processes:
            processes = float(round(members))
        for direction in DIRECTIONS:
            d = e.get(direction)
            if not isinstance(d, dict) or not (_number(d.get("total_ios")) > 0 or _number(d.get("io_bytes")) > 0):
                continue
            lat, lat_unit = _latency(d, "lat")
            clat, clat_unit = _latency(d, "clat")
            if "bw_bytes" in d:
                mibps = _to(d["bw_bytes"], "B/s", "MiB/s")
            else:
                mibps = _to(d.get("bw"), "KiB/s", "MiB/s")
            if "io_kbytes" in d:
                io_kib = _number(d["io_kbytes"])
            else:  # before fio 2.21, io_bytes held KiB [2]
                io_kib = _number(d.get("io_bytes"))
            bs = options.get(bs_option, FIO_DEFAULTS["bs"])
            # a mixed row sums the directions (fio HOWTO, unified_rw_reporting): of bs=4k,64k it has no one size
            split = direction == "mixed" and bs_option in ("bs", "blocksize") and not (
                _size_kib(_bs_of(bs, "read"), kb_base) == _size_kib(_bs_of(bs, "write"), kb_base)
                == _size_kib(_bs_of(bs, "trim"), kb_base))
            if bs_option in MIXED_BS_OPTIONS or split:  # no one size: the mean, bytes over I/Os
                total_ios = _number(d.get("total_ios"))
                bs_kib = io_kib / total_ios if total_ios > 0 else math.nan
            elif bs_option is not None:
                bs_kib = _size_kib(_bs_of(bs, direction), kb_base)
            else:
                bs_kib = math.nan
            row = {
                "entry": entry,
                "job": e.get("jobname"),
                "hostname": e.get("hostname"),
                "direction": direction,
                "rw": rw,
                "iops": _number(d.get("iops")),
                "mibps": mibps,
                "lat_mean_ms": _to(lat.get("mean"), lat_unit, "ms") if lat else math.nan,
                "clat_p50_ms": _percentile_ms(clat, clat_unit, 50) if clat else math.nan,
                "clat_p95_ms": _percentile_ms(clat, clat_unit, 95) if clat else math.nan,
                "clat_p99_ms": _percentile_ms(clat, clat_unit, 99) if clat else math.nan,
                "bs_kib": bs_kib,
                "bs_option": bs_option,
                "iodepth": _number(options.get("iodepth")),
                "numjobs": numjobs,
                "processes": processes,
                "direct": direct,
                "ioengine": options.get("ioengine"),
                "size_kib": (_size_kib(options["size"], kb_base) if "size" in options
                             else _size_kib(options["filesize"], kb_base) if "filesize" in options else math.nan),
                "io_kib": io_kib,
                "runtime_s": _to(d.get("runtime"), "ms", "s"),
                "error": _number(e.get("error")),
                "fio_version": version,
            }
            for column in _MEASURED:
                if row[column] < 0:
                    raise ValueError(f"source holds a negative number, which fio never writes: job "
                                     f"\"{row['job']}\" {direction} {column} is {row[column]:g}")
            rows.append(row)
    if not rows:
        failed = "".join(f"; {_failed(e)} for job \"{e.get('jobname')}\"" for e in listed if _failed(e))
        raise ValueError(f"source holds no job that did I/O: fio's JSON lists {len(listed)} job(s), none with a "
                         f"read, write or trim that completed{failed}")
    return pd.DataFrame(rows, columns=list(COLUMNS))


def _failed(e):
    """What fio said of a job entry it reports as failed (its ``error`` other than 0), or "" for one that ran. The
    number alone: the page's reader (fio.js) gives the same words, and a table of errno's meanings there would be
    numbers typed without a source; Python's ``os.strerror`` gives the meaning of a standard one."""
    error = _number(e.get("error")) if isinstance(e, dict) else math.nan
    return f"fio reported error {error:g}" if not math.isnan(error) and error != 0 else ""


#: The columns of :func:`read_fio`'s table that fio measured, which no run makes negative.
_MEASURED = ("iops", "mibps", "lat_mean_ms", "clat_p50_ms", "clat_p95_ms", "clat_p99_ms", "bs_kib", "io_kib",
             "runtime_s")


def _allowed_in_flight(engine, iodepth, processes, direct, counted):
    """I/Os a job can keep in flight, and why: iodepth per process for an asynchronous engine with direct I/O,
    one per process otherwise (fio HOWTO, ``iodepth``). ``counted``: the processes were counted from the entry's
    ``job_runtime``, not its options."""
    who = f"{processes:g} process(es)" + (" (the group's job_runtime over its runtime: group_reporting summed jobs "
                                          "fio printed one job's options for)" if counted else "")
    if engine in SYNC_ENGINES:
        return processes, f"{who} of the synchronous engine {engine}, one I/O each"
    if engine == "libaio" and direct is not True:
        # buffered libaio completes each I/O as it is submitted, but fio still keeps iodepth of them queued, and the
        # latency it reports runs from its own queue: iodepth bounds what IOPS x latency counts
        return iodepth * processes, (f"{who} of libaio with buffered I/O at iodepth {iodepth:g}: not asynchronous, "
                                     "but fio's latencies include the time an I/O waits in fio's own queue")
    name = (engine if engine in ASYNC_ENGINES else "an engine fio did not report (assumed asynchronous)"
            if engine is None else f"{engine} (assumed asynchronous)")
    return iodepth * processes, f"{who} of {name} at iodepth {iodepth:g}"


def _frame(frame):
    if not isinstance(frame, pd.DataFrame):
        raise checks.InputError(f"frame must be a table read_fio returned, got {type(frame).__name__}")
    missing = [c for c in COLUMNS if c not in frame.columns]
    if missing:
        raise ValueError(f"frame must be a table read_fio returned; it lacks the columns {', '.join(missing)}")
    if frame.empty:
        raise ValueError("frame must be a table read_fio returned, with at least one row; got an empty table")
    return frame


def check_run(frame, io_kib=None, read_share=None, ceiling_mibps=None, memory_gib=None, latency_ms=None):
    """Check a fio run (:func:`read_fio`'s table) for what would make it measure something else.

    Parameters
    ----------
    frame : pandas.DataFrame
        A table :func:`read_fio` returned.
    io_kib : float, optional
        The workload's I/O size; checks each direction's block size. [KiB]
    read_share : float, optional
        The workload's share of reads, by bytes, 0 to 1; checks each job's mix. [-]
    ceiling_mibps : float, optional
        The throughput ceiling of the option the run is meant to measure. [MiB/s]
    memory_gib : float, optional
        Memory of the machine fio ran on; buffered I/O on files that fit in it reads the page cache. [GiB]
    latency_ms : float, optional
        The latency the workload tolerates, a mean as the studio's are; checks each direction's. [ms]

    Returns
    -------
    pandas.DataFrame
        One row per finding, columns :data:`CHECK_COLUMNS`: ``entry`` and ``job`` (as in ``frame``),
        ``direction`` (the row's, or ``all`` for a check over a job's directions), ``check``, ``ok`` (bool) and
        ``detail`` (one sentence with the numbers). The checks:

        - ``fio_error`` (per job, when fio reports the job failed: its ``error`` is not 0): always fails, saying
          fio's error number; the job's other checks are left out, since its numbers measured the failure.
        - ``runtime`` (per job, when a direction's run time is 0): always fails: the job measured nothing (IOPS and
          MiB/s are counted over the run time), and its other checks are left out.
        - ``littles_law`` (per job, always): I/Os in flight, the sum over directions of IOPS x mean latency [4]_
          (the mixed row alone when the job also has read or write rows: ``unified_rw_reporting=both``), against
          what the engine allows (iodepth x processes for an asynchronous engine, and for libaio with buffered
          I/O, whose latencies include fio's own queue; one per process for a synchronous engine). Fails above
          :data:`LITTLES_LAW_TOLERANCE` over it (the job ran more I/O in flight than its options say: other jobs,
          a wrong count) or below :data:`QUEUE_FULL_SHARE` of it (the queue was not kept full). Left out when a
          row's IOPS or latency, or the job's options, are not in the output.
        - ``page_cache`` (per direction, when ``memory_gib`` or ``ceiling_mibps`` is given, or the I/O is
          buffered): fails for buffered I/O (``direct`` False) whose files (size x processes) fit in
          ``memory_gib``, or that ran without ``memory_gib`` to tell (it may have read the page cache), or a result
          more than :data:`CEILING_TOLERANCE` above ``ceiling_mibps``.
        - ``latency`` (per direction, when ``latency_ms`` is given): fails when the mean latency is above the bound;
          the 99th percentile of completion latency is said beside it.
        - ``block_size`` (per direction, when ``io_kib`` is given): fails when the block size (the mean I/O size
          for a job of mixed sizes) differs from ``io_kib`` by more than a factor :data:`BLOCK_SIZE_FACTOR`.
        - ``read_share`` (per job, when ``read_share`` is given and the job has read, write or trim rows, not
          only a mixed one): fails when the job's read share of bytes differs from ``read_share`` by more than
          :data:`READ_SHARE_TOLERANCE`.

    Examples
    --------
    >>> from storageperf import data
    >>> run = read_fio(data.DATA_DIR / "measurements" / "fio" / "fio-3.33-json-randread.json")
    >>> found = check_run(run, io_kib=64, read_share=1)
    >>> found[["check", "ok"]].values.tolist()
    [['littles_law', True], ['read_share', True], ['block_size', False]]
    """
    frame = _frame(frame)
    io = None if io_kib is None else checks.positive("io_kib", io_kib, "KiB", one=True)
    share = None if read_share is None else checks.fraction("read_share", read_share, one=True)
    ceiling = None if ceiling_mibps is None else checks.positive("ceiling_mibps", ceiling_mibps, "MiB/s", one=True)
    memory = None if memory_gib is None else checks.positive("memory_gib", memory_gib, "GiB", one=True)
    bound = None if latency_ms is None else checks.positive("latency_ms", latency_ms, "ms", one=True)
    found = []

    def add(row, direction, check, ok, detail):
        found.append({"entry": int(row["entry"]), "job": row["job"], "direction": direction, "check": check,
                      "ok": bool(ok), "detail": detail})

    for _, job in frame.groupby("entry", sort=True):
        first = job.iloc[0]
        failed = _failed({"error": first["error"]})
        if failed:  # fio's numbers of a failed job are not a measurement: no other check reads them
            add(first, "all", "fio_error", False,
                f"{failed} for this job: it failed, so its numbers measured the failure, not the storage; the other "
                f"checks are left out.")
            continue
        idle = [str(d) for d, s in zip(job["direction"], job["runtime_s"]) if float(s) == 0]
        if idle:  # IOPS and MiB/s are counted over the run time: over none, they count nothing
            add(first, "all", "runtime", False,
                f"fio reports a run time of 0 ms for {', '.join(idle)}: the job measured nothing, so the other checks "
                f"are left out; run it for longer (--runtime with --time_based).")
            continue
        mixed = job["direction"] == "mixed"
        # unified_rw_reporting=both: the mixed row holds the I/Os of the read and write rows; count them once
        once = mixed.any() and not mixed.all()
        counted = job[mixed] if once else job
        # NaN when a row's IOPS or latency is missing: the check is then left out, not counted as no I/O in flight
        in_flight = float((counted["iops"] * counted["lat_mean_ms"] / units.MS_PER_S).sum(skipna=False))
        iodepth, processes = float(first["iodepth"]), float(first["processes"])
        if not (math.isnan(in_flight) or math.isnan(iodepth) or math.isnan(processes)):
            allowed, why = _allowed_in_flight(first["ioengine"], iodepth, processes, _flag(first["direct"]),
                                              processes > float(first["numjobs"]))
            high, low = allowed * (1 + LITTLES_LAW_TOLERANCE), allowed * QUEUE_FULL_SHARE
            if in_flight > high:
                verdict = (f"more than {high:g} ({allowed:g} + {LITTLES_LAW_TOLERANCE:.0%}): the run had more I/O "
                           f"in flight than this job's options allow")
            elif in_flight < low:
                verdict = (f"less than {low:g} ({QUEUE_FULL_SHARE:.0%} of {allowed:g}): the queue was not kept "
                           f"full, so the client, not the storage, set the pace")
            else:
                verdict = f"within {low:g} to {high:g} of the {allowed:g} allowed"
            of = (" of the mixed row (unified_rw_reporting=both: the read and write rows count the same I/Os again)"
                  if once else "")
            add(first, "all", "littles_law", low <= in_flight <= high,
                f"IOPS x mean latency{of} gives {in_flight:.3g} I/Os in flight for {why}, {verdict}.")
        if share is not None:  # from the read, write and trim rows: the mixed row does not tell reads apart
            moved = float(job.loc[~mixed, "io_kib"].sum())
            reads = float(job.loc[job["direction"] == "read", "io_kib"].sum())
            if moved > 0:
                measured = reads / moved
                ok = abs(measured - share) <= READ_SHARE_TOLERANCE
                add(first, "all", "read_share", ok,
                    f"The job read {measured:.0%} of the bytes it moved against the workload's {share:.0%}"
                    + (f", within {READ_SHARE_TOLERANCE:.0%}." if ok
                       else f", more than {READ_SHARE_TOLERANCE:.0%} off."))
        for _, row in job.iterrows():
            direction = row["direction"]
            direct = _flag(row["direct"])
            if memory is not None or ceiling is not None or direct is False:
                reasons, facts = [], []
                size_kib, processes = float(row["size_kib"]), float(row["processes"])
                if memory is not None and direct is False:
                    files_kib = size_kib * processes
                    if not math.isnan(files_kib):
                        memory_kib = units.convert(memory, "GiB", "KiB")
                        fits = files_kib <= memory_kib
                        facts.append(f"buffered I/O on {units.convert(files_kib, 'KiB', 'MiB'):.4g} MiB of files "
                                     f"{'fits' if fits else 'does not fit'} in {memory:g} GiB of memory")
                        if fits:
                            reasons.append("memory")
                if memory is None and direct is False:
                    facts.append("buffered I/O (direct=0) may have read and written the page cache, and no memory "
                                 "was given to tell")
                    reasons.append("unknown")
                if memory is not None and direct is True:
                    facts.append("direct I/O bypasses the page cache")
                if ceiling is not None:
                    over = row["mibps"] > ceiling * (1 + CEILING_TOLERANCE)
                    facts.append(f"{row['mibps']:.4g} MiB/s is {'above' if over else 'within'} the ceiling of "
                                 f"{ceiling:g} MiB/s (+{CEILING_TOLERANCE:.0%})")
                    if over:
                        reasons.append("ceiling")
                if facts:
                    sentence = "; ".join(facts)
                    end = (": the run probably measured the page cache, not the storage." if "memory" in reasons
                           else ": the run probably did not measure this option's storage." if "ceiling" in reasons
                           else ": give the machine's memory to check, or run it again with --direct=1." if reasons
                           else ".")
                    add(row, direction, "page_cache", not reasons, sentence[0].upper() + sentence[1:] + end)
            if bound is not None and not math.isnan(float(row["lat_mean_ms"])):
                mean, p99 = float(row["lat_mean_ms"]), float(row["clat_p99_ms"])
                ok = mean <= bound
                tail = ("" if math.isnan(p99) else f"; its 99th percentile of completion latency, {p99:.3g} ms, is "
                        + ("above it: one I/O in a hundred took longer" if p99 > bound else "within it"))
                add(row, direction, "latency", ok,
                    f"Mean latency {mean:.3g} ms against the workload's bound of {bound:g} ms: "
                    + ("within it" if ok else "above it, so at this load the option does not meet the bound") + tail
                    + ".")
            if io is not None and not math.isnan(float(row["bs_kib"])):
                ratio = float(row["bs_kib"]) / io
                ok = 1 / BLOCK_SIZE_FACTOR <= ratio <= BLOCK_SIZE_FACTOR
                size = (f"Mean I/O size {row['bs_kib']:g} KiB (bytes over I/Os, as the job set {row['bs_option']})"
                        if row["bs_option"] in MIXED_BS_OPTIONS else f"Block size {row['bs_kib']:g} KiB")
                add(row, direction, "block_size", ok,
                    f"{size} against the workload's {io:g} KiB, a factor {ratio:.3g}"
                    + (f", within {BLOCK_SIZE_FACTOR:g}." if ok else f", beyond {BLOCK_SIZE_FACTOR:g}."))
    return pd.DataFrame(found, columns=list(CHECK_COLUMNS))
