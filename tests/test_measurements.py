"""storageperf.measurements: fio's JSON read right (every sample, and real fio runs), the checks, bad input, and the
site's reader (book/_static/fio.js) agreeing with read_fio on every sample.

Expected numbers come from fio's own JSON, parsed here with plain ``json``, and the unit conversions fio's source
gives (stat.c: ``bw`` KiB/s, ``bw_bytes`` B/s, ``runtime`` ms; latencies in us in fio 2.x, ns from fio 3.0)."""
import base64
import csv
import errno
import json
import math
import re
import subprocess
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from numpy.testing import assert_allclose

from helpers import tool
from storageperf import data, measurements

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = data.DATA_DIR / "measurements" / "fio"
PROVENANCE = data.DATA_DIR / "measurements" / "fio_samples.csv"
FIO_JS = ROOT / "book" / "_static" / "fio.js"
FILES = [row["file"] for row in csv.DictReader(PROVENANCE.open(encoding="utf-8"))]
US_PER_MS, NS_PER_MS, B_PER_KIB, KIB_PER_MIB, B_PER_MIB, MS_PER_S = 1e3, 1e6, 1024, 1024, 2**20, 1e3  # SI; IEC 80000-13


def _fio_json(text):
    """fio's JSON object in ``text``: fio starts it with a line "{" then its "fio version" line."""
    start = text.index('{\n  "fio version"')
    return json.JSONDecoder().raw_decode(text, start)[0]


def _expected(doc):
    """(job, direction, fio's direction object, its options) for each job and direction with I/O, from fio's JSON."""
    entries = doc.get("client_stats", doc.get("jobs"))
    out = []
    for e in entries:
        if e["jobname"] == "All clients":  # fio's sum over clients, left out by read_fio
            continue
        for direction in ("read", "write", "trim", "mixed"):
            d = e.get(direction)
            if d and (d.get("total_ios", 0) > 0 or d.get("io_bytes", 0) > 0):
                out.append((e["jobname"], direction, d, {**doc.get("global options", {}), **e.get("job options", {})}))
    return out


def _assert_matches_fio(run, doc):
    expected = _expected(doc)
    assert [(j, d) for j, d, _, _ in expected] == list(zip(run["job"], run["direction"]))
    for (_, _, d, options), row in zip(expected, run.itertuples()):
        assert_allclose(row.iops, d["iops"], rtol=1e-12)
        if "bw_bytes" in d:  # fio 3.2 on: bytes a second
            assert_allclose(row.mibps, d["bw_bytes"] / B_PER_MIB, rtol=1e-12)
        else:  # KiB/s
            assert_allclose(row.mibps, d["bw"] / KIB_PER_MIB, rtol=1e-12)
        if "lat_ns" in d:  # fio 3.x: nanoseconds
            lat, clat, per_ms = d["lat_ns"], d["clat_ns"], NS_PER_MS
        else:  # fio 2.x: microseconds
            lat, clat, per_ms = d["lat"], d["clat"], US_PER_MS
        assert_allclose(row.lat_mean_ms, lat["mean"] / per_ms, rtol=1e-12)
        for p, column in (("50.000000", "clat_p50_ms"), ("95.000000", "clat_p95_ms"), ("99.000000", "clat_p99_ms")):
            assert_allclose(getattr(row, column), clat["percentile"][p] / per_ms, rtol=1e-12)
        assert_allclose(row.runtime_s, d["runtime"] / MS_PER_S, rtol=1e-12)
        assert row.fio_version == doc["fio version"]
        if options:
            assert row.rw == options["rw"] and row.ioengine == options["ioengine"]
            assert row.iodepth == float(options.get("iodepth", 1))  # fio's default iodepth is 1 (HOWTO)
        else:  # fio before 2.3 printed no options: none is guessed
            assert row.rw is None and row.ioengine is None and math.isnan(row.iodepth) and math.isnan(row.bs_kib)
        if "io_kbytes" in d:  # fio 2.21 on: io_bytes in bytes, io_kbytes in KiB
            assert row.io_kib == d["io_kbytes"] == d["io_bytes"] // B_PER_KIB
        else:  # before fio 2.21 io_bytes held KiB
            assert row.io_kib == d["io_bytes"]


def test_every_sample_is_in_the_provenance_table():
    on_disk = {p.name for p in SAMPLES.iterdir() if "LICENSE" not in p.name}
    assert on_disk == set(FILES)
    rows = list(csv.DictReader(PROVENANCE.open(encoding="utf-8")))
    for row in rows:  # the version the table states is the one fio wrote in the file
        assert _fio_json((SAMPLES / row["file"]).read_text(encoding="utf-8"))["fio version"] == row["fio_version"]
    assert {r["fio_version"].split(".")[0] for r in rows} == {"fio-2", "fio-3"}


@pytest.mark.parametrize("name", FILES)
def test_every_sample_reads_with_fio_s_numbers_in_the_guide_s_units(name):
    path = SAMPLES / name
    run = measurements.read_fio(path)
    doc = _fio_json(path.read_text(encoding="utf-8"))
    _assert_matches_fio(run, doc)
    assert list(run.columns) == list(measurements.COLUMNS)
    # the same from the text as from the path
    pd.testing.assert_frame_equal(measurements.read_fio(path.read_text(encoding="utf-8")), run)


