"""The measurement reader: a fio file opened in the page is read there, on a wide screen and a phone."""
import json

from website.browsing import PHONE, ROOT, open_studio


def test_a_fio_file_opened_in_the_page_is_read_there(browser, server):
    sample = sorted((ROOT / "data" / "measurements" / "fio").glob("*.json"))[0]
    page, problems = open_studio(browser, server)
    page.set_input_files("#studio-fio-file", str(sample))
    page.wait_for_selector("#studio-fio-runs tbody tr")
    from storageperf import measurements

    runs = measurements.read_fio(sample)
    assert page.locator("#studio-fio-runs tbody tr").count() == len(runs)
    assert page.locator("#studio-fio-checks li").count() >= 1
    assert problems == []
    page.close()


def _fio_column(page, header):
    return page.evaluate("h => { const i = [...document.querySelectorAll('#studio-fio-runs thead th')]"
                         ".findIndex(th => th.textContent === h);"
                         " return [...document.querySelectorAll('#studio-fio-runs tbody tr')]"
                         ".map(tr => tr.children[i].textContent); }", header)


def test_the_page_says_whether_a_fio_run_used_direct_io_and_flags_the_page_cache(browser, server, tmp_path):
    from storageperf import measurements

    fio = ROOT / "data" / "measurements" / "fio"
    page, problems = open_studio(browser, server)
    memory = page.get_by_label("Memory of the machine fio ran on (GiB)")
    page.set_input_files("#studio-fio-file", str(fio / "fio-3.33-json-randread.json"))
    page.wait_for_selector("#studio-fio-runs tbody tr")
    assert set(_fio_column(page, "I/O")) == {"direct"}
    assert not page.inner_text("#studio-fio-io").startswith("Check:")
    # buffered writes on a 4 MiB file: flagged before the memory is known, and as the page cache once it is
    buffered = fio / "fio-3.33-json-buffered.json"
    page.set_input_files("#studio-fio-file", str(buffered))
    page.wait_for_function("document.querySelector('#studio-fio-runs td') && "
                           "[...document.querySelectorAll('#studio-fio-runs td')].some(td => td.textContent === 'buffered')")
    assert set(_fio_column(page, "I/O")) == {"buffered"}
    note = page.inner_text("#studio-fio-io")
    assert note.startswith("Check:") and "buffered I/O" in note and "memory" in note
    run = measurements.read_fio(buffered)
    files_gib = run["size_kib"][0] * run["processes"][0] / 2**20  # KiB in a GiB, IEC 80000-13
    memory.fill(str(files_gib * 2))
    page.wait_for_function("document.querySelector('#studio-fio-io').textContent.includes('measured the page cache')")
    warned = page.locator("#studio-fio-checks li", has_text="measured the page cache")
    assert warned.count() == len(run) and warned.first.inner_text().startswith("Check:")
    # a memory that is not a number above 0 is refused, naming the field and what was typed; no stale table
    memory.fill("-3")
    page.wait_for_selector("#studio-fio [role=alert]")
    assert page.inner_text("#studio-fio [role=alert]") == \
        "Memory of the machine fio ran on (GiB) must be a number greater than 0; got '-3'"
    assert page.locator("#studio-fio-runs").count() == 0
    memory.fill("")
    # a UTF-16 file, as Windows PowerShell's > writes it, reads as its UTF-8 text does
    utf16 = tmp_path / "run.json"
    utf16.write_bytes(b"\xff\xfe" + (fio / "fio-3.33-json-randread.json").read_text(encoding="utf-8").encode("utf-16-le"))
    page.set_input_files("#studio-fio-file", str(utf16))
    page.wait_for_function("[...document.querySelectorAll('#studio-fio-runs td')].some(td => td.textContent === 'direct')")
    assert len(_fio_column(page, "I/O")) == len(measurements.read_fio(utf16))
    assert problems == []
    page.close()


# Each text of the fio chart: its size as drawn (CSS px), whether it lies within the chart's box, and its box.
_FIO_CHART_TEXTS = """() => {
  const svg = document.getElementById('studio-fio-chart'), box = svg.getBoundingClientRect(), k = svg.getScreenCTM().a;
  return [...svg.querySelectorAll('text')].map(t => { const r = t.getBoundingClientRect();
    return {text: t.textContent, size: parseFloat(getComputedStyle(t).fontSize) * k, box: [r.left, r.top, r.right, r.bottom],
            inside: r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.top >= box.top - 0.5
                    && r.bottom <= box.bottom + 0.5}; }); }"""


