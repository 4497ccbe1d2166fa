"""Every public function of ``storageperf`` answers, or refuses by name, each of its parameters spoiled in turn.

The good call of a function is the first call to it in its own doctests whose arguments are literals; a function
whose doctests have none has its good call in :data:`GOOD`. A new public function without either fails
:func:`test_every_public_function_has_a_good_call`. Each parameter is then spoiled with the values of its kind
(:func:`spoils`: negative, zero, NaN, infinities, huge, text, None, a boolean, a list, a wrong-case or unknown
choice; a list of numbers made negative or NaN), one at a time, and the call must either answer or raise one ``ValueError`` whose one-line message names
the parameter as a word (and, when the parameter's name carries a unit, :data:`UNITS`, says what is allowed in that
unit). Values no reader means (NaN, infinities, text where a number goes, a boolean where a number or a
name goes, None where a value is required, a choice misspelt) must be refused, unless :data:`ANSWERS` says why
the function may answer; an answer must not be NaN where the good call's is not. The ``BAD_INPUT`` tables of the
other test modules stay the readable examples of what the messages say.
"""
import ast
import doctest
import importlib
import inspect
import math
import pkgutil
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import storageperf

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "data" / "measurements" / "fio" / "fio-3.33-json-plus-randrw.json"

#: Parameters that are the calling code's, not a reader's: the checks' own names, limits and units, callables.
CODE = {"name", "low", "high", "unit", "context", "low_open", "allowed", "one", "arr", "keys", "fun", "predict",
        "terms"}

#: The unit a parameter's name carries, as a refusal of a negative value writes what is allowed: (name or its
#: ending, unit). The kernel's read_ahead_kb counts KiB.
UNITS = [("ops_per_s", "ops/s"), ("iops", "IOPS"), ("_mibps", "MiB/s"), ("_mb_per_s", "MB/s"),
         ("read_ahead_kb", "KiB"), ("_kib", "KiB"), ("_gib", "GiB"), ("_tib", "TiB"), ("_ms", "ms"),
         ("_share", "(a fraction)"), ("_ratio", "(a fraction)"), ("_fraction", "(a fraction)")]


def unit_of(name):
    """The unit :data:`UNITS` gives the parameter ``name``, or None."""
    return next((unit for end, unit in UNITS if name == end.lstrip("_") or name.endswith(end)), None)


def _says(message, word):
    """Whether ``message`` has ``word`` as a word of its own (not inside a longer name or in another case)."""
    return re.search(rf"(?<![\w]){re.escape(word)}(?![\w])", message) is not None


def _public():
    for info in pkgutil.walk_packages(storageperf.__path__, "storageperf."):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        module = importlib.import_module(info.name)
        for key, func in vars(module).items():
            # (mutmut's copies of a function, x_<name>__mutmut_<n>, are not the package's: make bench mutates it)
            if (not key.startswith("_") and "__mutmut_" not in key and inspect.isfunction(func)
                    and func.__module__ == info.name):
                yield f"{info.name.removeprefix('storageperf.')}.{key}", func


PUBLIC = dict(_public())


def _w():
    from storageperf import studio
    return studio.workload(10, mibps=500)


def _frame():
    from storageperf import studio
    return studio.options(10, mibps=500)


