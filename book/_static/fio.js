// fio's JSON output read in the page, and the checks a run must pass: the browser's copy of
// storageperf.measurements (read_fio and check_run). Plain JavaScript, no dependency, no request: a reader's file
// never leaves the browser. tests/test_measurements.py holds the two to the same rows, numbers, findings and error
// messages on every sample of data/measurements/fio/; change them together.
//
//   import { readFio, checkRun } from "./fio.js";
//   const rows = readFio(text);          // one object a job and direction, keys as COLUMNS (or readFio(bytes))
//   const found = checkRun(rows, { io_kib: 64, read_share: 0.7, ceiling_mibps: 1600, memory_gib: 16 });

// Constants: the same values, for the same reasons, as storageperf/measurements.py (see its comments).
export const DIRECTIONS = ["read", "write", "trim", "mixed"];
export const ALL_CLIENTS = "All clients";
export const FIO_DEFAULTS = { bs: "4096", iodepth: "1", numjobs: "1", direct: "0", rw: "read", ioengine: "psync",
  kb_base: "1024" };
export const MIXED_BS_OPTIONS = ["bssplit", "blocksize_split", "bsrange", "blocksize_range"];
export const ASYNC_ENGINES = ["libaio", "io_uring", "posixaio", "windowsaio", "solarisaio", "rdma", "libiscsi", "nfs",
  "spdk"];
export const SYNC_ENGINES = ["sync", "psync", "vsync", "pvsync", "pvsync2", "mmap", "splice", "falloc", "filecreate",
  "filestat"];
export const LITTLES_LAW_TOLERANCE = 0.25;
export const QUEUE_FULL_SHARE = 0.5;
export const CEILING_TOLERANCE = 0.05;
export const BLOCK_SIZE_FACTOR = 2.0;
export const READ_SHARE_TOLERANCE = 0.2;
export const COLUMNS = ["entry", "job", "hostname", "direction", "rw", "iops", "mibps", "lat_mean_ms", "clat_p50_ms",
  "clat_p95_ms", "clat_p99_ms", "bs_kib", "bs_option", "iodepth", "numjobs", "processes", "direct", "ioengine",
  "size_kib", "io_kib", "runtime_s", "error", "fio_version"];
export const CHECK_COLUMNS = ["entry", "job", "direction", "check", "ok", "detail"];

// storageperf.concepts.units: bytes and seconds in one unit, and the conversion (value x from / to), in that order
// so the two readers give the same floating-point numbers.
const BYTES = { B: 1, KiB: 2 ** 10, MiB: 2 ** 20, GiB: 2 ** 30, TiB: 2 ** 40, PiB: 2 ** 50,
  KB: 1e3, MB: 1e6, GB: 1e9, TB: 1e12, PB: 1e15 };
const SECONDS = { ns: 1e-9, us: 1e-6, ms: 1e-3, s: 1 };
const MS_PER_S = 1e3;
function convert(value, from, to) {
  const f = (u) => (u in SECONDS ? SECONDS[u] : BYTES[u.replace(/\/s$/, "")]);
  return value * f(from) / f(to);
}
const PREFIXES = { k: ["KiB", "KB"], m: ["MiB", "MB"], g: ["GiB", "GB"], t: ["TiB", "TB"], p: ["PiB", "PB"] };

