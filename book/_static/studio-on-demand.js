// What the sizing studio's page (studio-page.js) loads only when a reader asks for it, so that a first visit sends
// less: the downloads of the ranked options (CSV, JSON), and the reading of a reader's fio run (the run's table, the
// checks of fio.js, a sentence on its I/O, direct or buffered and perhaps the page cache, and a chart of each row's
// MiB/s against the chosen option's limit).
import { checkRun } from "./fio.js";
import { el, mibps, painter, pct } from "./studio-page.js";

const COLUMNS = ["rank", "option", "feasible", "binding", "headroom", "monthly_usd", "horizon_usd", "usd_per_mibps",
                 "limit_mibps", "provisioned_tib", "price_complete", "extrapolated", "status", "latency_basis",
                 "chapter", "facts"];

function toCsv(rows) {
  const cell = (v) => {
    const s = v === null || v === undefined || (typeof v === "number" && !Number.isFinite(v)) ? "" : String(v);
    return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  return [COLUMNS.join(","), ...rows.map((r, i) => COLUMNS.map((c) => cell(c === "rank" ? i + 1 : r[c])).join(","))].join("\n") + "\n";
}

function save(name, type, text) {
  const a = el("a", {href: URL.createObjectURL(new Blob([text], {type})), download: name});
  document.body.append(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 0);
}

// The ranked options as a file: "csv" (a row an option, its COLUMNS) or "json" (the inputs, the price snapshot's
// date and every row, ranked).
export function download(kind, state, F) {
  if (kind === "csv") return save("studio-options.csv", "text/csv", toCsv(state.rows));
  return save("studio-options.json", "application/json",
    JSON.stringify({workload: state.workload, facts_date: F.price_snapshot_date,
                    options: state.rows.map((r, i) => ({rank: i + 1, ...Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === "number" && !Number.isFinite(v) ? null : v]))}))}, null, 1));
}

function drawRuns(svg, runs, option) {
  // each run's MiB/s as a bar, and the chosen option's limit as a line across them
  const W = 640, row = 26, L = 150, R = 20, T = 24;
  const H = T + row * runs.length + 30;
  const add = painter(svg, W, H);
  const top = Math.max(option.limit_mibps || 0, ...runs.map((r) => r.mibps)) * 1.1;
  const x = (v) => L + v / top * (W - L - R);
  runs.forEach((r, i) => {
    const y = T + i * row;
    add("text", {x: L - 6, y: y + 15, "text-anchor": "end", "font-size": 12}, `${r.job} ${r.direction}`);
    add("rect", {x: L, y: y + 4, width: Math.max(1, x(r.mibps) - L), height: row - 8, fill: "currentColor", "fill-opacity": 0.55});
    add("text", {x: x(r.mibps) + 4, y: y + 15, "font-size": 12}, `${r.mibps.toFixed(1)} MiB/s`);
  });
  if (Number.isFinite(option.limit_mibps)) {
    add("line", {x1: x(option.limit_mibps), x2: x(option.limit_mibps), y1: T - 6, y2: T + row * runs.length,
                 stroke: "currentColor", "stroke-width": 2, "stroke-dasharray": "6 3"});
    add("text", {x: Math.min(x(option.limit_mibps), W - R), y: T - 10, "text-anchor": "end", "font-size": 12},
        `${option.option}: ${mibps(option.limit_mibps)} MiB/s`);
  }
  svg.setAttribute("aria-label", `Your fio runs' throughput against the limit of ${option.option}, `
    + `${mibps(option.limit_mibps)} MiB/s: ` + runs.map((r) => `${r.job} ${r.direction} ${r.mibps.toFixed(1)} MiB/s`).join("; "));
}

// The fio section's memory input: its label, and its value as checkRun's memory_gib (undefined when empty); a one-line
// message naming the label and what was typed when it is not a number above 0.
const FIO_MEMORY_LABEL = "Memory of the machine fio ran on (GiB)";
function fioMemoryGib(input) {
  const raw = input.value.trim();
  if (raw === "" && !input.validity.badInput) return undefined;
  const gib = Number(raw);
  if (input.validity.badInput || !Number.isFinite(gib) || gib <= 0) {
    throw new Error(`${FIO_MEMORY_LABEL} must be a number greater than 0; got '${raw}'`);
  }
  return gib;
}

// Whether a row's I/O went through the page cache, as the table says it.
const fioIo = (r) => (r.direct === true ? "direct" : r.direct === false ? "buffered" : "not stated");

