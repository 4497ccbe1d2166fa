import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from numpy.testing import assert_allclose

from storageperf.concepts import queueing


def test_outstanding_io_of_the_job_scale_test():
    # Cool-access document: "16 jobs with a queue depth of no more than 15" -> 240 I/Os in flight
    assert queueing.outstanding_io(16, 15) == 240


def test_littles_law_latency():
    # Little (1961): W = L / lambda; 64 in flight at 32,000/s -> 2 ms
    assert_allclose(queueing.littles_law_latency_ms(32_000, 64), 2.0, rtol=1e-12)


@given(st.floats(1, 1e4), st.floats(0.01, 1e3))
def test_littles_law_round_trip(outstanding, latency_ms):
    iops = queueing.littles_law_iops(outstanding, latency_ms)
    assert_allclose(queueing.littles_law_latency_ms(iops, outstanding), latency_ms, rtol=1e-9)


def test_closed_loop_knee():
    # Lazowska et al. (1984), ch. 5: X(N) = min(N / D, X_max); with D = 1 ms and X_max = 5,000/s the knee is N = 5
    n = np.array([1, 5, 10, 100])
    assert_allclose(queueing.closed_loop_iops(n, 1.0, 5000), [1000, 5000, 5000, 5000], rtol=1e-12)
    assert_allclose(queueing.closed_loop_latency_ms(n, 1.0, 5000), [1, 1, 2, 20], rtol=1e-12)


@given(st.floats(1, 1e4), st.floats(0.01, 100), st.floats(10, 1e6))
def test_closed_loop_respects_both_bounds(n, latency, max_iops):
    iops = queueing.closed_loop_iops(n, latency, max_iops)
    assert iops <= max_iops * (1 + 1e-12)
    assert queueing.closed_loop_latency_ms(n, latency, max_iops) >= latency * (1 - 1e-12)


def test_measured_load_at_a_latency_reads_between_points():
    # two points around the bound: straight line between them
    assert queueing.measured_ops_at_latency(1.5, [10, 20], [1.0, 2.0]) == pytest.approx(15)
    # outside the measured latencies the chart says nothing
    assert np.isnan(queueing.measured_ops_at_latency(3.0, [10, 20], [1.0, 2.0]))
    # a noisy dip in latency does not make the load at a bound jump back
    assert queueing.measured_ops_at_latency(1.5, [10, 20, 30], [1.0, 2.0, 1.9]) == pytest.approx(15)


MIXTURE = {"q": 0.95, "base_ms": 1.0, "io_share": 0.5, "io_ms": 1.0, "wait_ms": 2.0}
BAD_INPUT = [
    (queueing.measured_ops_at_latency, {"latency_ms": 1.5, "ops_per_s": [10, 20], "measured_latency_ms": [1.0, 2.0]},
     "measured_latency_ms", [([1.0], "must be lists of the same length"), ([1.0, -2.0], "greater than 0")]),
    (queueing.measured_ops_at_latency, {"latency_ms": 1.5, "ops_per_s": [10, 20], "measured_latency_ms": [1.0, 2.0]},
     "latency_ms", ["number"]),
    (queueing.mixture_percentile_ms, MIXTURE, "q", [(1, "q must be one number below 1, got 1"), (0, "got 0"),
                                                    ([0.5, 0.9], "one number")]),
    (queueing.mixture_percentile_ms, MIXTURE, "io_share", [(0, "greater than 0"), (1.5, "got 1.5")]),
    (queueing.mixture_percentile_ms, MIXTURE, "wait_ms", [(-1, "at least 0 ms, got -1"), ("long", "a number")]),
]


def test_bad_input_is_named(bad_input):
    bad_input.check()


def test_closed_loop_ops_names_the_ceiling_and_the_wait():
    # Lazowska et al. (1984), ch. 5: X(N) = min(N / D, X_max); D = 1 ms, X_max = 5,000/s: the knee is N = 5
    r = queueing.closed_loop_ops(np.array([1, 5, 10]), 1.0, {"disk": 5000})
    assert_allclose(r["ops_per_s"], [1000, 5000, 5000])
    assert list(r["binding"]) == ["clients", "clients", "disk"]
    assert_allclose(r["wait_ms"], [0, 0, 1])


