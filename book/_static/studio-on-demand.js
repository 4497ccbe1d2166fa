// What the sizing studio's page (studio-page.js) loads only when a reader asks for it, so that a first visit sends
// less: the downloads of the ranked options (CSV, JSON), and the reading of a reader's fio run (the run's table, the
// checks of fio.js, a sentence on its I/O, direct or buffered and perhaps the page cache, and a chart of each row's
// MiB/s against the chosen option's limit).
import { checkRun } from "./fio.js";
import { el, mibps, painter, pct } from "./studio-page.js";

const COLUMNS = ["rank", "option", "feasible", "binding", "headroom", "monthly_usd", "horizon_usd", "usd_per_mibps",
                 "limit_mibps", "provisioned_tib", "price_complete", "extrapolated", "status", "latency_basis",
                 "chapter", "facts"];

// Beside each row, what it answers: the workload's inputs as the studio's link gives them, its region, and the date
// of the prices
const INPUT_COLUMNS = ["workload", "region", "prices_of"];

function toCsv(rows, inputs) {
  const cell = (v) => {
    const s = v === null || v === undefined || (typeof v === "number" && !Number.isFinite(v)) ? "" : String(v);
    return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  return [[...COLUMNS, ...INPUT_COLUMNS].join(","), ...rows.map((r, i) => [...COLUMNS.map((c) => cell(c === "rank" ? i + 1 : r[c])),
    ...INPUT_COLUMNS.map((c) => cell(inputs[c]))].join(","))].join("\n") + "\n";
}

// A file name that says which workload it answers: region, data, need and the prices' date
function fileName(w, F, ext) {
  const need = w.mibps !== undefined ? `${w.mibps}mibps` : `${w.ops_per_s}ops`;
  return `studio-${w.region}-${w.capacity_tib}tib-${need}-prices-${F.price_snapshot_date}.${ext}`.replace(/[^\w.-]+/g, "_");
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
  const w = state.workload, inputs = {workload: new URLSearchParams(Object.entries(w).filter(([, v]) => v !== undefined)).toString(),
                                      region: `${w.region} (${F.region_names[w.region]})`, prices_of: F.price_snapshot_date};
  if (kind === "csv") return save(fileName(w, F, "csv"), "text/csv", toCsv(state.rows, inputs));
  return save(fileName(w, F, "json"), "application/json",
    JSON.stringify({workload: w, region: inputs.region, facts_date: F.price_snapshot_date,
                    limits_dates: F.limits_dates, guide: F.guide ?? null,
                    options: state.rows.map((r, i) => ({rank: i + 1, ...Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === "number" && !Number.isFinite(v) ? null : v]))}))}, null, 1));
}

// Text at the chart's 12 px, measured as the page draws it (font: the family the chart inherits); a canvas measures
// without laying out the page.
const FONT = 12;
const ruler = document.createElement("canvas").getContext("2d");

// Text cut to `room` px, with an ellipsis, if it is wider (the table below the chart holds every name whole).
function cut(text, room, width) {
  if (width(text) <= room) return text;
  let n = text.length;
  while (n > 1 && width(`${text.slice(0, n)}…`) > room) n -= 1;
  return `${text.slice(0, n)}…`;
}

// Text broken between words into lines no wider than `room` px (a word wider than the room is cut).
function wrap(text, room, width) {
  const lines = [];
  for (const word of text.split(" ")) {
    const longer = lines.length ? `${lines[lines.length - 1]} ${word}` : word;
    if (lines.length && width(longer) <= room) lines[lines.length - 1] = longer; else lines.push(cut(word, room, width));
  }
  return lines;
}