// One sentence on the run's I/O: direct, or buffered and so perhaps (or, by the machine's memory, surely) the page
// cache rather than the storage; with "Check:" before it when the run may not have measured the storage.
function fioIoNote(runs, checks, memory) {
  const buffered = runs.filter((r) => r.direct === false), unknown = runs.filter((r) => r.direct === null);
  const pageCache = checks.filter((c) => c.check === "page_cache");
  const cached = pageCache.filter((c) => !c.ok && c.detail.includes("measured the page cache"));
  if (cached.length) {
    return "Check: the run used buffered I/O (direct=0) on files that fit in the machine's memory, so it measured the page "
      + `cache, not the storage (${cached.map((c) => `${c.job} ${c.direction}`).join(", ")}). Run it again with --direct=1.`;
  }
  if (buffered.length) {
    const which = buffered.map((r) => `${r.job} ${r.direction}`).join(", ");
    const larger = pageCache.some((c) => c.detail.includes("does not fit"));
    return `Check: the run used buffered I/O (direct=0) for ${which}: its reads and writes may have gone to the page `
      + "cache, not the storage. " + (memory === undefined
      ? "Enter the memory of the machine fio ran on, above, to check, or run it again with --direct=1."
      : larger ? "Its files do not fit in that memory, but the page cache may still hold part of them; --direct=1 "
        + "measures the storage alone."
      : "fio did not print the size of its files, so the memory cannot tell; --direct=1 measures the storage alone.");
  }
  if (unknown.length) return "fio did not print whether the run used direct I/O (fio before 2.3 prints no job options).";
  return "The run used direct I/O (direct=1): it bypassed the page cache.";
}

// Into out, a run's rows against the chosen option for the workload w, with the memory input's value; fail(err)
// shows a message instead.
export function showRuns(out, runs, chosen, w, memory, fail) {
  let gib, checks;
  try {
    gib = fioMemoryGib(memory);
    checks = checkRun(runs, {io_kib: w.io_kib, read_share: w.read_share, ceiling_mibps: chosen.limit_mibps, memory_gib: gib});
  } catch (err) {
    fail(err);
    return;
  }
  const num = (v, d) => (Number.isFinite(v) ? v.toFixed(d) : "—");
  const block = (r) => (["bssplit", "blocksize_split", "bsrange", "blocksize_range"].includes(r.bs_option)
    ? `${num(r.bs_kib, 1)} (mean of ${r.bs_option})` : num(r.bs_kib, 0));
  const table = el("table", {id: "studio-fio-runs"}, el("caption", {text: `${runs.length} job and direction rows, against ${chosen.option} (limit ${mibps(chosen.limit_mibps)} MiB/s)`}),
    el("thead", {}, el("tr", {}, ...["Job", "Direction", "I/O", "MiB/s", "IOPS", "Mean latency (ms)", "p99 (ms)", "Block (KiB)", "Share of the option's limit"].map((h) => el("th", {scope: "col", text: h})))),
    el("tbody", {}, ...runs.map((r) => el("tr", {}, el("th", {scope: "row", text: r.job}), el("td", {text: r.direction}),
      el("td", {text: fioIo(r)}),
      el("td", {text: num(r.mibps, 1)}), el("td", {text: Number.isFinite(r.iops) ? Math.round(r.iops).toLocaleString("en-US") : "—"}),
      el("td", {text: num(r.lat_mean_ms, 3)}), el("td", {text: num(r.clat_p99_ms, 3)}),
      el("td", {text: block(r)}), el("td", {text: pct(r.mibps / chosen.limit_mibps)})))));
  const note = fioIoNote(runs, checks, gib);
  const io = el("p", {id: "studio-fio-io", class: note.startsWith("Check:") ? "warn" : "ok", text: note});
  const found = el("ul", {id: "studio-fio-checks"}, ...checks.map((c) => el("li", {class: c.ok ? "ok" : "warn", text: `${c.ok ? "OK" : "Check"}: ${c.job} ${c.direction}, ${c.check}: ${c.detail}`})));
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("role", "img");
  svg.setAttribute("id", "studio-fio-chart");
  svg.setAttribute("class", "studio-chart");
  drawRuns(svg, runs, chosen);
  out.replaceChildren(io, svg, el("div", {class: "studio-table-wrap", tabindex: "0", role: "region", "aria-label": "Your fio runs"}, table), found);
}