def test_a_mixture_percentile_is_the_percentile_of_the_mixture_sampled():
    # a share s of the requests takes base + io / s + an exponential wait of mean wait / s, the rest base: the
    # empirical percentiles of a large sample agree with the formula, below and above the share
    rng = np.random.default_rng(7)
    n, base, io, wait = 400_000, 1.0, 1.5, 3.0
    for s in (0.3, 0.6, 0.9, 1.0):
        issues = rng.random(n) < s
        sample = base + issues * (io / s + rng.exponential(wait / s, n))
        for q in (0.5, 0.95):
            got = queueing.mixture_percentile_ms(q, base, s, io, wait)
            if s <= 1 - q:
                assert got == base
            assert_allclose(got, np.quantile(sample, q), rtol=0.02)
    # the mean over all requests is kept: base + io + wait (Little's law's mean wait)
    assert_allclose(sample.mean(), base + io + wait, rtol=0.01)


#: (call, the message it refuses with, exactly): the refusals the checks module does not word itself
REFUSED = [
    (lambda: queueing.closed_loop_ops(4, 1.0, {"clients": 10.0}),
     "ceilings must be a dict of name: ops/s without the name 'clients', got {'clients': 10.0}"),
    (lambda: queueing.closed_loop_ops(4, 1.0, {"disk": [5000.0, np.nan]}),
     "ceilings['disk'] must be greater than 0 or inf, got an array holding nan"),
    (lambda: queueing.closed_loop_ops(4, 1.0, {"disk": 0.0}), "ceilings['disk'] must be greater than 0 or inf, got 0.0"),
    (lambda: queueing.closed_loop_ops([1, 2], 1.0, {"disk": [1.0, 2.0, 3.0]}),
     "outstanding, light_load_latency_ms, ceilings['disk'] must be numbers or arrays of shapes that broadcast "
     "together, got outstanding (2,), light_load_latency_ms (), ceilings['disk'] (3,)"),
    (lambda: queueing.closed_loop_ops(4, [1.0, 2.0], {"disk": [1.0, 2.0, 3.0]}),
     "outstanding, light_load_latency_ms, ceilings['disk'] must be numbers or arrays of shapes that broadcast "
     "together, got outstanding (), light_load_latency_ms (2,), ceilings['disk'] (3,)"),
    (lambda: queueing.latency_under_load_ms(50_000, 0.4, 50_000),
     "ops_per_s must be below max_ops_per_s (50000 ops/s), got 50000"),
    (lambda: queueing.ops_at_latency(0.3, 0.4, 50_000),
     "latency_ms must be at least 0.4 ms (light_load_latency_ms or more), got 0.3"),
    (lambda: queueing.fit_load_curve([1, 2, 3], [1.0, 1.0, 2.0]),
     "latency_ms must have at least two values above its smallest (1 ms), got 1"),
    (lambda: queueing.measured_ops_at_latency(1.0, [10], [1.0]),
     "ops_per_s and measured_latency_ms must be lists of the same length, at least 2"),
    (lambda: queueing.mixture_percentile_ms(1.5, 1.0, 0.5, 1.0, 2.0),
     "q must be greater than 0 and at most 1 (a fraction), got 1.5"),
]


@pytest.mark.parametrize("call, message", REFUSED, ids=[m[:60] for _, m in REFUSED])
def test_a_refusal_says_its_one_line(call, message):
    with pytest.raises(ValueError) as refused:
        call()
    assert str(refused.value) == message


def test_a_ceiling_below_one_operation_a_second_is_still_a_ceiling():
    r = queueing.closed_loop_ops(4, 1.0, {"tape": 0.5})
    assert r["ops_per_s"] == 0.5 and r["binding"] == "tape"


def test_a_bound_at_the_first_or_the_last_measured_latency_reads_that_point():
    assert queueing.measured_ops_at_latency(1.0, [10, 20], [1.0, 2.0]) == 10
    assert queueing.measured_ops_at_latency(2.0, [10, 20], [1.0, 2.0]) == 20


def test_at_the_percentile_where_the_io_requests_begin_the_percentile_is_a_request_without_io():
    # half the requests do I/O: the median is the last of the half that did none
    assert queueing.mixture_percentile_ms(0.5, 1.0, 0.5, 1.0, 2.0) == 1.0


def test_the_fit_finds_a_ceiling_up_to_its_grid_s_span_above_the_largest_load():
    # a single queue (k = 1) with Xmax 2.8 times the largest load measured: inside XMAX_GRID_SPAN, found again
    r0, xmax = 0.4, 2.8 * 35_000
    loads = np.array([1.0, 20_000, 35_000])
    assert xmax < queueing.XMAX_GRID_SPAN * loads.max()
    fit = queueing.fit_load_curve(loads, queueing.latency_under_load_ms(loads, r0, xmax))
    assert fit["sharpness"] == 1.0 and fit["max_ops_per_s"] == pytest.approx(xmax, rel=0.01)