// Python's float formatting (format specs "g", ".3g", ".0%"), so the findings read the same in both.
function roundedDigits(a, keep, fixed) {
  // a >= 0: the digits toFixed/toExponential give, with exact ties rounded to even as Python does.
  const short = fixed ? a.toFixed(keep) : a.toExponential(keep);
  const long = fixed ? a.toFixed(Math.min(100, keep + 25)) : a.toExponential(Math.min(100, keep + 25));
  const [mantissa, exp] = long.split("e");
  const dot = mantissa.indexOf(".");
  const digits = mantissa.replace(".", "");
  const kept = (dot < 0 ? mantissa.length : dot) + keep;
  const rest = digits.slice(kept);
  if (/^50*$/.test(rest) && Number(digits[kept - 1]) % 2 === 0) {
    const whole = dot < 0 ? mantissa.length : dot;
    const body = digits.slice(0, whole) + (keep > 0 ? "." + digits.slice(whole, kept) : "");
    return fixed ? body : body + "e" + exp;
  }
  return short;
}
export function formatG(x, precision = 6) {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0" : "0";
  const p = precision === 0 ? 1 : precision;
  const [m, e] = roundedDigits(Math.abs(x), p - 1, false).split("e");
  const digits = m.replace(".", "");
  const exp = Number(e);
  let out;
  if (exp >= -4 && exp < p) {
    const int = exp >= 0 ? digits.slice(0, exp + 1) : "0";
    const frac = (exp >= 0 ? digits.slice(exp + 1) : "0".repeat(-exp - 1) + digits).replace(/0+$/, "");
    out = frac ? int + "." + frac : int;
  } else {
    const frac = digits.slice(1).replace(/0+$/, "");
    out = digits[0] + (frac ? "." + frac : "") + "e" + (exp < 0 ? "-" : "+") + String(Math.abs(exp)).padStart(2, "0");
  }
  return (x < 0 ? "-" : "") + out;
}
export function formatPercent(x) {
  const v = x * 100;
  return (v < 0 ? "-" : "") + roundedDigits(Math.abs(v), 0, true) + "%";
}
const g = (x) => formatG(x);

function lineOf(text, index) {
  return text.slice(0, index).split("\n").length;
}