#: Good calls of the functions whose doctests have none with literal arguments: keyword arguments, or a function
#: that returns them (for arguments that are themselves answers of the model).
GOOD = {
    "checks.number": {"name": "x", "value": 1.0},
    "checks.in_range": {"name": "x", "value": 1.0, "low": 0, "high": 2},
    "checks.positive": {"name": "x", "value": 1.0},
    "checks.choice": {"name": "x", "value": "a", "allowed": ("a", "b")},
    "checks.scalar_or_array": {"arr": 1.0},
    "checks.fraction": {"name": "x", "value": 0.5},
    "checks.boolean": {"name": "x", "value": True},
    "checks.whole_number": {"name": "x", "value": 2, "low": 1},
    "checks.scalar": {"name": "x", "value": 1.0},
    "checks.counts": {"name": "x", "value": 2, "low": 1},
    "checks.mapping": {"name": "x", "value": {"a": 1}, "keys": ("a",)},
    "checks.together": {"a": 1.0, "b": [1.0, 2.0]},
    "concepts.bandwidth.read_around": {"record_kib": 4.0, "read_ahead_kb": 64.0},
    "concepts.bandwidth.first_read_share": {"records_per_window": 16.0, "sampled_share": 0.02},
    "concepts.bounds.host_cache_ops_limit": {"read_ios": 1.0, "read_kib": 8.0, "hit_ratio": 0.5,
                                             "cached": {"iops": 64000.0, "mb_per_s": 512.0},
                                             "uncached": {"iops": 20000.0, "mb_per_s": 400.0}},
    "concepts.compare.table": lambda: {"frame": pd.DataFrame({"id": ["a"], "got": [100.0], "pred": [110.0]}),
                                       "measured": "got", "model": "pred", "document": "doc-1"},
    "concepts.fitting.nelder_mead_positive": {"fun": lambda x: float(np.sum((np.log(x)) ** 2)), "x0": [2.0]},
    "concepts.fitting.log_least_squares": {"predict": lambda p: p[0] * np.array([1.0, 2.0]),
                                           "measured": [2.0, 4.0], "x0": [1.0]},
    "concepts.queueing.mixture_percentile_ms": {"q": 0.95, "base_ms": 1.0, "io_share": 0.5, "io_ms": 2.0,
                                                "wait_ms": 1.0},
    "data.describe": {"name": "documents"},
    "measurements.read_fio": {"source": SAMPLE},
    "measurements.check_run": lambda: {"frame": storageperf.measurements.read_fio(SAMPLE)},
    "platforms.azure_netapp_files.cool_access.cool_access_payback_month": lambda: {
        "by_month": storageperf.platforms.azure_netapp_files.cool_access_cost_by_month(10, 0.8, 0.1, 0.5)},
    "platforms.azure_netapp_files.limits.check_quota_tib": {"quota_tib": 10.0},
    "platforms.azure_netapp_files.sizing.pool_size_tib": {"capacity_tib": 12.2},
    "platforms.azure_netapp_files.sizing.meets_need": {"quota_tib": 10.0, "service_level": "Premium",
                                                        "capacity_tib": 10.0, "throughput_mibps": 500.0},
    "platforms.azure_netapp_files.throughput.cool_access_volume_throughput_mibps": {"quota_tib": 10.0,
                                                                                     "service_level": "Premium"},
    "platforms.azure_vm.host_caching_supported": {"disk": "P30"},
    "platforms.azure_vm.burst_path_limits": {"vm_size": "Standard_E8ds_v6", "disk": "P30", "disk_count": 4},
    "sources.cassandra_disk_caching.chunk_disk_reads": {"read_ahead_kb": 64.0},
    "sources.cassandra_disk_caching.light_load_latency_ms": {"caching": "ReadOnly"},
    "sources.cassandra_disk_caching.crossover_read_ahead": lambda: {
        "table": storageperf.sources.cassandra_disk_caching.comparison("ops_per_s"), "client_threads": 128.0},
    "sources.cool_access.latency_ms": {"throughput_mibps": 500.0, "outstanding": 16.0, "block_size_kib": 256.0},
    "sources.cvo_google_cloud.published_limit": {"machine_type": "n1-standard-8", "read_share": 0.5,
                                                 "block_size_kib": 8.0, "disk_reads_per_read": 1.0,
                                                 "disk_writes_per_write": 2.0},
    "sources.cvo_google_cloud.result_latency_ms": lambda: {
        "result": storageperf.sources.cvo_google_cloud.measured("n1-standard-8", "oltp")},
    "sources.large_volumes.stream_bounds": {"vm_size": "Standard_D32_v5", "nconnect": 8, "latency_ms": 0.5,
                                            "read_ahead_kib": 128.0},
    "studio.measured_cap": lambda: {"w": _w(), "volume_type": "regular"},
    "studio.eda_bound_ms": lambda: {"w": {**_w(), "load": "eda"}, "volume_type": "regular"},
    "studio.client_limit_mibps": lambda: {"w": storageperf.studio.workload(10, mibps=500, clients=2)},
    "studio.certainty": {"status": "generally available"},
    "studio.latency_tier": {"basis": "measured"},
    "studio.rank": lambda: {"frame": _frame()},
    "studio.verdict": lambda: {"frame": _frame()},
    "studio.frontier": lambda: {"frame": _frame()},
}

