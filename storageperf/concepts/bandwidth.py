"""IOPS, block size and bandwidth: one is the product of the other two; mixes and read-ahead windows (one
stream's bound, the bytes a read fetches).

References
----------
.. [1] Learn module "HPC/EDA applications on Azure NetApp Files", unit "Understand ANF performance regarding to
   service level and volume quota": "100,000 IOPS * 16KB = 1,600,000 KB/s = 1.53 GB/s".
"""
from __future__ import annotations

import numpy as np

from .. import checks
from . import units


def bandwidth_mibps(iops, block_size_kib):
    """Bandwidth moved by a stream of I/Os of one size.

    Parameters
    ----------
    iops : float or array-like
        I/O operations per second, greater than 0. [1/s]
    block_size_kib : float or array-like
        Bytes moved by each operation (the transfer or block size), greater than 0. [KiB]

    Returns
    -------
    float or numpy.ndarray
        Bandwidth. [MiB/s]

    Notes
    -----
    ``bandwidth = iops x block_size``. Exact for a single block size; for a mix of sizes use the mean
    transfer size weighted by operation count. It says nothing about whether the storage can deliver it.

    References
    ----------
    The HPC/EDA module [1]_ sizes a workload this way.

    Examples
    --------
    The module's workload, 100,000 IOPS of 16 KB (binary kilobytes, as its 1.53 GB/s shows):

    >>> round(bandwidth_mibps(100_000, 16), 1)
    1562.5
    """
    iops = checks.positive("iops", iops, "IOPS")
    block = checks.positive("block_size_kib", block_size_kib, "KiB")
    return checks.scalar_or_array(units.convert(iops * block, "KiB/s", "MiB/s"))


def iops_from_bandwidth(bandwidth_mibps, block_size_kib):
    """I/O operations per second that a bandwidth carries at one block size.

    Parameters
    ----------
    bandwidth_mibps : float or array-like
        Bandwidth, greater than 0. [MiB/s]
    block_size_kib : float or array-like
        Bytes moved by each operation, greater than 0. [KiB]

    Returns
    -------
    float or numpy.ndarray
        Operations per second. [1/s]

    Notes
    -----
    ``iops = bandwidth / block_size``, the inverse of :func:`bandwidth_mibps`.

    Examples
    --------
    A Premium volume's 640 MiB/s, in 16 KiB operations:

    >>> iops_from_bandwidth(640, 16)
    40960.0
    """
    bw = checks.positive("bandwidth_mibps", bandwidth_mibps, "MiB/s")
    block = checks.positive("block_size_kib", block_size_kib, "KiB")
    return checks.scalar_or_array(units.convert(bw, "MiB/s", "KiB/s") / block)


def read_ahead_stream_mibps(read_ahead_kib, round_trip_ms):
    """Most one sequential read stream moves through the page cache when read-ahead is all it keeps in flight.

    Parameters
    ----------
    read_ahead_kib : float or array-like
        The read-ahead window (Linux's ``read_ahead_kb``, counted in KiB), greater than 0. [KiB]
    round_trip_ms : float or array-like
        Time from asking for a window to having it: one request's latency at the storage plus the network's round
        trip, greater than 0. [ms]

    Returns
    -------
    float or numpy.ndarray
        ``read_ahead / round_trip``. [MiB/s]

    Notes
    -----
    A single-threaded reader of a file (``cp``, ``dd``, one fio job with ``direct=0``) asks for one I/O at a time;
    the kernel fetches ahead of it, in windows that grow to the read-ahead setting, and starts the next window while
    the reader is still in the current one, so in steady state about one window is in flight. Little's law with one
    window in flight (:mod:`storageperf.concepts.queueing`) gives the bound; an NFS client splits the window into
    requests of at most ``rsize``, sent together, so the round trip is one request's latency when the connection is
    not the limit. The bound does not apply to direct I/O (``O_DIRECT``, fio ``direct=1``), which bypasses the page
    cache and read-ahead, nor to random reads, which read-ahead leaves alone; several streams each get their own
    window, so a client's streams add up until another bound stops them. A short file, read before the window has
    grown, moves slower.

    Examples
    --------
    Linux's default 128 KiB window at a 2 ms round trip holds one stream to 62.5 MiB/s; 15,360 KiB, what
    Microsoft's testing found optimal for Azure NetApp Files, to 7,500 MiB/s (both values:
    ``data/platforms/azure_netapp_files_read_ahead.csv``):

    >>> read_ahead_stream_mibps([128, 15_360], 2.0)
    array([  62.5, 7500. ])
    """
    window = checks.positive("read_ahead_kib", read_ahead_kib, "KiB")
    trip = checks.positive("round_trip_ms", round_trip_ms, "ms")
    return checks.scalar_or_array(units.convert(window, "KiB", "MiB") / units.convert(trip, "ms", "s"))