function jsonEnd(text, start) {
  let depth = 0, inString = false, escaped = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (c === "\\") escaped = true;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{" || c === "[") depth += 1;
    else if (c === "}" || c === "]") {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
  }
  return null;
}

function fioJson(text) {
  // every object fio printed; with --status-interval, the run so far each interval, then the whole run last
  const pattern = /\{\s*"fio version"/g;
  const spans = [];
  let found;
  while ((found = pattern.exec(text)) !== null) {
    const end = jsonEnd(text, found.index);
    if (end === null) {
      throw new Error(`source is cut short: fio's JSON object opened at line ${lineOf(text, found.index)} is not ` +
        "closed");
    }
    spans.push([found.index, end]);
    pattern.lastIndex = end;
  }
  if (!spans.length && text.includes("\u0000")) {
    throw new Error("source is not fio JSON output: it holds NUL characters, as UTF-16 without a byte-order mark " +
      "does (save it as UTF-8, or as UTF-16 with its mark)");
  }
  if (!spans.length) {
    throw new Error('source is not fio JSON output: it holds no object starting with "fio version" ' +
      "(run fio with --output-format=json)");
  }
  const [start, end] = spans[spans.length - 1];
  let data;
  try {
    data = JSON.parse(text.slice(start, end));
  } catch {
    throw new Error(`source is not fio JSON output: the object at line ${lineOf(text, start)} is not valid JSON`);
  }
  const entries = "client_stats" in data ? data.client_stats : data.jobs;
  if (!Array.isArray(entries)) {
    throw new Error('source is not fio JSON output: its object has neither "jobs" nor "client_stats"');
  }
  return [data, entries];
}

// A file's bytes as text: UTF-16 or UTF-8 by its byte-order mark (Windows PowerShell's > writes UTF-16 with one),
// UTF-8 without; as storageperf.measurements._decode.
function decode(bytes) {
  const b = bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : bytes;
  const [encoding, skip] = b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? ["utf-8", 3]
    : b[0] === 0xff && b[1] === 0xfe ? ["utf-16le", 2]
    : b[0] === 0xfe && b[1] === 0xff ? ["utf-16be", 2] : ["utf-8", 0];
  return new TextDecoder(encoding, { ignoreBOM: true }).decode(b.subarray(skip));
}

function flag(value) {
  // true, false, or null when unknown, of an option's value or a row's direct
  if (value === null || value === undefined || typeof value === "boolean") return value === undefined ? null : value;
  const n = number(value);
  return Number.isNaN(n) ? null : n !== 0;
}

function number(value) {
  if (value === null || value === undefined) return NaN;
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  const s = String(value).trim();
  return s === "" ? NaN : Number(s);
}

function sizeKib(value, kbBase) {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([kmgtpKMGTP]?)([iI]?)[bB]?\s*$/.exec(String(value));
  if (!match) return NaN;
  const n = Number(match[1]), prefix = match[2].toLowerCase(), iec = match[3] !== "";
  if (!prefix) return convert(n, "B", "KiB");
  const binary = (kbBase === 1024) !== iec;
  return convert(n, PREFIXES[prefix][binary ? 0 : 1], "KiB");
}

function bsOf(bs, direction) {
  const parts = String(bs).split(",");
  const i = { read: 0, write: 1, trim: 2, mixed: 0 }[direction];
  const part = i < parts.length ? parts[i] : parts[parts.length - 1];
  return part.trim() ? part : FIO_DEFAULTS.bs;
}

function to(value, from, toUnit) {
  const n = number(value);
  return Number.isFinite(n) ? convert(n, from, toUnit) : NaN;
}

function percentileMs(stat, unit, p) {
  const percentiles = stat.percentile;
  if (percentiles === null || typeof percentiles !== "object" || Array.isArray(percentiles)) return NaN;
  for (const [key, value] of Object.entries(percentiles)) {
    if (number(key) === p) return to(value, unit, "ms");
  }
  return NaN;
}

function latency(d, name) {
  const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
  if (isObject(d[`${name}_ns`])) return [d[`${name}_ns`], "ns"];
  if (isObject(d[name])) return [d[name], "us"];
  return [null, null];
}

const orNull = (v) => (v === undefined ? null : v);

/** Read fio's JSON output (the text fio printed, with any lines around it) into one row per job and direction. */
export function readFio(source) {
  if (source instanceof ArrayBuffer || source instanceof Uint8Array) source = decode(source);
  if (typeof source !== "string") {
    throw new TypeError(`source must be a path or the text fio printed, got ${String(source)}`);
  }
  const [data, entries] = fioJson(source);
  const version = orNull(data["fio version"]);
  const globalOptions = data["global options"] || {};
  const listed = entries.filter((e) => e !== null && typeof e === "object" && !Array.isArray(e) &&
    e.jobname !== ALL_CLIENTS);
  const key = (e) => JSON.stringify([orNull(e.jobname), orNull(e.groupid), orNull(e.hostname)]);
  const same = new Map();
  for (const e of listed) same.set(key(e), (same.get(key(e)) || 0) + 1);
  const rows = [];
  const didIo = (d) => d !== null && typeof d === "object" && !Array.isArray(d) &&
    (number(d.total_ios) > 0 || number(d.io_bytes) > 0);
  listed.forEach((e, entry) => {
    const printed = "job options" in e || "global options" in data;
    const given = { ...globalOptions, ...(e["job options"] || {}) };
    const options = { ...(printed ? FIO_DEFAULTS : {}), ...given };
    const kbBase = number("kb_base" in options ? options.kb_base : FIO_DEFAULTS.kb_base);
    const numjobs = number(options.numjobs);
    const count = same.get(key(e));
    let processes = Number.isNaN(numjobs) ? NaN : Math.max(1, numjobs / count);
    let direct = flag(options.direct);
    if (options.buffered !== undefined && options.buffered !== null && flag(options.buffered) === false) direct = true;
    // the option that sets the block size: one the job gave (bs, its long name, or a mix), else fio's default
    const bsOption = [...MIXED_BS_OPTIONS, "bs", "blocksize"].find((o) => o in given) ?? (printed ? "bs" : null);
    const rw = orNull("rw" in given ? given.rw : "readwrite" in given ? given.readwrite : options.rw);
    // group_reporting over jobs of other names: job_runtime over the entry's runtime counts its processes
    const moved = DIRECTIONS.map((direction) => e[direction]).filter(didIo);
    const runtimeMs = moved.length ? Math.max(...moved.map((d) => number(d.runtime))) : NaN;
    const members = runtimeMs > 0 ? number(e.job_runtime) / runtimeMs : NaN;
    if (!Number.isNaN(processes) && Number.isFinite(members) && pyRound(members) > processes) {
      processes = pyRound(members);
    }
    for (const direction of DIRECTIONS) {
      const d = e[direction];
      if (!didIo(d)) continue;
      const [lat, latUnit] = latency(d, "lat");
      const [clat, clatUnit] = latency(d, "clat");
      const mibps = "bw_bytes" in d ? to(d.bw_bytes, "B/s", "MiB/s") : to(d.bw, "KiB/s", "MiB/s");
      const ioKib = "io_kbytes" in d ? number(d.io_kbytes) : number(d.io_bytes);  // before fio 2.21, KiB
      let bsKib = NaN;
      const bs = bsOption in options ? options[bsOption] : FIO_DEFAULTS.bs;
      // a mixed row sums the directions (fio HOWTO, unified_rw_reporting): of bs=4k,64k it has no one size
      const [r, w, t] = ["read", "write", "trim"].map((x) => sizeKib(bsOf(bs, x), kbBase));
      const split = direction === "mixed" && (bsOption === "bs" || bsOption === "blocksize") && !(r === w && w === t);
      if (MIXED_BS_OPTIONS.includes(bsOption) || split) {  // no one size: the mean, bytes over I/Os
        const totalIos = number(d.total_ios);
        bsKib = totalIos > 0 ? ioKib / totalIos : NaN;
      } else if (bsOption !== null) {
        bsKib = sizeKib(bsOf(bs, direction), kbBase);
      }
      const size = "size" in options ? sizeKib(options.size, kbBase)
        : "filesize" in options ? sizeKib(options.filesize, kbBase) : NaN;
      const row = {
        entry,
        job: orNull(e.jobname),
        hostname: orNull(e.hostname),
        direction,
        rw,
        iops: number(d.iops),
        mibps,
        lat_mean_ms: lat ? to(lat.mean, latUnit, "ms") : NaN,
        clat_p50_ms: clat ? percentileMs(clat, clatUnit, 50) : NaN,
        clat_p95_ms: clat ? percentileMs(clat, clatUnit, 95) : NaN,
        clat_p99_ms: clat ? percentileMs(clat, clatUnit, 99) : NaN,
        bs_kib: bsKib,
        bs_option: bsOption,
        iodepth: number(options.iodepth),
        numjobs,
        processes,
        direct,
        ioengine: orNull(options.ioengine),
        size_kib: size,
        io_kib: ioKib,
        runtime_s: to(d.runtime, "ms", "s"),
        error: number(e.error),
        fio_version: version,
      };
      for (const column of MEASURED) {
        if (row[column] < 0) {
          throw new Error("source holds a negative number, which fio never writes: job " +
            `"${row.job}" ${direction} ${column} is ${g(row[column])}`);
        }
      }
      rows.push(row);
    }
  });
  if (!rows.length) {
    const failed = listed.filter((e) => failedSaying(e.error)).map((e) => `; ${failedSaying(e.error)} for job ` +
      `"${orNull(e.jobname)}"`).join("");
    throw new Error(`source holds no job that did I/O: fio's JSON lists ${listed.length} job(s), none with a ` +
      "read, write or trim that completed" + failed);
  }
  return rows;
}

// What fio said of a job it reports as failed (its error other than 0), or "" for one that ran: the number alone,
// as storageperf.measurements._failed gives it (a table of errno's meanings here would be numbers without a source).
function failedSaying(value) {
  const error = number(value);
  return !Number.isNaN(error) && error !== 0 ? `fio reported error ${g(error)}` : "";
}

// The columns of readFio's rows that fio measured, which no run makes negative.
const MEASURED = ["iops", "mibps", "lat_mean_ms", "clat_p50_ms", "clat_p95_ms", "clat_p99_ms", "bs_kib", "io_kib",
  "runtime_s"];

// Python's round(): halves to even.
function pyRound(x) {
  const r = Math.round(x);
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

function allowedInFlight(engine, iodepth, processes, direct, counted) {
  const who = `${g(processes)} process(es)` + (counted ? " (the group's job_runtime over its runtime: " +
    "group_reporting summed jobs fio printed one job's options for)" : "");
  if (SYNC_ENGINES.includes(engine)) {
    return [processes, `${who} of the synchronous engine ${engine}, one I/O each`];
  }
  if (engine === "libaio" && direct !== true) {  // fio keeps iodepth queued, and its latencies run from its queue
    return [iodepth * processes, `${who} of libaio with buffered I/O at iodepth ${g(iodepth)}: not asynchronous, ` +
      "but fio's latencies include the time an I/O waits in fio's own queue"];
  }
  const name = ASYNC_ENGINES.includes(engine) ? engine
    : engine === null ? "an engine fio did not report (assumed asynchronous)" : `${engine} (assumed asynchronous)`;
  return [iodepth * processes, `${who} of ${name} at iodepth ${g(iodepth)}`];
}

function checked(name, value, unit, fraction) {
  if (value === undefined || value === null) return null;
  if (typeof value !== "number") throw new TypeError(`${name} must be a number, got ${JSON.stringify(value)}`);
  if (!Number.isFinite(value)) throw new Error(`${name} must be a finite number, got ${value}`);
  if (fraction && (value < 0 || value > 1)) {
    throw new Error(`${name} must be between 0 and 1 (a fraction), got ${value}`);
  }
  if (!fraction && value <= 0) throw new Error(`${name} must be greater than 0 ${unit}, got ${value}`);
  return value;
}

/** Check a run (readFio's rows): Little's law, the page cache, the latency, the block size and the read share. */
export function checkRun(rows, opts = {}) {
  if (!Array.isArray(rows)) throw new TypeError("frame must be a table read_fio returned, got " + typeof rows);
  if (!rows.length) {
    throw new Error("frame must be a table read_fio returned, with at least one row; got an empty table");
  }
  const missing = COLUMNS.filter((c) => !(c in rows[0]));
  if (missing.length) {
    throw new Error(`frame must be a table read_fio returned; it lacks the columns ${missing.join(", ")}`);
  }
  const io = checked("io_kib", opts.io_kib, "KiB", false);
  const share = checked("read_share", opts.read_share, "", true);
  const ceiling = checked("ceiling_mibps", opts.ceiling_mibps, "MiB/s", false);
  const memory = checked("memory_gib", opts.memory_gib, "GiB", false);
  const bound = checked("latency_ms", opts.latency_ms, "ms", false);
  const num = (v) => (v === null || v === undefined ? NaN : v);
  const found = [];
  const add = (row, direction, check, ok, detail) =>
    found.push({ entry: row.entry, job: row.job, direction, check, ok: Boolean(ok), detail });
  const entries = [...new Set(rows.map((r) => r.entry))].sort((a, b) => a - b);
  for (const entry of entries) {
    const job = rows.filter((r) => r.entry === entry);
    const first = job[0];
    const failed = failedSaying(first.error);
    if (failed) {  // fio's numbers of a failed job are not a measurement: no other check reads them
      add(first, "all", "fio_error", false,
        `${failed} for this job: it failed, so its numbers measured the failure, not the storage; the other ` +
        "checks are left out.");
      continue;
    }
    const idle = job.filter((r) => number(r.runtime_s) === 0).map((r) => String(r.direction));
    if (idle.length) {  // IOPS and MiB/s are counted over the run time: over none, they count nothing
      add(first, "all", "runtime", false,
        `fio reports a run time of 0 ms for ${idle.join(", ")}: the job measured nothing, so the other checks ` +
        "are left out; run it for longer (--runtime with --time_based).");
      continue;
    }
    // unified_rw_reporting=both: the mixed row holds the I/Os of the read and write rows; count them once
    const isMixed = (r) => r.direction === "mixed";
    const once = job.some(isMixed) && !job.every(isMixed);
    let inFlight = 0;
    for (const r of once ? job.filter(isMixed) : job) inFlight += num(r.iops) * num(r.lat_mean_ms) / MS_PER_S;
    const iodepth = num(first.iodepth), processes = num(first.processes);
    if (!(Number.isNaN(inFlight) || Number.isNaN(iodepth) || Number.isNaN(processes))) {
      const [allowed, why] = allowedInFlight(first.ioengine, iodepth, processes, flag(first.direct),
        processes > num(first.numjobs));
      const high = allowed * (1 + LITTLES_LAW_TOLERANCE), low = allowed * QUEUE_FULL_SHARE;
      let verdict;
      if (inFlight > high) {
        verdict = `more than ${g(high)} (${g(allowed)} + ${formatPercent(LITTLES_LAW_TOLERANCE)}): the run had ` +
          "more I/O in flight than this job's options allow";
      } else if (inFlight < low) {
        verdict = `less than ${g(low)} (${formatPercent(QUEUE_FULL_SHARE)} of ${g(allowed)}): the queue was not ` +
          "kept full, so the client, not the storage, set the pace";
      } else {
        verdict = `within ${g(low)} to ${g(high)} of the ${g(allowed)} allowed`;
      }
      const of = once ? " of the mixed row (unified_rw_reporting=both: the read and write rows count the same I/Os " +
        "again)" : "";
      add(first, "all", "littles_law", low <= inFlight && inFlight <= high,
        `IOPS x mean latency${of} gives ${formatG(inFlight, 3)} I/Os in flight for ${why}, ${verdict}.`);
    }
    if (share !== null) {  // from the read, write and trim rows: the mixed row does not tell reads apart
      let moved = 0, reads = 0;
      for (const r of job) if (!isMixed(r)) moved += num(r.io_kib);
      for (const r of job) if (r.direction === "read") reads += num(r.io_kib);
      if (moved > 0) {
        const measured = reads / moved;
        const ok = Math.abs(measured - share) <= READ_SHARE_TOLERANCE;
        add(first, "all", "read_share", ok,
          `The job read ${formatPercent(measured)} of the bytes it moved against the workload's ` +
          `${formatPercent(share)}` + (ok ? `, within ${formatPercent(READ_SHARE_TOLERANCE)}.`
            : `, more than ${formatPercent(READ_SHARE_TOLERANCE)} off.`));
      }
    }
    for (const row of job) {
      const direction = row.direction, direct = flag(row.direct);
      if (memory !== null || ceiling !== null || direct === false) {
        const reasons = [], facts = [];
        const size = num(row.size_kib), procs = num(row.processes);
        if (memory !== null && direct === false) {
          const filesKib = size * procs;
          if (!Number.isNaN(filesKib)) {
            const fits = filesKib <= convert(memory, "GiB", "KiB");
            facts.push(`buffered I/O on ${formatG(convert(filesKib, "KiB", "MiB"), 4)} MiB of files ` +
              `${fits ? "fits" : "does not fit"} in ${g(memory)} GiB of memory`);
            if (fits) reasons.push("memory");
          }
        }
        if (memory === null && direct === false) {
          facts.push("buffered I/O (direct=0) may have read and written the page cache, and no memory was given to tell");
          reasons.push("unknown");
        }
        if (memory !== null && direct === true) facts.push("direct I/O bypasses the page cache");
        if (ceiling !== null) {
          const over = row.mibps > ceiling * (1 + CEILING_TOLERANCE);
          facts.push(`${formatG(row.mibps, 4)} MiB/s is ${over ? "above" : "within"} the ceiling of ` +
            `${g(ceiling)} MiB/s (+${formatPercent(CEILING_TOLERANCE)})`);
          if (over) reasons.push("ceiling");
        }
        if (facts.length) {
          const sentence = facts.join("; ");
          const end = reasons.includes("memory") ? ": the run probably measured the page cache, not the storage."
            : reasons.includes("ceiling") ? ": the run probably did not measure this option's storage."
              : reasons.length ? ": give the machine's memory to check, or run it again with --direct=1." : ".";
          add(row, direction, "page_cache", !reasons.length, sentence[0].toUpperCase() + sentence.slice(1) + end);
        }
      }
      if (bound !== null && !Number.isNaN(num(row.lat_mean_ms))) {
        const mean = row.lat_mean_ms, p99 = num(row.clat_p99_ms), ok = mean <= bound;
        const tail = Number.isNaN(p99) ? "" : `; its 99th percentile of completion latency, ${formatG(p99, 3)} ms, is ` +
          (p99 > bound ? "above it: one I/O in a hundred took longer" : "within it");
        add(row, direction, "latency", ok, `Mean latency ${formatG(mean, 3)} ms against the workload's bound of ${g(bound)} ms: ` +
          (ok ? "within it" : "above it, so at this load the option does not meet the bound") + tail + ".");
      }
      if (io !== null && !Number.isNaN(num(row.bs_kib))) {
        const ratio = row.bs_kib / io;
        const ok = 1 / BLOCK_SIZE_FACTOR <= ratio && ratio <= BLOCK_SIZE_FACTOR;
        const size = MIXED_BS_OPTIONS.includes(row.bs_option)
          ? `Mean I/O size ${g(row.bs_kib)} KiB (bytes over I/Os, as the job set ${row.bs_option})`
          : `Block size ${g(row.bs_kib)} KiB`;
        add(row, direction, "block_size", ok,
          `${size} against the workload's ${g(io)} KiB, a factor ${formatG(ratio, 3)}` +
          (ok ? `, within ${g(BLOCK_SIZE_FACTOR)}.` : `, beyond ${g(BLOCK_SIZE_FACTOR)}.`));
      }
    }
  }
  return found;
}
