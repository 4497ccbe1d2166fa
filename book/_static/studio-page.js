// The sizing studio on the site: a form whose every change reranks the options in the page (studio.js), with the
// inputs in the link, the ranked table (#studio-options), a chart of cost against headroom, CSV and JSON downloads,
// and a fio result file read in the page (fio.js): nothing leaves the browser, nothing is fetched from another host.
import { options } from "./studio.js";

const FIELDS = [
  // name, label, unit, step, default (null: empty, optional)
  ["capacity_tib", "Data to hold", "TiB", "any", 50],
  ["mibps", "Throughput needed", "MiB/s", "any", 2000],
  ["ops_per_s", "or operations a second (instead of MiB/s)", "ops/s", "any", null],
  ["io_kib", "I/O size", "KiB", "any", 64],
  ["read_share", "Share of reads", "0 to 1", "0.05", 1],
  ["latency_ms", "Latency bound (optional)", "ms", "any", null],
  ["cold_share", "Share of the data not read for a month", "0 to 1", "0.05", 0],
  ["months", "Horizon", "months", "1", 12],
  ["growth_tib_per_month", "Growth", "TiB a month", "any", 0],
  ["clients", "Client VMs (optional)", "VMs", "1", null],
];
const COLUMNS = ["rank", "option", "feasible", "binding", "headroom", "monthly_usd", "horizon_usd", "usd_per_mibps",
                 "limit_mibps", "provisioned_tib", "price_complete", "extrapolated", "status", "latency_basis",
                 "chapter", "facts"];
const usd = (v) => (Number.isFinite(v) ? Math.round(v).toLocaleString("en-US") : "—");
const pct = (v) => (Number.isFinite(v) ? `${Math.round(v * 100)} %` : "—");
const mibps = (v) => (Number.isFinite(v) ? Math.round(v).toLocaleString("en-US") : "—");

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") e.textContent = v; else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

// options no other beats on both: cheaper (or as cheap) and with more (or as much) headroom, one of them strictly
export function frontier(rows) {
  const priced = rows.filter((r) => r.feasible && r.price_complete && Number.isFinite(r.monthly_usd));
  return new Set(priced.filter((a) => !priced.some((b) => b !== a && b.monthly_usd <= a.monthly_usd
    && b.headroom >= a.headroom && (b.monthly_usd < a.monthly_usd || b.headroom > a.headroom))).map((r) => r.option));
}

function inputsFromUrl(form) {
  const q = new URLSearchParams(location.search);
  for (const [name] of FIELDS) if (q.has(name)) form.elements[name].value = q.get(name);
  if (q.has("region")) form.elements.region.value = q.get("region");
  if (q.has("ops_per_s") && !q.has("mibps")) form.elements.mibps.value = "";
}

function workloadFromForm(form) {
  const w = {};
  for (const [name] of FIELDS) {
    const raw = form.elements[name].value.trim();
    if (raw !== "") w[name] = Number(raw);
  }
  w.region = form.elements.region.value;
  return w;
}