def blended_throughput_mibps(shares, throughputs_mibps):
    """Throughput of a mix of kinds of I/O that each move at their own rate.

    Parameters
    ----------
    shares : sequence of float or array-like
        Share of the bytes moved by each kind, each 0 to 1, summing to 1. [-]
    throughputs_mibps : sequence of float
        Throughput of each kind on its own, greater than 0, same length as ``shares``. [MiB/s]

    Returns
    -------
    float or numpy.ndarray
        Throughput of the mix. [MiB/s]

    Notes
    -----
    Time adds up per byte, so throughputs blend harmonically: a mix spends ``share_i / T_i`` seconds on each MiB
    of kind *i*, and ``1 / T = sum_i share_i / T_i``. The slowest kind dominates. It assumes each kind keeps its
    own rate inside the mix.

    Examples
    --------
    Half the bytes at 1,000 MiB/s and half at 100 MiB/s move at 182 MiB/s, not 550:

    >>> round(blended_throughput_mibps([0.5, 0.5], [1000, 100]))
    182
    """
    for name, seq in (("shares", shares), ("throughputs_mibps", throughputs_mibps)):
        if not isinstance(seq, (list, tuple, np.ndarray)):
            raise checks.InputError(f"{name} must be a list of numbers, got {seq!r}")
    if len(shares) != len(throughputs_mibps) or not len(shares):
        raise ValueError(f"shares and throughputs_mibps must be of one length (at least 1), got {len(shares)} and "
                         f"{len(throughputs_mibps)}")
    s = [checks.in_range(f"shares[{i}]", v, 0, 1, "(a fraction)") for i, v in enumerate(shares)]
    t = [checks.positive(f"throughputs_mibps[{i}]", v, "MiB/s") for i, v in enumerate(throughputs_mibps)]
    total = sum(s)
    if not np.allclose(total, 1.0):
        raise ValueError(f"shares must sum to 1, got {checks._show(total)}")
    return checks.scalar_or_array(1 / sum(si / ti for si, ti in zip(s, t)))


def throttle_ops_per_s(throughput_mb_per_s, bytes_per_read_kib, vm_count=1):
    """Reads per second a throughput throttle allows, for a cluster of VMs with one throttle each.

    Parameters
    ----------
    throughput_mb_per_s : float or array-like
        Each VM's throughput throttle, greater than 0 (decimal MB/s, as Azure states it). [MB/s]
    bytes_per_read_kib : float or array-like
        Bytes each read moves (a full read-ahead window, say, or :func:`read_around`'s), greater than 0. [KiB]
    vm_count : float or array-like
        VMs serving reads, at least 1; reads are assumed to spread evenly, one replica each. [-]

    Returns
    -------
    float or numpy.ndarray
        ``vm_count x throughput / bytes_per_read``. [1/s]

    Notes
    -----
    One replica read per operation is an assumption: the source does not state the replication factor or the
    consistency level (source_discrepancies cassandra-disk-caching-14). With k replicas read, divide by k.

    Examples
    --------
    Six DS14_v2 with ReadOnly caching (512 MB/s each) and 64 KiB per read: 46,875 ops/s, where the article's
    cached runs level off (46,000 to 46,900 ops/s charted; cassandra_disk_caching_setup cached_ops_ceiling_ra64):

    >>> throttle_ops_per_s(512, 64, 6)
    46875.0
    """
    tp = checks.positive("throughput_mb_per_s", throughput_mb_per_s, "MB/s")
    size = checks.positive("bytes_per_read_kib", bytes_per_read_kib, "KiB")
    vms = checks.counts("vm_count", vm_count, 1)
    return checks.scalar_or_array(vms * units.convert(tp, "MB/s", "KiB/s") / size)