def _fio_chart_reads(page):
    texts = page.evaluate(_FIO_CHART_TEXTS)
    assert texts and min(t["size"] for t in texts) >= 12, texts
    assert all(t["inside"] for t in texts), [t for t in texts if not t["inside"]]
    overlaps = [(a["text"], b["text"]) for i, a in enumerate(texts) for b in texts[i + 1:]
                if min(a["box"][2], b["box"][2]) - max(a["box"][0], b["box"][0]) > 0.5
                and min(a["box"][3], b["box"][3]) - max(a["box"][1], b["box"][1]) > 0.5]
    assert not overlaps, overlaps
    return texts


def test_on_a_phone_the_fio_charts_text_is_legible_and_whole(browser, server, tmp_path):
    # the chart of a reader's run is drawn at the width it is shown at: on a phone its text keeps 12 px, within the
    # chart and none over another, with the limit beyond the runs, far short of them (the limit's label at the left
    # edge, the longest value at the right), and with a job name wider than the phone; so again once the window is
    # wide, and narrow again
    fio = ROOT / "data" / "measurements" / "fio"
    run = json.loads((fio / "fio-3.33-json-randread.json").read_text(encoding="utf-8"))
    long_name = "sequential-read-128k-iodepth32-numjobs4-on-the-shared-volume-after-the-nightly-backup"
    run["jobs"][0]["jobname"] = long_name
    (tmp_path / "long-name.json").write_text(json.dumps(run), encoding="utf-8")
    page, problems = open_studio(browser, server, width=PHONE)
    for sample, job in [(fio / "fio-3.33-json-plus-randrw.json", "mixed"), (fio / "fio-3.33-json-trim.json", "trims"),
                        (tmp_path / "long-name.json", long_name)]:
        page.set_input_files("#studio-fio-file", str(sample))
        page.wait_for_function("job => document.querySelector('#studio-fio-runs tbody th')?.textContent === job "
                               "&& document.getElementById('studio-fio-chart')?.getAttribute('aria-label').includes(job)", arg=job)
        texts = _fio_chart_reads(page)
    assert any(t["text"].startswith("sequential-read-128k") for t in texts)
    for width in (1280, PHONE):  # a window widened, a phone turned back: the chart drawn again at its new width
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_function("() => { const svg = document.getElementById('studio-fio-chart');"
                               " return svg.viewBox.baseVal.width === Math.floor(Math.min(640, svg.getBoundingClientRect().width)); }")
        _fio_chart_reads(page)
    assert problems == []
    page.close()


def test_a_job_fio_reports_failed_or_that_ran_no_time_is_said_so_in_the_page(browser, server, tmp_path):
    # fio's JSON gives a failed job's errno as its "error" (EIO here): the page says fio's error, as check_run does,
    # and checks nothing else of it; so for a job of no run time, whose numbers count nothing
    import errno

    from storageperf import measurements

    run = json.loads((ROOT / "data" / "measurements" / "fio" / "fio-3.33-json-randread.json").read_text(encoding="utf-8"))
    failed, idle = json.loads(json.dumps(run)), json.loads(json.dumps(run))
    failed["jobs"][0]["error"] = errno.EIO
    idle["jobs"][0]["read"].update(runtime=0, iops=0)
    page, problems = open_studio(browser, server)
    for name, doc, check in (("failed.json", failed, "fio_error"), ("idle.json", idle, "runtime")):
        (tmp_path / name).write_text(json.dumps(doc), encoding="utf-8")
        page.set_input_files("#studio-fio-file", str(tmp_path / name))
        page.wait_for_function("check => [...document.querySelectorAll('#studio-fio-checks li')]"
                               ".some(li => li.textContent.includes(`, ${check}: `))", arg=check)
        (want,) = measurements.check_run(measurements.read_fio(tmp_path / name)).itertuples()
        assert page.locator("#studio-fio-checks li").all_inner_texts() == \
            [f"Check: {want.job} {want.direction}, {want.check}: {want.detail}"]
    assert problems == []
    page.close()