def test_units_differ_between_fio_2_and_3():
    # fio 2.21 writes "lat" in microseconds, fio 3.33 "lat_ns" in nanoseconds: the same run shape reads in ms.
    old = _fio_json((SAMPLES / "fio-2.21-json-randread.json").read_text(encoding="utf-8"))["jobs"][0]["read"]
    new = _fio_json((SAMPLES / "fio-3.33-json-randread.json").read_text(encoding="utf-8"))["jobs"][0]["read"]
    assert "lat" in old and "lat_ns" not in old and "lat_ns" in new and "lat" not in new
    assert_allclose(measurements.read_fio(SAMPLES / "fio-2.21-json-randread.json")["lat_mean_ms"][0],
                    old["lat"]["mean"] / US_PER_MS, rtol=1e-12)
    assert_allclose(measurements.read_fio(SAMPLES / "fio-3.33-json-randread.json")["lat_mean_ms"][0],
                    new["lat_ns"]["mean"] / NS_PER_MS, rtol=1e-12)
    # fio 3.1 has no bw_bytes: MiB/s from bw in KiB/s
    plot = _fio_json((SAMPLES / "fio-3.1-json-randread-fio-plot.json").read_text(encoding="utf-8"))["jobs"][0]["read"]
    assert "bw_bytes" not in plot
    assert_allclose(measurements.read_fio(SAMPLES / "fio-3.1-json-randread-fio-plot.json")["mibps"][0],
                    plot["bw"] / KIB_PER_MIB, rtol=1e-12)


def test_io_bytes_before_fio_2_21_are_kib():
    # fio 2.2.10 writes io_bytes in KiB: the I/Os it counts times the block size of its command line
    name = "fio-2.2.10-json-randread.json"
    command = next(r["produced_by"] for r in csv.DictReader(PROVENANCE.open(encoding="utf-8")) if r["file"] == name)
    bs_kib = float(re.search(r"--bs=(\d+)k ", command).group(1))  # k is KiB with fio's default kb_base
    d = _fio_json((SAMPLES / name).read_text(encoding="utf-8"))["jobs"][0]["read"]
    run = measurements.read_fio(SAMPLES / name)
    assert "io_kbytes" not in d and run["io_kib"][0] == d["total_ios"] * bs_kib
    assert "littles_law" not in set(measurements.check_run(run)["check"])  # no iodepth printed: not guessed


def test_group_reporting_and_numjobs_count_processes():
    grouped = measurements.read_fio(SAMPLES / "fio-3.33-json-group-reporting.json")
    apart = measurements.read_fio(SAMPLES / "fio-3.33-json-numjobs.json")
    numjobs = float(_fio_json((SAMPLES / "fio-3.33-json-numjobs.json").read_text(encoding="utf-8"))["jobs"][0]
                    ["job options"]["numjobs"])
    assert len(grouped) == 1 and grouped["processes"][0] == numjobs
    assert len(apart) == numjobs and (apart["processes"] == 1).all() and list(apart["entry"]) == list(range(len(apart)))


def test_client_server_run_leaves_out_the_all_clients_sum():
    path = SAMPLES / "fio-3.33-json-client-server.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert "jobs" not in doc and any(e["jobname"] == "All clients" for e in doc["client_stats"])
    run = measurements.read_fio(path)
    assert "All clients" not in set(run["job"])
    assert set(run["hostname"]) == {e["hostname"] for e in doc["client_stats"]}
    # the global section's options reach each job: libaio, direct
    assert set(run["ioengine"]) == {doc["global options"]["ioengine"]}


def test_text_around_the_json_is_skipped():
    text = (SAMPLES / "fio-3.33-normal-json.txt").read_text(encoding="utf-8")
    assert not text.startswith("{") and not text.rstrip().endswith("}")  # fio's header before, summary after
    note = (SAMPLES / "fio-3.33-json-note.txt").read_text(encoding="utf-8")
    assert note.startswith("note:")
    assert len(measurements.read_fio(note)) == 1