def read_around(record_kib, read_ahead_kb, page_kib=4.0):
    """Page faults and bytes read to fetch one record through a memory map with Linux read-around, cold cache.

    Parameters
    ----------
    record_kib : float or array-like
        Size of the record read, greater than 0; it starts at a random byte of a page. [KiB]
    read_ahead_kb : float or array-like
        The block device's ``read_ahead_kb``, at least 0 (Linux counts it in KiB). [KiB]
    page_kib : float
        The page size, greater than 0. [KiB]

    Returns
    -------
    dict
        ``faults``: expected page faults, each one disk read waited for in turn [-]; ``kib``: expected bytes read
        [KiB]; ``window_pages``: pages a fault reads, ``max(1, floor(read_ahead / page))`` [-].

    Notes
    -----
    A fault on page ``p`` of a mapped file reads a window of ``w`` pages around it, from ``p - floor(w / 2)``: the
    window covers ``a = w - 1 - floor(w / 2)`` pages after ``p``. A record touching ``k`` pages then takes
    ``1 + ceil((k - 1 - a) / (a + 1))`` faults (one if ``k - 1 <= a``): each later fault adds ``a + 1`` new pages,
    the pages behind it being cached already; it reads ``w + (faults - 1)(a + 1)`` pages. A record of ``r`` at a
    random offset touches ``n + 1`` pages with probability ``1 - f`` and ``n + 2`` with probability ``f``, where
    ``r / page = n + f``. So with windows of one or two pages (``read_ahead_kb`` under 12 KiB on 4 KiB pages) a
    record that straddles two pages costs two disk reads in a row; from four pages on, one. This is Linux's mmap
    fault path (``filemap_fault`` read-around); ``read()`` calls follow other rules, and pages already cached cost
    nothing (see :func:`first_read_share`).

    Examples
    --------
    A 4 KB document (4,000 bytes) on 4 KiB pages straddles two pages 98 % of the time: without read-ahead it takes
    about two faults of one page each; with 16 KiB one fault of 16 KiB.

    >>> r = read_around(4000 / 1024, [0, 8, 16, 64])
    >>> r["faults"].round(3), r["kib"].round(2)
    (array([1.977, 1.977, 1.   , 1.   ]), array([ 7.91, 11.91, 16.  , 64.  ]))
    """
    rec = checks.positive("record_kib", record_kib, "KiB")
    ra = checks.in_range("read_ahead_kb", read_ahead_kb, 0.0, np.inf, "KiB")
    page = checks.positive("page_kib", page_kib, "KiB")
    rec, ra = np.broadcast_arrays(rec, ra)
    w = np.maximum(1.0, np.floor(ra / page + 1e-9))
    ahead = w - 1 - np.floor(w / 2)
    ratio = rec / page
    n = np.floor(ratio)
    frac = ratio - n
    faults = np.zeros(np.shape(rec))
    pages = np.zeros(np.shape(rec))
    for k, p in ((n + 1, 1 - frac), (n + 2, frac)):
        f = 1 + np.ceil(np.maximum(0.0, k - 1 - ahead) / (ahead + 1))
        faults = faults + p * f
        pages = pages + p * (w + (f - 1) * (ahead + 1))
    return {"faults": checks.scalar_or_array(faults), "kib": checks.scalar_or_array(pages * page),
            "window_pages": checks.scalar_or_array(w)}