#: Functions that refuse every call today, with why: their spoiled calls must still raise only ValueError.
NO_ANSWER = {"platforms.azure_netapp_files.pricing.reserved_price":
             "the price tables hold no reservation price: the Azure Retail Prices answer they were read from lists none"}

#: Spoiled values a function may answer rather than refuse, each with why: ``(function, parameter, kind)``.
ANSWERS = {
    ("concepts.compare.relative_error", "model", "nan"): "NaN is where the model gives none: its error is NaN",
    ("concepts.queueing.measured_ops_at_latency", "latency_ms", "huge"):
        "NaN: a bound above every latency measured is outside the curve, which says nothing there",
    ("platforms.azure_netapp_files.throughput.read_share_needed", "throughput_mibps", "huge"):
        "NaN: no share of reads reaches a throughput above every measured one, as documented",
    ("concepts.queueing.closed_loop_ops", "ceilings", "empty"): "no ceiling but the clients' is a closed loop too",
    **{("concepts.compare.table", "document", kind): "a document id is any text" for kind in ("case", "unknown")},
    **{(f"studio.{f}", "region", "case"): "a region is found by its Azure or billing name typed in any case"
       for f in ("workload", "options", "region_named")},
    **{(f"sources.cvo_google_cloud.{f}", "disk_writes_per_write", "number"):
       "disk_writes_per_write is a reading's name or the number of disk writes a write costs"
       for f in ("current_write_path", "comparison", "right_sized")},
}


def _harvested(func, refused=False):
    """The calls to ``func`` in its doctests whose arguments are all literals, bound to its parameters (only those
    the doctest shows refused, with ``refused``)."""
    signature = inspect.signature(func)
    for test in doctest.DocTestFinder().find(func):
        for example in test.examples:
            if (example.exc_msg is not None) != refused:   # a call the doctest shows refused, or answered
                continue
            try:
                tree = ast.parse(example.source)
            except SyntaxError:
                continue
            for node in ast.walk(tree):
                called = getattr(node, "func", None)
                if isinstance(node, ast.Call) and getattr(called, "id", getattr(called, "attr", None)) == func.__name__:
                    try:
                        args = [ast.literal_eval(a) for a in node.args]
                        kwargs = {k.arg: ast.literal_eval(k.value) for k in node.keywords}
                    except (ValueError, TypeError, SyntaxError):
                        continue
                    yield dict(signature.bind(*args, **kwargs).arguments)