def test_of_several_objects_the_last_is_read():
    # fio --status-interval prints the run so far every interval and the whole run last
    first = (SAMPLES / "fio-3.33-json-numjobs.json").read_text(encoding="utf-8")
    last = (SAMPLES / "fio-3.33-json-randread.json").read_text(encoding="utf-8")
    pd.testing.assert_frame_equal(measurements.read_fio(first + last), measurements.read_fio(last))
    with pytest.raises(ValueError, match="source is cut short"):
        measurements.read_fio(first + last[: len(last) // 2])


@pytest.mark.parametrize("value, kb_base, unit", [("4k", 1024, "KiB"), ("4K", 1024, "KiB"), ("4KiB", 1024, "KB"),
                                                  ("4k", 1000, "KB"), ("4KiB", 1000, "KiB"), ("1m", 1024, "MiB")])
def test_sizes_follow_fio_s_kb_base(value, kb_base, unit):
    # fio HOWTO, kb_base: 1024 (the default) reads SI prefixes as powers of 2 and IEC prefixes as powers of 10
    want = {"KiB": 1.0, "KB": 1000 / 1024, "MiB": 1024.0}[unit] * float(value[0])
    assert_allclose(measurements._size_kib(value, kb_base), want, rtol=1e-12)
    assert math.isnan(measurements._size_kib("50%", kb_base))


# --- bad input ------------------------------------------------------------------------------------------------------

_RANDREAD = SAMPLES / "fio-3.33-json-randread.json"
_TEXT = _RANDREAD.read_text(encoding="utf-8")
_NO_IO = json.dumps({**json.loads(_TEXT), "jobs": [{**json.loads(_TEXT)["jobs"][0], "read": {"io_bytes": 0,
                                                                                           "total_ios": 0}}]})


def _edited(job=None, **read):
    """The randread sample with its read numbers (and, in ``job``, its job object's) changed by hand."""
    doc = json.loads(_TEXT)
    doc["jobs"][0]["read"].update(read)
    doc["jobs"][0].update(job or {})
    return json.dumps(doc)


BAD_INPUTS = {  # text -> the words of the message; read_fio and fio.js must both give exactly that message
    "hello, this is not fio\n": 'source is not fio JSON output: it holds no object starting with "fio version"',
    _TEXT[: len(_TEXT) // 2]: "source is cut short: fio's JSON object opened at line 1 is not closed",
    '{"fio version" : "fio-3.33", "jobs" : [ {"jobname" ,, } ] }\n':
        "source is not fio JSON output: the object at line 1 is not valid JSON",
    '{"fio version" : "fio-3.33"}\n': 'source is not fio JSON output: its object has neither "jobs" nor "client_stats"',
    _TEXT + _TEXT[: len(_TEXT) // 2]: "source is cut short: fio's JSON object opened at line",
    _NO_IO: "source holds no job that did I/O: fio's JSON lists 1 job(s), none with a read, write or trim",
    _edited(iops=-5): 'source holds a negative number, which fio never writes: job "randread" read iops is -5',
# a job fio reports as failed before any I/O, as fio 3.33 writes one whose file is a directory (EISDIR)
    json.dumps({**json.loads(_NO_IO), "jobs": [{**json.loads(_NO_IO)["jobs"][0], "error": errno.EISDIR}]}):
        "source holds no job that did I/O: fio's JSON lists 1 job(s), none with a read, write or trim that "
        f'completed; fio reported error {errno.EISDIR} for job "randread"',
    # UTF-16 without its byte-order mark, read as UTF-8
    _TEXT.encode("utf-16-le").decode("utf-8"): "source is not fio JSON output: it holds NUL characters, as UTF-16",
}
_FRAME = measurements.read_fio(_RANDREAD)
# conftest.NUMBER without None, which check_run reads as "not asked for"
_POSITIVE = [(-3, "got -3"), (0, "got 0"), (math.nan, "finite"), (math.inf, "got inf"), ("ten", "must be a number"),
             (True, "must be a number")]
BAD_INPUT = [
    (measurements.read_fio, {"source": _RANDREAD}, "source",
     [(text, words) for text, words in BAD_INPUTS.items()]
     + [("no-such-run.json", "neither a file nor fio output"), (42, "source must be a path")]),
    (measurements.check_run, {"frame": _FRAME, "io_kib": 8}, "io_kib", _POSITIVE),
    (measurements.check_run, {"frame": _FRAME, "ceiling_mibps": 100}, "ceiling_mibps", _POSITIVE),
    (measurements.check_run, {"frame": _FRAME, "memory_gib": 16}, "memory_gib", _POSITIVE),
    (measurements.check_run, {"frame": _FRAME, "read_share": 0.5}, "read_share",
     [(1.5, "between 0 and 1"), (-0.1, "got -0.1"), ("x", "must be a number")]),
    (measurements.check_run, {"frame": _FRAME}, "frame",
     [(_FRAME.drop(columns="iops"), "lacks the columns iops"), (_FRAME.iloc[:0], "empty"), ([1], "read_fio")]),
]


def test_bad_input_is_named(bad_input):
    bad_input.check()


# --- the checks ---------------------------------------------------------------------------------------------------

def _finding(found, check):
    rows = found[found["check"] == check]
    assert len(rows) == 1, found
    return rows.iloc[0]


def test_littles_law_passes_a_full_queue_and_fails_a_wrong_one():
    run = measurements.read_fio(_RANDREAD)
    in_flight = run["iops"][0] * run["lat_mean_ms"][0] / MS_PER_S  # Little's law, L = lambda W
    assert _finding(measurements.check_run(run), "littles_law")["ok"]
    assert f"{in_flight:.3g} I/Os in flight" in _finding(measurements.check_run(run), "littles_law")["detail"]
    # the same numbers claimed at a queue depth the in-flight count exceeds, or far below
    deeper = math.ceil(in_flight / measurements.QUEUE_FULL_SHARE) + 1
    shallower = math.floor(in_flight / (1 + measurements.LITTLES_LAW_TOLERANCE)) - 1
    assert shallower >= 1
    for iodepth, words in ((deeper, "not kept full"), (shallower, "more I/O in flight")):
        found = _finding(measurements.check_run(run.assign(iodepth=float(iodepth))), "littles_law")
        assert not found["ok"] and words in found["detail"]


def test_littles_law_counts_one_io_per_process_for_a_synchronous_engine():
    # fio's note in this sample: psync caps the queue depth at 1, whatever iodepth says
    run = measurements.read_fio(SAMPLES / "fio-3.33-json-note.txt")
    assert run["iodepth"][0] > 1 and run["ioengine"][0] in measurements.SYNC_ENGINES
    assert _finding(measurements.check_run(run), "littles_law")["ok"]
    assert not _finding(measurements.check_run(run.assign(ioengine="libaio")), "littles_law")["ok"]


def test_page_cache_flags_buffered_io_in_memory_and_a_result_above_the_ceiling():
    buffered = measurements.read_fio(SAMPLES / "fio-3.33-json-group-reporting.json")
    files_gib = buffered["size_kib"][0] * buffered["processes"][0] / 2**20  # KiB in a GiB, IEC 80000-13
    assert buffered["direct"][0] == 0
    assert not _finding(measurements.check_run(buffered, memory_gib=files_gib * 2), "page_cache")["ok"]
    assert _finding(measurements.check_run(buffered, memory_gib=files_gib / 2), "page_cache")["ok"]
    direct = measurements.read_fio(_RANDREAD)
    mibps = direct["mibps"][0]
    assert _finding(measurements.check_run(direct, memory_gib=files_gib * 2), "page_cache")["ok"]
    assert _finding(measurements.check_run(direct, ceiling_mibps=mibps * 2), "page_cache")["ok"]
    above = _finding(measurements.check_run(direct, ceiling_mibps=mibps / 2), "page_cache")
    assert not above["ok"] and "above the ceiling" in above["detail"]
    assert "page_cache" not in set(measurements.check_run(direct)["check"])


def test_block_size_and_read_share_against_the_workload():
    run = measurements.read_fio(SAMPLES / "fio-3.33-json-plus-randrw.json")
    job = _fio_json((SAMPLES / "fio-3.33-json-plus-randrw.json").read_text(encoding="utf-8"))["jobs"][0]
    share = job["read"]["io_kbytes"] / (job["read"]["io_kbytes"] + job["write"]["io_kbytes"])
    bs = run["bs_kib"][0]
    found = measurements.check_run(run, io_kib=bs, read_share=share)
    assert found.loc[found["check"].isin(["block_size", "read_share"]), "ok"].all()
    far = measurements.check_run(run, io_kib=bs * measurements.BLOCK_SIZE_FACTOR * 2,
                                 read_share=share - measurements.READ_SHARE_TOLERANCE - 0.1)
    assert not far.loc[far["check"].isin(["block_size", "read_share"]), "ok"].any()
    assert len(far[far["check"] == "block_size"]) == len(run)  # one per direction
    assert list(far["check"]).count("read_share") == 1  # one per job


@pytest.mark.parametrize("name, option", [("fio-3.33-json-bssplit.json", "bssplit"),
                                          ("fio-3.33-json-bsrange.json", "bsrange")])
def test_mixed_block_sizes_read_as_the_mean_io_size(name, option):
    # bssplit and bsrange give each I/O one of several sizes: the size a row reports is fio's bytes over its I/Os
    job = _fio_json((SAMPLES / name).read_text(encoding="utf-8"))["jobs"][0]
    assert option in job["job options"] and "bs" not in job["job options"]
    run = measurements.read_fio(SAMPLES / name)
    for row in run.itertuples():
        d = job[row.direction]
        assert_allclose(row.bs_kib, d["io_bytes"] / d["total_ios"] / B_PER_KIB, rtol=1e-12)
    assert (run["bs_option"] == option).all()
    # checked against the workload's size by that mean, not by fio's default block size
    mean = float(run["bs_kib"].mean())
    for finding in measurements.check_run(run, io_kib=mean).query("check == 'block_size'").itertuples():
        assert finding.ok and f"bytes over I/Os, as the job set {option}" in finding.detail
    default_kib = measurements._size_kib(measurements.FIO_DEFAULTS["bs"], 1024)
    assert mean / default_kib > measurements.BLOCK_SIZE_FACTOR
    assert not measurements.check_run(run, io_kib=default_kib).query("check == 'block_size'")["ok"].any()


def test_a_run_is_checked_against_the_workloads_latency_bound_by_its_mean_with_its_p99_said():
    run = measurements.read_fio(_RANDREAD)
    mean, p99 = float(run["lat_mean_ms"][0]), float(run["clat_p99_ms"][0])
    assert p99 > mean
    for bound, ok in ((mean * 0.9, False), (mean * 1.1, True), ((mean + p99) / 2, True)):
        found = _finding(measurements.check_run(run, latency_ms=bound), "latency")
        assert found["ok"] == ok, (bound, found["detail"])
        assert ("one I/O in a hundred took longer" in found["detail"]) == (p99 > bound)
    # the case of a reader's run: a 2.83 ms mean and 9.37 ms p99 against a 1 ms bound (made-up numbers, the run's
    # other columns kept) is not a run that meets the bound
    slow = run.assign(lat_mean_ms=2.83, clat_p99_ms=9.37)
    found = _finding(measurements.check_run(slow, latency_ms=1.0), "latency")
    assert not found["ok"] and "2.83 ms" in found["detail"] and "9.37 ms" in found["detail"]
    assert "latency" not in set(measurements.check_run(run)["check"])    # no bound, no check
    with pytest.raises(ValueError, match="latency_ms must be greater than 0"):
        measurements.check_run(run, latency_ms=-1)


def test_unified_rw_reporting_both_counts_the_io_in_flight_once():
    # unified_rw_reporting=both: reads, writes and mixed (the two together); Little's law reads the mixed row alone
    name = "fio-3.33-json-unified-both.json"
    job = _fio_json((SAMPLES / name).read_text(encoding="utf-8"))["jobs"][0]
    run = measurements.read_fio(SAMPLES / name)
    assert list(run["direction"]) == ["read", "write", "mixed"]
    mixed = run[run["direction"] == "mixed"].iloc[0]
    in_flight = mixed["iops"] * mixed["lat_mean_ms"] / MS_PER_S  # Little's law, L = lambda W
    found = _finding(measurements.check_run(run), "littles_law")
    assert found["ok"] and f"{in_flight:.3g} I/Os in flight" in found["detail"]
    assert "the mixed row" in found["detail"]
    # the read share from the read and write rows, which unified_rw_reporting=1 does not give
    share = job["read"]["io_kbytes"] / (job["read"]["io_kbytes"] + job["write"]["io_kbytes"])
    assert _finding(measurements.check_run(run, read_share=share), "read_share")["ok"]


def test_group_reporting_over_differently_named_jobs_counts_each_process():
    # fio names the group's entry after its first job and prints its last job's options; job_runtime sums the
    # processes' run times, so over the group's run time it counts them
    name = "fio-3.33-json-group-named.json"
    job = _fio_json((SAMPLES / name).read_text(encoding="utf-8"))["jobs"][0]
    assert job["jobname"] != job["job options"]["name"] and "numjobs" not in job["job options"]
    members = job["job_runtime"] / max(job[d]["runtime"] for d in ("read", "write"))
    run = measurements.read_fio(SAMPLES / name)
    assert (run["processes"] == round(members)).all()
    found = _finding(measurements.check_run(run), "littles_law")
    assert found["ok"] and "job_runtime" in found["detail"]


def test_direct_io_is_true_false_or_unknown():
    for name, want in (("fio-3.33-json-buffered.json", False), (_RANDREAD.name, True),
                       ("fio-2.2.10-json-randread.json", None)):  # fio 2.2.10 printed no options
        (direct,) = measurements.read_fio(SAMPLES / name)["direct"].tolist()
        assert direct is want, (name, direct)
    # buffered writes on a file that fits in memory measured the page cache
    run = measurements.read_fio(SAMPLES / "fio-3.33-json-buffered.json")
    files_gib = run["size_kib"][0] * run["processes"][0] / 2**20  # KiB in a GiB, IEC 80000-13
    found = _finding(measurements.check_run(run, memory_gib=files_gib * 2), "page_cache")
    assert not found["ok"] and "measured the page cache" in found["detail"]


def _bom(text, encoding):
    """``text`` as a file in ``encoding`` with its byte-order mark, as Windows PowerShell's ``>`` writes UTF-16."""
    bom = {"utf-16-le": b"\xff\xfe", "utf-16-be": b"\xfe\xff", "utf-8": b"\xef\xbb\xbf"}[encoding]
    return bom + text.encode(encoding)


BOM_ENCODINGS = ["utf-16-le", "utf-16-be", "utf-8"]


@pytest.mark.parametrize("encoding", BOM_ENCODINGS)
def test_a_file_with_a_byte_order_mark_reads_as_its_text(tmp_path, encoding):
    path = tmp_path / "run.json"
    path.write_bytes(_bom(_TEXT, encoding))
    pd.testing.assert_frame_equal(measurements.read_fio(path), _FRAME)
    pd.testing.assert_frame_equal(measurements.read_fio(path.read_bytes()), _FRAME)
    pd.testing.assert_frame_equal(measurements.read_fio(str(path)), _FRAME)


# --- real fio --------------------------------------------------------------------------------------------------------

FIO_RUNS = {  # name -> (fio arguments after the common ones, whether fio's JSON follows other text)
    "json": (["--name=randread", "--rw=randread", "--bs=4k", "--ioengine=libaio", "--iodepth=4", "--direct=1",
              "--output-format=json"], False),
    "json+": (["--name=mixed", "--rw=randrw", "--rwmixread=70", "--bs=8k", "--ioengine=psync", "--direct=1",
               "--output-format=json+"], False),
    "group_reporting": (["--name=writers", "--rw=randwrite", "--bs=4k", "--ioengine=psync", "--numjobs=2",
                         "--group_reporting", "--output-format=json"], False),
    "several jobs": (["--ioengine=psync", "--output-format=json", "--name=reader", "--rw=randread", "--bs=4k",
                      "--name=writer", "--rw=randwrite", "--bs=16k", "--numjobs=2"], False),
    "trim, unified": (["--output-format=json", "--name=trims", "--rw=randtrim", "--bs=64k", "--ioengine=falloc",
                       "--name=unified", "--rw=randrw", "--bs=4k", "--ioengine=psync", "--unified_rw_reporting=1"],
                      False),
    "normal,json": (["--name=mixed", "--rw=randrw", "--bs=8k", "--ioengine=psync", "--iodepth=4", "--direct=1",
                     "--output-format=normal,json"], True),
    "bssplit, both": (["--name=split", "--rw=randrw", "--bssplit=4k/50:64k/50", "--ioengine=psync",
                       "--unified_rw_reporting=both", "--output-format=json"], False),
    "group over names": (["--ioengine=psync", "--group_reporting", "--output-format=json", "--name=reader",
                          "--rw=randread", "--name=writer", "--rw=randwrite"], False),
    "buffered libaio": (["--name=queued", "--rw=randread", "--bs=4k", "--ioengine=libaio", "--iodepth=4",
                         "--direct=0", "--output-format=json"], False),
    "bs per direction, both": (["--name=bydirection", "--rw=randrw", "--rwmixread=70", "--bs=4k,64k",
                                "--ioengine=psync", "--unified_rw_reporting=both", "--output-format=json"], False),
}


FIO_FAILURES = {  # name -> (fio arguments after the common ones, the errno fio reports for the job)
    # writes to /dev/full fail with ENOSPC (Linux's full(4)): one I/O issued, none completed, in no time
    "ENOSPC": (["--name=full", "--directory=/dev", "--filename=full", "--rw=write", "--output-format=json"],
               errno.ENOSPC),
    # a directory as the job's file: fio fails before any I/O
    "EISDIR": (["--name=folder", "--filename=.", "--rw=read", "--output-format=json"], errno.EISDIR),
}


@pytest.fixture(scope="module")
def fio_runs(tmp_path_factory):
    """Each of FIO_RUNS and FIO_FAILURES run once, all at the same time, for a second on a 4 MiB file: name -> fio's
    output (fio exits with 1 for a failed job, 0 otherwise)."""
    fio = tool("fio")
    procs = {}
    for i, (name, (args, _)) in enumerate({**FIO_RUNS, **FIO_FAILURES}.items()):
        folder = tmp_path_factory.mktemp(f"fio{i}")
        procs[name] = subprocess.Popen([fio, f"--directory={folder}", "--size=4M", "--runtime=1", "--time_based",
                                        *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    out = {}
    for name, proc in procs.items():
        text, _ = proc.communicate(timeout=60)
        assert (proc.returncode != 0) == (name in FIO_FAILURES), text[-2000:]
        out[name] = text
    return out


@pytest.mark.parametrize("name", list(FIO_RUNS))
def test_read_fio_agrees_with_real_fio(fio_runs, name):
    text = fio_runs[name]
    doc = _fio_json(text)
    assert text.startswith("{") != FIO_RUNS[name][1]
    run = measurements.read_fio(text)
    _assert_matches_fio(run, doc)
    if name == "json+":
        assert "bins" in doc["jobs"][0]["read"]["clat_ns"]
    if name == "several jobs":  # two job sections, the second with two processes reported one by one
        assert list(run["job"]) == ["reader", "writer", "writer"] and (run["processes"] == 1).all()
    if name == "trim, unified":
        assert list(run["direction"]) == ["trim", "mixed"]
    if name == "group_reporting":
        assert len(run) == 1 and run["processes"][0] == float(doc["jobs"][0]["job options"]["numjobs"])
    if name == "bssplit, both":  # the mean I/O size of each direction; Little's law on the mixed row alone
        assert list(run["direction"]) == ["read", "write", "mixed"] and (run["bs_option"] == "bssplit").all()
        for row in run.itertuples():
            d = doc["jobs"][0][row.direction]
            assert_allclose(row.bs_kib, d["io_bytes"] / d["total_ios"] / B_PER_KIB, rtol=1e-12)
        assert "the mixed row" in _finding(measurements.check_run(run), "littles_law")["detail"]
    if name == "buffered libaio":  # not asynchronous, but fio keeps iodepth queued and times I/Os from its queue
        law = _finding(measurements.check_run(run), "littles_law")
        assert law["ok"] and "fio's own queue" in law["detail"] and "at iodepth 4" in law["detail"], law["detail"]
        # buffered, and no memory given: the run may have read the page cache, and the check says so
        cache = _finding(measurements.check_run(run), "page_cache")
        assert not cache["ok"] and "no memory was given" in cache["detail"]
    if name == "bs per direction, both":  # reads of the first size, writes of the second (fio HOWTO, bs)
        job = doc["jobs"][0]
        read_kib, write_kib = (float(part.removesuffix("k")) for part in job["job options"]["bs"].split(","))
        sizes = run.set_index("direction")["bs_kib"]
        assert (sizes["read"], sizes["write"]) == (read_kib, write_kib)
        # the mixed row sums both directions (fio HOWTO, unified_rw_reporting): its size is fio's mean, between them
        assert_allclose(sizes["mixed"], job["mixed"]["io_bytes"] / job["mixed"]["total_ios"] / B_PER_KIB, rtol=1e-12)
        assert read_kib < sizes["mixed"] < write_kib
    if name == "group over names":  # one entry, named after the first job, for the jobs of one process each
        jobs = sum(arg.startswith("--name=") for arg in FIO_RUNS[name][0])
        assert list(run["job"]) == ["reader", "reader"] and (run["processes"] == jobs).all()


def test_a_job_real_fio_reports_failed_is_said_to_have_failed_by_both_readers(fio_runs):
    full, folder = fio_runs["ENOSPC"], fio_runs["EISDIR"]
    assert _fio_json(full)["jobs"][0]["error"] == errno.ENOSPC and _fio_json(folder)["jobs"][0]["error"] == errno.EISDIR
    run = measurements.read_fio(full)
    found = measurements.check_run(run)
    assert found[["check", "ok"]].values.tolist() == [["fio_error", False]]
    assert found["detail"][0].startswith(f"fio reported error {errno.ENOSPC} for this job")
    with pytest.raises(ValueError) as err:  # no I/O at all: no row to check, and the message says why
        measurements.read_fio(folder)
    assert str(err.value).endswith(f'fio reported error {errno.EISDIR} for job "folder"')
    got = _node(f"""
import {{ readFio, checkRun }} from {json.dumps(FIO_JS.as_uri())};
const rows = readFio({json.dumps(full)});
let message = null;
try {{ readFio({json.dumps(folder)}); }} catch (e) {{ message = e.message; }}
process.stdout.write(JSON.stringify({{ rows, checks: checkRun(rows), message }}));
""")
    _assert_rows_agree(got["rows"], run)
    assert got["checks"] == _plain(found.to_dict("records"))
    assert got["message"] == str(err.value)


# --- the site's reader -------------------------------------------------------------------------------------------

CHECK_OPTIONS = [{}, {"io_kib": 8, "read_share": 0.7, "ceiling_mibps": 500, "memory_gib": 16, "latency_ms": 0.05},
                 {"io_kib": 64, "read_share": 0.125, "memory_gib": 0.001}]
BAD_OPTIONS = [{"io_kib": -3}, {"read_share": 1.5}, {"memory_gib": 0}, {"ceiling_mibps": -2.5}, {"latency_ms": 0}]


def _trimmed():
    """The randread sample without the fields a hand-edited file may lose: IOPS, bandwidth, latency, options."""
    doc = json.loads(_TEXT)
    job = doc["jobs"][0]
    for key in ("iops", "bw_bytes", "bw", "lat_ns", "runtime"):
        job["read"].pop(key)
    job["read"]["clat_ns"]["percentile"] = None
    job["job options"] = {"bs": "8k,,", "size": "50%", "kb_base": "1000"}
    return json.dumps(doc)


def _by_direction(bs="4k,64k"):
    """The randrw sample with a block size for each direction, reads then writes (fio HOWTO, bs: "read,write,trim")."""
    doc = json.loads((SAMPLES / "fio-3.33-json-plus-randrw.json").read_text(encoding="utf-8"))
    doc["jobs"][0]["job options"]["bs"] = bs
    return json.dumps(doc)


def _small_unified():
    """The unified_rw_reporting sample as a run of 512-byte I/Os: fio's io_kbytes counts whole KiB, so over an odd
    number of I/Os its mean is not the size; the row's size is bs, one for every direction."""
    doc = json.loads((SAMPLES / "fio-3.33-json-unified.json").read_text(encoding="utf-8"))
    job = doc["jobs"][0]
    job["job options"]["bs"] = "512"
    ios = job["mixed"]["total_ios"]
    assert ios % 2 == 1
    job["mixed"].update(io_bytes=ios * 512, io_kbytes=ios * 512 // B_PER_KIB)
    return json.dumps(doc)


# a job fio reports as failed (EIO: fio's JSON gives a job's errno as its "error"), and jobs that ran for 0 ms, with
# the IOPS kept and with fio's own IOPS over no time, 0
FAILED, IDLE, IDLE_NO_IOPS = _edited({"error": errno.EIO}), _edited(runtime=0), _edited(runtime=0, iops=0)
EDGE_TEXTS = [_trimmed(), _TEXT.replace("\n", "\r\n"), "fio: a warning\n" + _TEXT + "\nrun status\n",
              _by_direction(), FAILED, IDLE, IDLE_NO_IOPS, _by_direction(",64k"), _by_direction("4KiB,64KiB"),
              _small_unified()]


def _node(script):
    node = tool("node")
    # the script on stdin: as one argument it would outgrow the kernel's limit on an argument's length
    run = subprocess.run([node, "--input-type=module"], input=script, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout)


def _plain(records):
    """Records with NaN as None and numpy scalars as Python's, as JSON carries them."""
    out = []
    for rec in records:
        row = {}
        for k, v in rec.items():
            v = v.item() if isinstance(v, np.generic) else v
            row[k] = None if isinstance(v, float) and math.isnan(v) else v
        out.append(row)
    return out


@pytest.fixture(scope="module")
def js():
    script = f"""
import {{ readFio, checkRun }} from {json.dumps(FIO_JS.as_uri())};
import {{ readFileSync }} from "node:fs";
const files = {json.dumps([str(SAMPLES / f) for f in FILES])};
const options = {json.dumps(CHECK_OPTIONS)};
const bad = {json.dumps(list(BAD_INPUTS))};
const badOptions = {json.dumps(BAD_OPTIONS)};
const edges = {json.dumps(EDGE_TEXTS)};
const boms = {json.dumps({e: base64.b64encode(_bom(_TEXT, e)).decode() for e in BOM_ENCODINGS})};
const out = {{ samples: {{}}, bad: [], badOptions: [], edges: edges.map((t) => readFio(t)), boms: {{}} }};
out.edgeChecks = out.edges.map((rows) => options.map((o) => checkRun(rows, o)));
for (const [encoding, b64] of Object.entries(boms)) {{
  try {{ out.boms[encoding] = readFio(new Uint8Array(Buffer.from(b64, "base64"))); }}
  catch (e) {{ out.boms[encoding] = e.message; }}
}}
const sample = readFio(readFileSync(files[0], "utf8"));
for (const o of badOptions) {{
  try {{ checkRun(sample, o); out.badOptions.push(null); }} catch (e) {{ out.badOptions.push(e.message); }}
}}
for (const f of files) {{
  const rows = readFio(readFileSync(f, "utf8"));
  out.samples[f] = {{ rows, checks: options.map((o) => checkRun(rows, o)) }};
}}
for (const text of bad) {{
  try {{ readFio(text); out.bad.push(null); }} catch (e) {{ out.bad.push(e.message); }}
}}
process.stdout.write(JSON.stringify(out));
"""
    return _node(script)


@pytest.mark.parametrize("name", FILES)
def test_the_site_s_reader_agrees_with_read_fio(js, name):
    run = measurements.read_fio(SAMPLES / name)
    got = js["samples"][str(SAMPLES / name)]
    _assert_rows_agree(got["rows"], run)
    for opts, checks in zip(CHECK_OPTIONS, got["checks"]):
        assert checks == _plain(measurements.check_run(run, **opts).to_dict("records"))


def test_a_block_size_for_each_direction_is_read_for_each_direction_by_both_readers(js):
    # bs=4k,64k: reads of 4 KiB and writes of 64 KiB (fio HOWTO, bs: comma-separated values for reads, writes, trims;
    # k is KiB with the default kb_base); fio's bytes over its I/Os in each direction say the same
    name = "fio-3.33-json-bs-per-direction.json"
    job = _fio_json((SAMPLES / name).read_text(encoding="utf-8"))["jobs"][0]
    parts = [float(part.removesuffix("k")) for part in job["job options"]["bs"].split(",")]
    sizes = dict(zip(("read", "write"), parts))
    assert len(parts) == 2 and sizes["read"] != sizes["write"]
    assert sizes == {d: job[d]["io_bytes"] / job[d]["total_ios"] / B_PER_KIB for d in ("read", "write")}
    run = measurements.read_fio(SAMPLES / name)
    page = js["samples"][str(SAMPLES / name)]
    assert dict(zip(run["direction"], run["bs_kib"])) == sizes  # Python
    assert {row["direction"]: row["bs_kib"] for row in page["rows"]} == sizes  # fio.js
    # the block-size findings go by each direction's size, in both readers: a workload's size within a factor of
    # BLOCK_SIZE_FACTOR of one direction and not of the other
    split = 0
    for opts, checks in zip(CHECK_OPTIONS, page["checks"]):
        if "io_kib" not in opts:
            continue
        want = {d: 1 / measurements.BLOCK_SIZE_FACTOR <= kib / opts["io_kib"] <= measurements.BLOCK_SIZE_FACTOR
                for d, kib in sizes.items()}
        found = measurements.check_run(run, **opts).query("check == 'block_size'")
        assert dict(zip(found["direction"], found["ok"])) == want, opts
        assert {c["direction"]: c["ok"] for c in checks if c["check"] == "block_size"} == want, opts
        split += set(want.values()) == {True, False}
    assert split >= 1


def test_the_site_s_reader_agrees_with_read_fio_on_real_fio_runs(fio_runs):
    # the rows and the findings of what this machine's fio wrote just now, as on the samples
    got = _node(f"""
import {{ readFio, checkRun }} from {json.dumps(FIO_JS.as_uri())};
const texts = {json.dumps([fio_runs[name] for name in FIO_RUNS])};
const options = {json.dumps(CHECK_OPTIONS)};
process.stdout.write(JSON.stringify(texts.map((t) => {{
  const rows = readFio(t);
  return {{ rows, checks: options.map((o) => checkRun(rows, o)) }};
}})));
""")
    for name, page in zip(FIO_RUNS, got):
        run = measurements.read_fio(fio_runs[name])
        _assert_rows_agree(page["rows"], run)
        for opts, checks in zip(CHECK_OPTIONS, page["checks"]):
            assert checks == _plain(measurements.check_run(run, **opts).to_dict("records")), (name, opts)


def _assert_rows_agree(got, run):
    want = _plain(run.to_dict("records"))
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert list(g) == list(w)
        for key in w:
            if isinstance(w[key], float) and g[key] is not None:
                assert_allclose(g[key], w[key], rtol=1e-9, err_msg=key)
            else:
                assert g[key] == w[key], (key, g[key], w[key])


def test_the_site_s_reader_agrees_on_hand_edited_files(js):
    for text, got in zip(EDGE_TEXTS, js["edges"]):
        _assert_rows_agree(got, measurements.read_fio(text))
    lost = measurements.read_fio(EDGE_TEXTS[0])
    assert lost[["iops", "mibps", "lat_mean_ms", "runtime_s", "clat_p50_ms", "size_kib"]].isna().all(axis=None)
    # "8k,,": 8k for reads; kb_base=1000 reads k as 1000 bytes (fio HOWTO, bs and kb_base)
    assert_allclose(lost["bs_kib"][0], 8 * 1000 / B_PER_KIB, rtol=1e-12)
    # "4k,64k": reads of 4 KiB, writes of 64 KiB, each direction its own part
    split = measurements.read_fio(EDGE_TEXTS[3]).set_index("direction")["bs_kib"]
    assert split.to_dict() == {"read": 4.0, "write": 64.0}
    # ",64k": the reads' part left empty is fio's default, 4096 bytes
    split = measurements.read_fio(EDGE_TEXTS[-3]).set_index("direction")["bs_kib"]
    assert split.to_dict() == {"read": float(measurements.FIO_DEFAULTS["bs"]) / B_PER_KIB, "write": 64.0}
    # "4KiB,64KiB": with the default kb_base (1024) fio reads IEC prefixes as powers of 10 (fio HOWTO, kb_base)
    split = measurements.read_fio(EDGE_TEXTS[-2]).set_index("direction")["bs_kib"]
    assert_allclose(split[["read", "write"]], [4 * 1000 / B_PER_KIB, 64 * 1000 / B_PER_KIB], rtol=1e-12)
    # bs=512 reported as one mixed row: its size is the option's, exactly, not fio's whole KiB over its I/Os
    assert measurements.read_fio(EDGE_TEXTS[-1])["bs_kib"].tolist() == [512 / B_PER_KIB]


def test_the_site_s_reader_finds_what_check_run_finds_on_hand_edited_files(js):
    # the findings, not only the rows: a file that lost its IOPS and latency, a failed job, a job of no run time
    for text, got in zip(EDGE_TEXTS, js["edgeChecks"]):
        run = measurements.read_fio(text)
        for opts, checks in zip(CHECK_OPTIONS, got):
            assert checks == _plain(measurements.check_run(run, **opts).to_dict("records")), (text[:200], opts)


def test_littles_law_is_left_out_when_a_row_s_iops_or_latency_is_missing():
    # as check_run's docstring says and fio.js does: a missing number is not 0 I/Os in flight
    for opts in CHECK_OPTIONS:
        assert "littles_law" not in set(measurements.check_run(measurements.read_fio(EDGE_TEXTS[0]), **opts)["check"])
    run = measurements.read_fio(SAMPLES / "fio-3.33-json-plus-randrw.json")  # reads and writes of one job
    assert "littles_law" in set(measurements.check_run(run)["check"])
    for column in ("iops", "lat_mean_ms"):
        one_lost = run.assign(**{column: [math.nan, *run[column][1:]]})
        assert "littles_law" not in set(measurements.check_run(one_lost)["check"]), column


def test_a_job_fio_reports_failed_is_said_to_have_failed_and_not_checked_as_a_run():
    run = measurements.read_fio(FAILED)
    assert run["error"].tolist() == [errno.EIO]
    assert (measurements.read_fio(_RANDREAD)["error"] == 0).all()  # fio's "error" of a job that ran
    for opts in CHECK_OPTIONS:
        found = measurements.check_run(run, **opts)
        assert found[["check", "ok", "direction"]].values.tolist() == [["fio_error", False, "all"]]
        assert found["detail"][0].startswith(f"fio reported error {errno.EIO} for this job: it failed")


@pytest.mark.parametrize("text", [IDLE, IDLE_NO_IOPS])
def test_a_job_of_no_run_time_measured_nothing(text):
    run = measurements.read_fio(text)
    assert run["runtime_s"].tolist() == [0]
    for opts in CHECK_OPTIONS:
        found = measurements.check_run(run, **opts)
        assert found[["check", "ok"]].values.tolist() == [["runtime", False]]
        assert "0 ms for read: the job measured nothing" in found["detail"][0]
        assert "not kept full" not in found["detail"][0]


def test_the_site_s_reader_refuses_check_options_as_check_run_does(js):
    sample = measurements.read_fio(SAMPLES / FILES[0])
    for opts, message in zip(BAD_OPTIONS, js["badOptions"]):
        with pytest.raises(ValueError) as err:
            measurements.check_run(sample, **opts)
        assert message == str(err.value)


def test_the_site_s_reader_gives_read_fio_s_messages(js):
    for text, message in zip(BAD_INPUTS, js["bad"]):
        with pytest.raises(ValueError) as err:
            measurements.read_fio(text)
        assert message == str(err.value)
        assert BAD_INPUTS[text] in message


def test_the_read_share_tolerance_s_reason_holds():
    # READ_SHARE_TOLERANCE's comment: the 64 KiB sequential curve of a regular volume moves by more than a factor of 2
    # from all writes to all reads
    curve = data.load("azure_netapp_files_mix_curves").query(
        "volume_type == 'regular' and access == 'sequential' and io_kib == 64 and document == 'anf-advanced-calculator'")
    ends = curve.set_index("read_percent")["value"]
    assert ends[ends.index.max()] / ends[ends.index.min()] > 2


def test_the_site_s_reader_reads_a_file_with_a_byte_order_mark_as_read_fio_does(js):
    # the page hands fio.js the file's bytes; UTF-16 (Windows PowerShell's > writes it) reads as the UTF-8 file
    for encoding in BOM_ENCODINGS:
        assert isinstance(js["boms"][encoding], list), js["boms"][encoding]
        _assert_rows_agree(js["boms"][encoding], measurements.read_fio(_bom(_TEXT, encoding)))