def first_read_share(records_per_window, sampled_share):
    """Share of reads whose read-ahead window is not yet cached, when a random sample of records is read once.

    Parameters
    ----------
    records_per_window : float or array-like
        Records a read-ahead window holds, at least 1 (a window smaller than a record holds one). [-]
    sampled_share : float or array-like
        Share of all records the test reads, each once, in random order, greater than 0 and at most 1. [-]

    Returns
    -------
    float or numpy.ndarray
        ``(1 - (1 - f) ** W) / (W f)``. [-]

    Notes
    -----
    A window of ``W`` records holds ``Binomial(W, f)`` of the sampled ones. The first of them to be read fetches the
    window; the others find it in the page cache, as long as the page cache holds every window the test fetches.
    Reads that fetch a window, over all reads: ``P(at least one) / E[count] = (1 - (1 - f) ** W) / (W f)``. It is
    1 for one record a window and falls as windows grow: large read-ahead wastes bytes on records no one reads,
    and saves some reads on records that someone reads later.

    Examples
    --------
    The Cassandra test reads 3 M of 150 M 4 KB documents (2 %); a 64 KiB window holds 16.4 of them, and 86 % of
    the reads fetch their window; at 512 KiB only 35 % do:

    >>> round(first_read_share(64 * 1024 / 4000, 0.02), 3), round(first_read_share(512 * 1024 / 4000, 0.02), 3)
    (0.86, 0.354)
    """
    w = checks.in_range("records_per_window", records_per_window, 1.0, np.inf)
    f = checks.in_range("sampled_share", sampled_share, 0.0, 1.0, "(a fraction)", low_open=True)
    return checks.scalar_or_array((1 - (1 - f) ** w) / (w * f))


#: The most pages a chunk may hold in :func:`raid0_disk_ios`, which averages over every page a read may start at:
#: a bound on its work (2**20 pages: a 4 GiB chunk of 4 KiB pages), not a property of RAID.
MAX_PAGES_PER_CHUNK = 2 ** 20


def raid0_disk_ios(request_kib, chunk_kib, disks, page_kib=4.0):
    """Member-disk I/Os one contiguous read makes on a RAID 0 stripe, at a random page-aligned place.

    Parameters
    ----------
    request_kib : float or array-like
        The read's size, greater than 0; a whole number of pages (a read-ahead window). [KiB]
    chunk_kib : float
        The stripe's chunk size, greater than 0; a whole number of pages. [KiB]
    disks : int
        Member disks of the stripe, at least 1. [-]
    page_kib : float
        The page size, greater than 0. [KiB]

    Returns
    -------
    float or numpy.ndarray
        Expected member disks the read touches, ``E[min(chunks touched, disks)]`` over its page-aligned offsets in a
        chunk; ``1 + (request - page) / chunk`` while that is at most ``disks``. [-]

    Notes
    -----
    RAID 0 (Linux md) splits a read at each chunk boundary it crosses and sends each piece to the disk that holds
    the chunk; a read that crosses one boundary costs two disk I/Os served side by side, so it costs IOPS, not
    time. A read starting at a random page in a chunk crosses ``(request - page) / chunk`` boundaries on average.
    Pieces of one read that land on the same disk (a read longer than ``disks`` chunks) are contiguous there and are
    counted as one I/O, which assumes the block layer merges them.

    Examples
    --------
    A 64 KiB window on 64 KiB chunks crosses a boundary 15 times in 16; an 8 KiB one once in 16:

    >>> float(raid0_disk_ios(64, 64, 4)), float(raid0_disk_ios(8, 64, 4))
    (1.9375, 1.0625)
    """
    req = checks.positive("request_kib", request_kib, "KiB")
    chunk = checks.positive("chunk_kib", chunk_kib, "KiB", one=True)
    n = checks.whole_number("disks", disks, 1)
    page = checks.positive("page_kib", page_kib, "KiB", one=True)
    if chunk / page > MAX_PAGES_PER_CHUNK:
        raise checks.InputError(f"chunk_kib must be at most {MAX_PAGES_PER_CHUNK:,} pages of page_kib "
                                f"({MAX_PAGES_PER_CHUNK * page:g} KiB), got {chunk:g}")
    offsets = np.arange(0.0, chunk, page)  # where in its chunk the read starts
    touched = np.ceil((offsets + np.asarray(req, dtype=float)[..., None]) / chunk - 1e-9)
    return checks.scalar_or_array(np.minimum(touched, n).mean(axis=-1))