// Each run's MiB/s as a bar, and the chosen option's limit as a dashed line across them, drawn at the width it is
// shown at (as the studio's chart is), so that its text keeps 12 px on a phone: each run's name left of its bar, or
// above it (a job name too long for the width cut short) when the names would take more than a third of the width;
// its value after the bar, in a right margin that holds the longest; the limit's label above, broken onto more lines
// if it is wider than the chart.
// width: the chart's box as last read (runsChart); family: the font its text is drawn in
function drawRuns(svg, runs, option, width, family) {
  ruler.font = `${FONT}px ${family}`;
  const w = (text) => ruler.measureText(text).width;
  const W = Math.floor(Math.min(640, width || 640));
  const names = runs.map((r) => `${r.job} ${r.direction}`), values = runs.map((r) => `${r.mibps.toFixed(1)} MiB/s`);
  const above = Math.max(...names.map(w)) + 8 > W / 3;
  const L = above ? 0 : Math.ceil(Math.max(...names.map(w))) + 8, R = Math.ceil(Math.max(...values.map(w))) + 8;
  const row = above ? 40 : 26, bar = above ? 16 : 4;  // a row's height, and the top of its bar in the row
  const limited = Number.isFinite(option.limit_mibps);
  const label = limited ? wrap(`${option.option}: ${mibps(option.limit_mibps)} MiB/s`, W - 2, w) : [];
  const T = 16 * label.length + 10;
  const add = painter(svg, W, T + row * runs.length + 4);
  const top = Math.max(limited ? option.limit_mibps : 0, ...runs.map((r) => r.mibps)) || 1;
  const x = (v) => L + v / top * (W - L - R), at = x(option.limit_mibps);
  // text over the limit's line (drawn first) is edged in the page's background, so that the line never strikes it out
  const text = {"font-size": FONT, style: "stroke: var(--pst-color-background); stroke-width: 4px; stroke-linejoin: round; paint-order: stroke"};
  if (limited) {
    add("line", {x1: at, x2: at, y1: T - 6, y2: T + row * runs.length, stroke: "currentColor", "stroke-width": 2, "stroke-dasharray": "6 3"});
    // the label's lines, aligned, end at the limit's line, or as near it as the chart's edges let them
    const start = Math.max(1, Math.min(at, W - 1) - Math.max(...label.map(w)));
    label.forEach((line, i) => add("text", {...text, x: start, y: 12 + 16 * i}, line));
  }
  runs.forEach((r, i) => {
    const y = T + i * row;
    if (above) add("text", {...text, x: 0, y: y + 12}, `${cut(r.job, W - 2 - w(` ${r.direction}`), w)} ${r.direction}`);
    else add("text", {...text, x: L - 6, y: y + 15, "text-anchor": "end"}, names[i]);
    add("rect", {x: L, y: y + bar, width: Math.max(1, x(r.mibps) - L), height: 18, fill: "currentColor", "fill-opacity": 0.55});
    add("text", {...text, x: x(r.mibps) + 4, y: y + bar + 13}, values[i]);
  });
  svg.setAttribute("aria-label", `Your fio runs' throughput against the limit of ${option.option}, `
    + `${mibps(option.limit_mibps)} MiB/s: ` + runs.map((r) => `${r.job} ${r.direction} ${r.mibps.toFixed(1)} MiB/s`).join("; "));
  return W;
}

// The chart of the runs, made once and drawn again for each run and option, and at a new width (a phone turned, a
// window resized), as the studio's chart is. Its width is read as the page first shows it, from out before the page
// is changed, and then as it changes: never in between, which would force the page's layout.
let fioChart = null;
function runsChart(out) {
  if (fioChart) return fioChart;
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("role", "img");
  svg.setAttribute("id", "studio-fio-chart");
  svg.setAttribute("class", "studio-chart");
  const chart = {svg, width: out.getBoundingClientRect().width, family: getComputedStyle(out).fontFamily,
                 draw() { chart.W = drawRuns(svg, chart.runs, chart.option, chart.width, chart.family); }};
  new ResizeObserver(() => {
    const now = svg.getBoundingClientRect().width;
    if (!now) return;  // off the page, a message shown instead
    chart.width = now;
    if (Math.floor(Math.min(640, now)) !== chart.W) chart.draw();
  }).observe(svg);
  return (fioChart = chart);
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
  const chart = runsChart(out);
  let gib, checks;
  try {
    gib = fioMemoryGib(memory);
    checks = checkRun(runs, {io_kib: w.io_kib, read_share: w.read_share, ceiling_mibps: chosen.limit_mibps, memory_gib: gib,
                             latency_ms: w.latency_ms});  // the workload's bound, from the form above
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
  Object.assign(chart, {runs, option: chosen}).draw();
  out.replaceChildren(io, chart.svg, el("div", {class: "studio-table-wrap", tabindex: "0", role: "region", "aria-label": "Your fio runs"}, table), found);
}