def good_call(key):
    """The keyword arguments of ``PUBLIC[key]``'s good call, or None if it has none."""
    if key in GOOD:
        return GOOD[key]() if callable(GOOD[key]) else dict(GOOD[key])
    if key in NO_ANSWER:   # its doctest shows the refusal: its arguments are the good ones
        return next(_harvested(PUBLIC[key], refused=True))
    func = PUBLIC[key]
    required = [p for p in inspect.signature(func).parameters.values()
                if p.default is p.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    return {} if not required else next(_harvested(func), None)


def spoils(good):
    """``(kind, value, must_refuse)`` for a parameter whose good value is ``good``."""
    if isinstance(good, (bool, np.bool_)):
        return [("text", "yes", True), ("none", None, True), ("number", 1, True), ("list", [good], True)]
    if isinstance(good, (int, float, np.integer, np.floating)):
        return [("negative", -3, False), ("zero", 0, False), ("nan", math.nan, True), ("inf", math.inf, True),
                ("-inf", -math.inf, True), ("huge", 1e300, False), ("text", "ten", True), ("none", None, True),
                ("bool", True, True), ("list", [good, good], False)]
    if isinstance(good, str):
        cased = {v for v in (good.upper(), good.lower(), good.swapcase()) if v != good}
        return ([("case", v, True) for v in sorted(cased)]
                + [("unknown", "nope", True), ("none", None, True), ("number", 3, True), ("bool", True, True)])
    if good is None:   # an optional parameter left out: what a reader may mistype into it
        return [("text", "nope", True), ("nan", math.nan, True), ("bool", True, True), ("list", [1, 2], False)]
    if (isinstance(good, (list, tuple)) and good
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in good)):   # a list of numbers
        return [("negative", [-3] * len(good), False), ("nan", [math.nan] * len(good), True),
                ("text", "nope", True), ("none", None, True)]
    if isinstance(good, pd.DataFrame):
        return [("none", None, True), ("text", "nope", True), ("empty", good.iloc[0:0], False)]
    if isinstance(good, dict):
        return [("none", None, True), ("text", "nope", True), ("empty", {}, True)]
    return [("none", None, True), ("text", "nope", True)]


def _nan(answer):
    return isinstance(answer, float) and math.isnan(answer)


def spoiled_calls(key):
    """Each parameter of ``PUBLIC[key]`` spoiled in turn: ``(parameter, kind, value, must_refuse)``, where
    ``must_refuse`` is None for a spoil :data:`ANSWERS` lets the function answer as it likes."""
    func, good = PUBLIC[key], good_call(key)
    for name, param in inspect.signature(func).parameters.items():
        if name in CODE or param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            continue
        value = good.get(name, param.default)
        for kind, bad, must_refuse in spoils(value):
            if bad is None and (value is None or param.default is None):   # None is the default: no spoil
                continue
            yield name, kind, bad, None if (key, name, kind) in ANSWERS else must_refuse


def test_every_public_function_has_a_good_call():
    # a new public function gets the spoiling test when it has a doctest with literal arguments or a GOOD entry
    missing = [key for key in PUBLIC if good_call(key) is None]
    assert not missing, f"add a doctest with literal arguments, or a GOOD entry, for: {missing}"
    assert len(PUBLIC) > 200   # the walk found the package's functions
    assert not set(GOOD) - set(PUBLIC), set(GOOD) - set(PUBLIC)


@pytest.mark.parametrize("key", sorted(PUBLIC))
def test_each_spoiled_parameter_is_answered_or_refused_by_name(key):
    func, good = PUBLIC[key], good_call(key)
    assert good is not None
    if key in NO_ANSWER:
        with pytest.raises(ValueError):
            func(**good)
        for name, _, bad, _ in spoiled_calls(key):
            with pytest.raises(ValueError):
                func(**{**good, name: bad})
        return
    expected = func(**good)
    wrong = []
    for name, kind, bad, must_refuse in spoiled_calls(key):
        try:
            answer = func(**{**good, name: bad})
        except ValueError as err:
            message, named = str(err), good.get("name", name) if key.startswith("checks.") else name
            if not _says(message, named) or "\n" in message:   # a check names the parameter it is given
                wrong.append(f"{name}={bad!r}: the message does not name {named} on one line: {message!r}")
            unit = None if key.startswith("checks.") else unit_of(name)
            if kind == "negative" and unit and not _says(message, unit):
                wrong.append(f"{name}={bad!r}: the message does not say what is allowed in {unit}: {message!r}")
            continue
        except Exception as err:   # noqa: BLE001 - the point: no other error reaches a reader
            wrong.append(f"{name}={bad!r}: {type(err).__name__}: {str(err)[:160]}")
            continue
        if must_refuse is None:
            continue
        if must_refuse:
            wrong.append(f"{name}={bad!r} ({kind}): answered {str(answer)[:80]!r} instead of refusing")
        elif _nan(answer) and not _nan(expected):
            wrong.append(f"{name}={bad!r} ({kind}): answered NaN")
    assert not wrong, f"{key}:\n" + "\n".join(wrong)