function toCsv(rows) {
  const cell = (v) => {
    const s = v === null || v === undefined || (typeof v === "number" && !Number.isFinite(v)) ? "" : String(v);
    return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  return [COLUMNS.join(","), ...rows.map((r, i) => COLUMNS.map((c) => cell(c === "rank" ? i + 1 : r[c])).join(","))].join("\n") + "\n";
}

function download(name, type, text) {
  const a = el("a", {href: URL.createObjectURL(new Blob([text], {type})), download: name});
  document.body.append(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 0);
}

// An SVG drawing of W x H user units: clears svg and returns add(tag, attributes, text), which appends an element.
function painter(svg, W, H) {
  const ns = "http://www.w3.org/2000/svg";
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  return (tag, attrs, text) => {
    const e = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    svg.append(e);
    return e;
  };
}

function drawChart(svg, rows, best) {
  const pts = rows.filter((r) => r.feasible && r.price_complete && Number.isFinite(r.monthly_usd));
  const W = 640, H = 320, L = 70, R = 20, T = 20, B = 50;
  const add = painter(svg, W, H);
  if (!pts.length) { add("text", {x: W / 2, y: H / 2, "text-anchor": "middle"}, "No priced option carries this workload"); return; }
  const maxY = Math.max(...pts.map((r) => r.monthly_usd)) * 1.1, minY = 0;
  const x = (h) => L + h * (W - L - R), y = (u) => H - B - (u - minY) / (maxY - minY) * (H - T - B);
  add("line", {x1: L, y1: H - B, x2: W - R, y2: H - B, stroke: "currentColor"});
  add("line", {x1: L, y1: T, x2: L, y2: H - B, stroke: "currentColor"});
  for (const h of [0, 0.25, 0.5, 0.75, 1]) add("text", {x: x(h), y: H - B + 18, "text-anchor": "middle", "font-size": 12}, pct(h));
  for (const f of [0, 0.5, 1]) add("text", {x: L - 6, y: y(maxY * f / 1.1) + 4, "text-anchor": "end", "font-size": 12}, usd(maxY * f / 1.1));
  add("text", {x: (L + W - R) / 2, y: H - 8, "text-anchor": "middle", "font-size": 13}, "Headroom: share of the limit the need leaves unused");
  add("text", {x: 14, y: (T + H - B) / 2, "text-anchor": "middle", "font-size": 13, transform: `rotate(-90 14 ${(T + H - B) / 2})`}, "USD a month");
  for (const r of pts) {
    const on = best.has(r.option);
    const c = add("circle", {cx: x(Math.max(0, Math.min(1, r.headroom))), cy: y(r.monthly_usd), r: on ? 6 : 4,
                             fill: on ? "currentColor" : "none", stroke: "currentColor", "stroke-width": 1.5});
    c.append(document.createElementNS("http://www.w3.org/2000/svg", "title"));
    c.lastChild.textContent = `${r.option}: ${usd(r.monthly_usd)} USD a month, headroom ${pct(r.headroom)}`;
  }
  svg.setAttribute("aria-label", `Monthly cost against headroom of ${pts.length} priced options; filled: no other is both cheaper and has more headroom: ${[...best].join("; ")}`);
}

function renderTable(table, rows, best) {
  const head = el("tr", {}, ...["#", "Option", "Carries it", "What binds", "Headroom", "USD a month", "USD over the horizon",
                                  "USD per MiB/s", "Limit (MiB/s)", "Chapter"].map((h) => el("th", {scope: "col", text: h})));
  const body = rows.map((r, i) => el("tr", {class: r.feasible ? "feasible" : "infeasible"},
    el("td", {text: String(i + 1)}),
    el("th", {scope: "row", text: r.option + (best.has(r.option) ? " ◆" : "") + (r.status === "preview" ? " (preview)" : "")}),
    el("td", {text: r.feasible ? "yes" : "no"}),
    el("td", {text: r.binding + (r.extrapolated ? "; the mix curve is extrapolated here" : "")}),
    el("td", {text: pct(r.headroom)}),
    el("td", {text: r.feasible && !r.price_complete && !Number.isFinite(r.monthly_usd) ? "not priced" : usd(r.monthly_usd)}),
    el("td", {text: usd(r.horizon_usd)}),
    el("td", {text: Number.isFinite(r.usd_per_mibps) ? r.usd_per_mibps.toFixed(2) : "—"}),
    el("td", {text: mibps(r.limit_mibps)}),
    el("td", {}, el("a", {href: `${r.chapter}.html`, text: r.chapter}))));
  table.replaceChildren(el("caption", {text: "Every option, cheapest feasible first (◆: no other option is both cheaper and has more headroom). Options without a complete price come after the priced ones."}),
                        el("thead", {}, head), el("tbody", {}, ...body));
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

async function fioSection(app, state) {
  const input = el("input", {type: "file", id: "studio-fio-file", accept: ".json,.txt,.log,application/json"});
  const label = el("label", {for: "studio-fio-file", text: "Open a fio result (JSON, or what fio printed): it is read in this page and never leaves your browser "});
  const memory = el("input", {type: "number", id: "studio-fio-memory", min: "0", step: "any", inputmode: "decimal"});
  const memoryLabel = el("label", {for: "studio-fio-memory", text: `${FIO_MEMORY_LABEL} `});
  const pick = el("select", {id: "studio-fio-option"});
  const pickLabel = el("label", {for: "studio-fio-option", text: "Compare with "});
  const out = el("div", {id: "studio-fio", "aria-live": "polite"});
  app.append(el("section", {class: "studio-fio", "aria-label": "Your fio run"}, el("h3", {text: "Your own fio run"}),
                el("p", {}, label, input), el("p", {}, memoryLabel, memory), el("p", {}, pickLabel, pick), out));
  let runs = null;
  const fail = (err) => out.replaceChildren(el("p", {role: "alert", class: "studio-error", text: err.message}));
  const show = async () => {
    const { checkRun } = await import("./fio.js");
    const chosen = state.rows.find((r) => r.option === pick.value) || state.rows.find((r) => r.feasible) || state.rows[0];
    const w = state.workload;
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
  };
  state.onRanked = () => {
    const keep = pick.value;
    pick.replaceChildren(...state.rows.filter((r) => r.feasible).map((r) => el("option", {value: r.option, text: r.option})));
    if ([...pick.options].some((o) => o.value === keep)) pick.value = keep;
    if (runs) show();
  };
  pick.addEventListener("change", () => { if (runs) show(); });
  memory.addEventListener("input", () => { if (runs) show(); });
  input.addEventListener("change", async () => {
    const file = input.files[0];
    if (!file) return;
    // the file's bytes: fio.js reads UTF-8, or UTF-16 by its byte-order mark, as read_fio does
    const bytes = new Uint8Array(await file.arrayBuffer());
    try {
      const { readFio } = await import("./fio.js");
      runs = readFio(bytes);
      await show();
    } catch (err) {
      runs = null;
      fail(err);
    }
  });
}

async function main() {
  const app = document.getElementById("studio-app");
  if (!app) return;
  const F = await (await fetch(new URL(app.dataset.facts || "../_static/studio-facts.json", location.href))).json();
  const form = el("form", {class: "studio-form", "aria-label": "Your workload"});
  for (const [name, label, unit, step, value] of FIELDS) {
    form.append(el("div", {class: "studio-field"},
      el("label", {for: `studio-${name}`, text: `${label} (${unit})`}),
      el("input", {id: `studio-${name}`, name, type: "number", step, min: "0", inputmode: "decimal",
                   value: value === null ? "" : String(value)})));
  }
  const region = el("select", {id: "studio-region", name: "region"}, ...F.regions.map((r) => el("option", {value: r, text: r})));
  region.value = "eastus";
  form.append(el("div", {class: "studio-field"}, el("label", {for: "studio-region", text: "Azure region (prices and the cool-access rule)"}), region));
  const error = el("p", {role: "alert", class: "studio-error", id: "studio-error"});
  const status = el("p", {role: "status", id: "studio-answer", class: "studio-answer"});
  const buttons = el("div", {class: "studio-downloads"},
    el("button", {type: "button", id: "studio-csv", text: "Download the options (CSV)"}),
    el("button", {type: "button", id: "studio-json", text: "Download the options and inputs (JSON)"}));
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("role", "img");
  svg.setAttribute("id", "studio-chart");
  svg.setAttribute("class", "studio-chart");
  const table = el("table", {id: "studio-options", class: "studio-options"});
  app.append(form, error, status, buttons, svg, el("div", {class: "studio-table-wrap", tabindex: "0", role: "region", "aria-label": "Ranked options"}, table));
  inputsFromUrl(form);
  const state = {rows: [], workload: null};

  function update() {
    const w = workloadFromForm(form);
    if (document.activeElement === form.elements.ops_per_s && form.elements.ops_per_s.value !== "") { form.elements.mibps.value = ""; delete w.mibps; }
    if (document.activeElement === form.elements.mibps && form.elements.mibps.value !== "") { form.elements.ops_per_s.value = ""; delete w.ops_per_s; }
    let rows;
    try {
      rows = options(F, w);
    } catch (err) {
      error.textContent = err.message;
      return;
    }
    error.textContent = "";
    state.rows = rows;
    state.workload = {...w, io_kib: w.io_kib ?? 64, read_share: w.read_share ?? 1};
    const best = frontier(rows);
    renderTable(table, rows, best);
    drawChart(svg, rows, best);
    const top = rows[0], n = rows.filter((r) => r.feasible).length;
    status.textContent = top.feasible && top.price_complete
      ? `Cheapest that carries it: ${top.option}, ${usd(top.monthly_usd)} USD a month (${top.binding}); ${n} of ${rows.length} options carry it.`
      : `No priced option carries it; ${n} of ${rows.length} options carry it.`;
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(w)) q.set(k, String(v));
    history.replaceState(null, "", `${location.pathname}?${q}${location.hash}`);
    if (state.onRanked) state.onRanked();
  }
  form.addEventListener("input", update);
  form.addEventListener("submit", (e) => e.preventDefault());
  buttons.querySelector("#studio-csv").addEventListener("click", () => download("studio-options.csv", "text/csv", toCsv(state.rows)));
  buttons.querySelector("#studio-json").addEventListener("click", () => download("studio-options.json", "application/json",
    JSON.stringify({workload: state.workload, facts_date: F.price_snapshot_date,
                    options: state.rows.map((r, i) => ({rank: i + 1, ...Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === "number" && !Number.isFinite(v) ? null : v]))}))}, null, 1)));
  await fioSection(app, state);
  update();
  window.studioReady = true;
}

main();
