// The sizing studio on the site: a form whose every change reranks the options in the page (studio.js), with the
// inputs in the link; the answer, the best few options side by side, a chart of cost against headroom, the ranked
// table (#studio-options), CSV and JSON downloads, and a fio result file read in the page (fio.js): nothing leaves
// the browser, nothing is fetched from another host. An input it cannot read is refused by its label and the value
// typed, and no answer is left on screen or in the downloads until it is corrected. A link with the studio's inputs
// (shared, or copied with "Copy link" beside the answer) opens the page at the studio.
import { copyLink } from "./copy-link.js";
import { loadJSON } from "./load-json.js";
import { options, regionNamed, verdict, workload } from "./studio.js";

const FIELDS = [
  // name, label, unit, default (null: empty, optional)
  ["capacity_tib", "Data to hold", "TiB", 50],
  ["mibps", "Throughput needed", "MiB/s", 2000],
  ["ops_per_s", "Operations a second, instead of MiB/s", "ops/s", null],
  ["io_kib", "I/O size", "KiB", 64],
  ["read_share", "Share of reads", "0 to 1", 1],
  ["latency_ms", "Latency bound (optional)", "ms", null],
  ["cold_share", "Share of the data not read for a month", "0 to 1", 0],
  ["months", "Horizon", "months", 12],
  ["growth_tib_per_month", "Growth", "TiB a month", 0],
  ["clients", "Client VMs (optional)", "VMs", null],
  ["target_utilization", "Target utilization of each limit", "0 to 1", null],
];
const LABEL = Object.fromEntries(FIELDS.map(([name, label, unit]) => [name, `${label} (${unit})`]));
const BEST = 3;  // the options shown side by side above the table
// Math.round(v).toLocaleString("en-US"), with one formatter rather than a new one for every number shown
const WHOLE = new Intl.NumberFormat("en-US");
export const mibps = (v) => (Number.isFinite(v) ? WHOLE.format(Math.round(v)) : "—");
const usd = mibps;
export const pct = (v) => (Number.isFinite(v) ? `${Math.round(v * 100)} %` : "—");
const monthsText = (n) => `${n} month${n === 1 ? "" : "s"}`;
// a row's latency and what it rests on (storageperf.studio's latency_ms and latency_basis)
const latencyText = (r) => (r.latency_basis === "none" ? "not known"
  : Number.isFinite(r.latency_ms) ? `${r.latency_ms.toFixed(2)} ms, ${r.latency_basis}` : r.latency_basis);
const measured = (r) => (r.extrapolated ? "beyond what was measured (extrapolated)" : "inside what was measured")
  + `; latency ${latencyText(r)}`;

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") e.textContent = v; else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

// options no other beats on both: as cheap or cheaper over the horizon (the cost that ranks; costs equal to the cent
// are equal, whatever order the arithmetic added them in) and with as much headroom or more, one of them strictly
export function frontier(rows) {
  const priced = rows.filter((r) => r.feasible && r.price_complete && Number.isFinite(r.horizon_usd));
  const cents = (r) => Math.round(r.horizon_usd * 100);
  return new Set(priced.filter((a) => !priced.some((b) => b !== a && cents(b) <= cents(a)
    && b.headroom >= a.headroom && (cents(b) < cents(a) || b.headroom > a.headroom))).map((r) => r.option));
}

// A number as a reader writes it: digits with a decimal point and an exponent, or grouped in thousands (1,000).
const PLAIN = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const GROUPED = /^[+-]?\d{1,3}(,\d{3})+(\.\d*)?$/;

const given = (v) => v !== undefined && v !== null && v !== "";

// The workload the form says, for options(); throws a message naming a field by its label, with the value typed.
function workloadFrom(typed, F) {
  const w = {};
  for (const [name] of FIELDS) {
    const raw = typed[name];
    if (raw === "") continue;
    if (PLAIN.test(raw)) w[name] = Number(raw);
    else if (GROUPED.test(raw)) w[name] = Number(raw.replaceAll(",", ""));
    else throw new Error(`${LABEL[name]} must be a number; got '${raw}'`);
  }
  if (w.capacity_tib === undefined) throw new Error(`${LABEL.capacity_tib} is empty: give a number greater than 0`);
  if ((w.mibps === undefined) === (w.ops_per_s === undefined)) {
    throw new Error(w.mibps === undefined ? `Give ${LABEL.mibps} or ${LABEL.ops_per_s}: both are empty`
      : `Give one of ${LABEL.mibps} and ${LABEL.ops_per_s}, not both; got '${typed.mibps}' and '${typed.ops_per_s}'`);
  }
  let region;
  try {
    region = regionNamed(F, typed.region);
  } catch (err) {
    throw new Error(`Azure ${err.message.replace(/ \([a-z0-9, ]+\); got /, "; got ")}`);
  }
  if (!["general", "eda"].includes(typed.load)) throw new Error(`Kind of load must be general or eda; got '${typed.load}'`);
  if (typed.access && !F.access_patterns.includes(typed.access)) throw new Error(`Access pattern must be one of ${F.access_patterns.join(", ")}; got '${typed.access}'`);
  return {...w, region, ...(typed.load === "eda" ? {load: "eda"} : {}), ...(typed.access ? {access: typed.access} : {})};
}

// The model's message (it names a parameter) in the form's words: its label, and the value as typed.
function labelled(message, typed) {
  const m = /^(\w+) (.*?)[,;] got .*$/.exec(message);
  if (m && LABEL[m[1]]) return `${LABEL[m[1]]} ${m[2]}; got '${typed[m[1]]}'`;
  return message.replace(/\w+/g, (name) => (name.includes("_") && LABEL[name]) || name);
}

// Where an answer's numbers come from, dated: the region's prices and their snapshot's age today, and the dates of the
// pages the limits come from (storageperf.studio.limits_dates)
function datedText(F, region) {
  const days = Math.floor((Date.now() - Date.parse(`${F.price_snapshot_date}T00:00:00Z`)) / F.ms_per_day);
  const [oldest, newest] = F.limits_dates["Azure NetApp Files"];
  return `Prices: Azure Retail Prices for ${region} (${F.region_names[region]}), snapshot of ${F.price_snapshot_date} (${days} days before today); `
    + `Azure NetApp Files limits: Microsoft's pages of ${oldest} to ${newest}.`;
}

// The guide's version, as storageperf_book.version.version_text words it.
function versionText(guide) {
  if (!guide) return "";
  return `Guide built ${guide.built} from ${guide.commit ? `commit ${guide.commit}` : "a copy without its history"}.`;
}

// Whether the page's link is the studio's: it carries the studio's inputs, and is not a calculator's (calculator.js).
function studioLink() {
  const q = new URLSearchParams(location.search);
  return !q.has("calc") && [...FIELDS.map(([name]) => name), "region", "load", "access", "carries"].some((name) => q.has(name));
}

function inputsFromUrl(form, F, note) {
  const q = new URLSearchParams(location.search);
  if (q.has("calc")) return;  // the link of a calculator on this page, whose inputs may share the studio's names
  for (const [name] of FIELDS) if (q.has(name)) form.elements[name].value = q.get(name);
  if (q.has("ops_per_s") && !q.has("mibps")) form.elements.mibps.value = "";
  form.elements.carries.checked = q.get("carries") === "1";
  // a value the select does not offer is kept as an option of its own, so that the form shows what the link asked
  // for and refuses it
  const keep = (select, value, what) => {
    if (![...select.options].some((o) => o.value === value)) {
      select.append(el("option", {value, "data-unknown": "", text: `${value} (not a ${what} the guide knows)`}));
    }
    select.value = value;
  };
  if (q.get("load") !== null) keep(form.elements.load, q.get("load"), "kind");
  if (q.get("access") !== null) keep(form.elements.access, q.get("access"), "pattern");
  const given = q.get("region");
  if (given === null) return;
  form.elements.region.value = given;   // as the link gives it: read as a region, or refused by name
  try {
    const match = regionNamed(F, given);
    if (match !== given) note.textContent = `The link's region '${given}' is read as ${match} (${F.region_names[match]}).`;
  } catch { /* refused when the form is read, with its message */ }
}

// An SVG drawing of W x H user units: clears svg and returns add(tag, attributes, text), which appends an element.
export function painter(svg, W, H) {
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

// Cost over the horizon against headroom, one focusable point an option (arrow keys step between them), drawn at
// the width it is shown at, so that its text keeps its size on a phone.
// width: the chart's box, read before the page is changed (reading it after forces the whole page's layout)
function drawChart(svg, rows, best, months, width = svg.getBoundingClientRect().width) {
  const pts = rows.filter((r) => r.feasible && r.price_complete && Number.isFinite(r.horizon_usd));
  const W = Math.floor(Math.min(640, width || 640)), H = 320, L = 84, R = 20, T = 20, B = 50;
  const add = painter(svg, W, H);
  if (!pts.length) {
    add("text", {x: W / 2, y: H / 2, "text-anchor": "middle", "font-size": 13}, rows.length ? "No priced option carries this workload" : "No answer until the input is corrected");
    svg.setAttribute("aria-label", "Cost against headroom: no option to show");
    return;
  }
  const maxY = Math.max(...pts.map((r) => r.horizon_usd)) * 1.1, minY = 0;
  const x = (h) => L + h * (W - L - R), y = (u) => H - B - (u - minY) / (maxY - minY) * (H - T - B);
  add("line", {x1: L, y1: H - B, x2: W - R, y2: H - B, stroke: "currentColor"});
  add("line", {x1: L, y1: T, x2: L, y2: H - B, stroke: "currentColor"});
  for (const h of [0, 0.25, 0.5, 0.75, 1]) add("text", {x: x(h), y: H - B + 18, "text-anchor": "middle", "font-size": 12}, pct(h));
  for (const f of [0, 0.5, 1]) add("text", {x: L - 6, y: y(maxY * f / 1.1) + 4, "text-anchor": "end", "font-size": 12}, usd(maxY * f / 1.1));
  add("text", {x: (L + W - R) / 2, y: H - 8, "text-anchor": "middle", "font-size": 13},
      W < 480 ? "Headroom (share of the limit unused)" : "Headroom: share of the limit the need leaves unused");
  add("text", {x: 12, y: (T + H - B) / 2, "text-anchor": "middle", "font-size": 13, transform: `rotate(-90 12 ${(T + H - B) / 2})`},
      `USD over the horizon (${monthsText(months)})`);
  pts.forEach((r, i) => {
    const on = best.has(r.option);
    const g = add("g", {class: "studio-point", tabindex: i ? -1 : 0, role: "img",
                        "aria-label": `${r.option}${on ? " ◆" : ""}: ${usd(r.horizon_usd)} USD over ${monthsText(months)}, headroom ${pct(r.headroom)}`});
    g.append(add("circle", {cx: x(Math.max(0, Math.min(1, r.headroom))), cy: y(r.horizon_usd), r: on ? 6 : 4,
                            fill: on ? "currentColor" : "none", stroke: "currentColor", "stroke-width": 1.5,
                            "pointer-events": "all"}));  // a ring answers a pointer inside it, not on its stroke only
  });
  svg.setAttribute("aria-label", `Cost over the horizon (${monthsText(months)}) against headroom of ${pts.length} priced options; `
    + `filled: no other is both cheaper over the horizon and has more headroom: ${[...best].join("; ")}. Arrow keys step between the points`);
}

// The label of the point pointed at or focused, beside it.
function pointLabels(svg, tip) {
  const show = (g) => {
    if (!g) { tip.hidden = true; return; }
    const box = svg.getBoundingClientRect(), c = g.firstChild, k = box.width / svg.viewBox.baseVal.width;
    const cx = c.cx.baseVal.value * k, cy = c.cy.baseVal.value * k;
    tip.textContent = g.getAttribute("aria-label");
    tip.hidden = false;
    tip.style.top = `${cy + 12}px`;
    tip.style.left = cx < box.width / 2 ? `${cx}px` : "";
    tip.style.right = cx < box.width / 2 ? "" : `${box.width - cx}px`;
  };
  svg.addEventListener("pointerover", (e) => show(e.target.closest(".studio-point") || svg.querySelector(".studio-point:focus")));
  svg.addEventListener("pointerleave", () => show(svg.querySelector(".studio-point:focus")));
  svg.addEventListener("focusin", (e) => show(e.target.closest(".studio-point")));
  svg.addEventListener("focusout", () => show(null));
  svg.addEventListener("keydown", (e) => {
    const points = [...svg.querySelectorAll(".studio-point")], i = points.indexOf(document.activeElement);
    const step = {ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1}[e.key];
    if (i < 0 || !step) return;
    e.preventDefault();
    const next = points[(i + step + points.length) % points.length];
    points.forEach((p) => p.setAttribute("tabindex", p === next ? 0 : -1));
    next.focus();
  });
}

// Elements built once and kept: show(items, fill) leaves one of make()'s {node, t} in parent for each item, in order,
// and writes into its texts t the strings fill(item, i, that {node, t}) gives, where they changed. An answer so
// rewrites only the text that changed rather than rebuilding the table and the cards, whose hundreds of new elements,
// and the old ones to collect, took most of an answer's time. A text's last value is kept in JavaScript beside its
// node: reading it back from the page makes a string the page owns, and a thousand of those an answer lengthened the
// collector's pauses past a frame.
const text = () => ({node: document.createTextNode(""), v: ""});
const put = (t, v) => { v = `${v ?? ""}`; if (t.v !== v) { t.v = v; t.node.data = v; } };
const texts = (n) => Array.from({length: n}, text);
function kept(parent, make) {
  const made = [];
  return (items, fill) => {
    items.forEach((item, i) => {
      const m = made[i] ??= make();
      if (!m.node.parentNode) parent.append(m.node);
      fill(item, i, m).forEach((v, j) => put(m.t[j], v));
    });
    for (const m of made.slice(items.length)) m.node.remove();
  };
}

const COLS = [["#"], ["Option"], [], ["USD a month"], ["Headroom"], ["Carries it"], ["What binds"], ["Status"],
              ["USD per MiB/s", "more"], ["Limit (MiB/s)", "more"], ["Latency (ms) and its basis", "more"], ["Chapter", "more"]];

// The ranked table: the header and a row an option, built once and rewritten where an answer changes them.
function tableView(table, caption) {
  const horizon = text(), said = text();
  caption.append(said.node);
  const head = el("thead", {}, el("tr", {}, ...COLS.map(([h, c], j) => el("th", {scope: "col", ...(c ? {class: c} : {})}, j === 2 ? horizon.node : h))));
  const body = el("tbody");
  const show = kept(body, () => {
    const t = texts(COLS.length), a = el("a", {}, t[11].node);
    // each cell says its column (data-label): on a phone a row is a card of labelled lines, nothing off to the side
    const label = (j) => ({"data-label": j === 2 ? "USD over the horizon" : COLS[j][0]});
    return {t, a, is: {}, node: el("tr", {}, ...t.map(({node: x}, j) => (j === 1 ? el("th", {scope: "row"}, x)
      : el("td", {...label(j), ...(j === 6 ? {class: "binds"} : COLS[j][1] ? {class: "more"} : {})}, j === 11 ? a : x))))};
  });
  return (rows, best, months) => {
    if (!rows.length) {
      put(said, "No options until the input above is corrected.");
      table.replaceChildren();
      return;
    }
    put(horizon, `USD over the horizon (${monthsText(months)})`);
    show(rows, (r, i, {a, node, is}) => {
      const c = r.feasible ? "feasible" : "infeasible", href = `${r.chapter}.html`;
      if (is.c !== c) node.className = is.c = c;
      if (is.href !== href) a.setAttribute("href", is.href = href);
      return [i + 1, r.option + (best.has(r.option) ? " ◆" : ""), usd(r.horizon_usd),
        r.feasible && !r.price_complete && !Number.isFinite(r.monthly_usd) ? "not priced" : usd(r.monthly_usd),
        pct(r.headroom), r.feasible ? "yes" : "no", r.binding, r.status,
        Number.isFinite(r.usd_per_mibps) ? r.usd_per_mibps.toFixed(2) : "—", mibps(r.limit_mibps), latencyText(r), r.chapter];
    });
    const words = `Every option, ranked by its cost over the horizon (USD over ${monthsText(months)}), cheapest first `
      + "among those that carry the workload (◆: no other option is both cheaper over the horizon and has more headroom). "
      + "Options without a complete price come after the priced ones.";
    put(said, words);
    if (!table.firstChild) table.append(head, body);
  };
}

// The best few options that carry it, side by side: what a reader compares before the whole table.
function bestView(list) {
  const show = kept(list, () => {
    const t = texts(13);
    return {t, node: el("li", {}, el("strong", {}, t[0].node), el("dl", {}, ...t.slice(1).map((x, j) => el(j % 2 ? "dd" : "dt", {}, x.node))))};
  });
  return (rows, months) => show(rows.filter((r) => r.feasible).slice(0, BEST), (r) => [r.option,
    `USD over the horizon (${monthsText(months)})`, usd(r.horizon_usd),
    "USD a month", r.price_complete ? usd(r.monthly_usd) : `${usd(r.monthly_usd)}, not a complete price`,
    "Headroom", pct(r.headroom), "What binds", r.binding, "Status", r.status, "Measured", measured(r)]);
}

// The workload in a line, as the form says it: what a pinned answer was for.
function workloadText(w, months, F) {
  const need = w.mibps !== undefined ? `${mibps(w.mibps)} MiB/s` : `${mibps(w.ops_per_s)} ops/s`;
  return [`${w.capacity_tib} TiB`, need, `${w.io_kib} KiB`, `${pct(w.read_share)} reads`,
    ...(w.cold_share ? [`${pct(w.cold_share)} cold`] : []), ...(w.latency_ms !== undefined ? [`at most ${w.latency_ms} ms`] : []),
    ...(w.clients !== undefined ? [`${w.clients} client VMs`] : []), ...(w.growth_tib_per_month ? [`${w.growth_tib_per_month} TiB a month more`] : []),
    ...(w.access !== undefined ? [`${w.access} I/O`] : []), monthsText(months), F.region_names[w.region],
    ...(w.load === "eda" ? ["EDA"] : [])].join(", ");
}

// "Pin this answer": the answer shown beside the one the form gives now, a column each, to compare two workloads
// (or two settings of one) on a projector. The pinned column stays as it was; the other follows the form.
const PIN_ROWS = ["Workload", "Cheapest that carries it", "USD a month", "USD over the horizon", "Headroom", "What binds",
                  "Measured"];
function pinView(box, F) {
  const now = texts(PIN_ROWS.length), pinned = texts(PIN_ROWS.length);
  const unpin = el("button", {type: "button", id: "studio-unpin", text: "Unpin"});
  box.append(el("table", {class: "studio-pin-table", "aria-labelledby": "studio-pin-caption"},
    el("thead", {}, el("tr", {}, el("td"), el("th", {scope: "col", text: "Pinned"}), el("th", {scope: "col", text: "Now"}))),
    el("tbody", {}, ...PIN_ROWS.map((h, i) => el("tr", {}, el("th", {scope: "row", text: h}), el("td", {}, pinned[i].node), el("td", {}, now[i].node))))),
  el("p", {}, unpin));
  box.prepend(el("p", {id: "studio-pin-caption", class: "studio-caption", text: "The pinned answer beside the form's answer now."}));
  box.hidden = true;
  let shown = [];
  const describe = (state) => {
    const top = state.rows.find((r) => r.feasible);
    if (!state.workload) return PIN_ROWS.map((_, i) => (i ? "—" : "no answer: an input is wrong"));
    const w = workloadText(state.workload, state.months, F);
    if (!top) return [w, "none carries it", "—", "—", "—", "—", "—"];
    const said = verdict(state.rows, state.workload.latency_ms !== undefined);
    const bound = said.startsWith("latency") ? `; no option is known to meet the bound (${said})` : "";
    return [w, top.option, top.price_complete ? usd(top.monthly_usd) : `${usd(top.monthly_usd)}, not a complete price`,
      `${usd(top.horizon_usd)} (${monthsText(state.months)})`, pct(top.headroom), top.binding, measured(top) + bound];
  };
  unpin.addEventListener("click", () => {  // focus back where the reader pinned, or to the form while it cannot pin
    const pin = document.getElementById("studio-pin");
    box.hidden = true;
    (pin.disabled ? document.getElementById("studio-capacity_tib") : pin).focus();
  });
  return {
    pin(state) { shown = describe(state); shown.forEach((v, i) => put(pinned[i], v)); box.hidden = false; },
    follow(state) { if (!box.hidden) describe(state).forEach((v, i) => put(now[i], v)); },
  };
}

async function fioSection(app, state) {
  const input = el("input", {type: "file", id: "studio-fio-file", accept: ".json,.txt,.log,application/json"});
  const label = el("label", {for: "studio-fio-file", text: "Open a fio result (JSON, or what fio printed): it is read in this page and never leaves your browser "});
  const memory = el("input", {type: "number", id: "studio-fio-memory", min: "0", step: "any", inputmode: "decimal"});
  const memoryLabel = el("label", {for: "studio-fio-memory", text: "Memory of the machine fio ran on (GiB) "});
  const pick = el("select", {id: "studio-fio-option"});
  const pickLabel = el("label", {for: "studio-fio-option", text: "Compare with "});
  const out = el("div", {id: "studio-fio", "aria-live": "polite"});
  app.append(el("section", {class: "studio-fio", "aria-label": "Your fio run"}, el("h3", {text: "Your own fio run"}),
                el("p", {}, label, input), el("p", {}, memoryLabel, memory), el("p", {}, pickLabel, pick), out));
  let runs = null;
  const fail = (err) => out.replaceChildren(el("p", {role: "alert", class: "studio-error", text: err.message}));
  const show = async () => {  // the run's table, checks and chart: studio-on-demand.js, loaded once a file is opened
    const chosen = state.rows.find((r) => r.option === pick.value) || state.rows.find((r) => r.feasible) || state.rows[0];
    (await import("./studio-on-demand.js")).showRuns(out, runs, chosen, state.workload, memory, fail);
  };
  let listed = "";  // the options the list offers, one a line: rebuilt only when they change
  state.onRanked = () => {
    if (!state.rows.length) {  // no answer while an input is wrong: nothing to compare a run with
      pick.replaceChildren();
      listed = "";
      if (runs) out.replaceChildren(el("p", {text: "No option to compare your run with until the workload's inputs are corrected."}));
      return;
    }
    const carrying = state.rows.filter((r) => r.feasible).map((r) => r.option), keep = pick.value;
    if (carrying.join("\n") !== listed) {
      pick.replaceChildren(...carrying.map((o) => el("option", {value: o, text: o})));
      if (carrying.includes(keep)) pick.value = keep;
      listed = carrying.join("\n");
    }
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
  app.replaceChildren();  // the page's note for a reader who opened it from the file system, where no script runs
  const F = await loadJSON(new URL(app.dataset.facts || "../_static/studio-facts.json", location.href));
  const form = el("form", {class: "studio-form", "aria-label": "Your workload"});
  for (const [name, , , value] of FIELDS) {
    form.append(el("div", {class: "studio-field"},
      el("label", {for: `studio-${name}`, text: LABEL[name]}),
      el("input", {id: `studio-${name}`, name, type: "text", inputmode: "decimal", autocomplete: "off",
                   spellcheck: "false", value: value === null ? "" : String(value),
                   ...(name === "target_utilization" ? {placeholder: `${F.default_target_utilization} (NetApp)`} : {})})));
  }
  // a region is typed by its Azure name ("North Europe", "northeurope") or its billing name ("EU North"); the list
  // offers each by its Azure name, with its billing name beside it
  const regions = el("datalist", {id: "studio-regions"},
    ...F.regions.map((r) => el("option", {value: r, label: `${r}, billed as ${F.region_names[r]}`})));
  const region = el("input", {id: "studio-region", name: "region", type: "text", list: "studio-regions", value: "eastus",
                              autocomplete: "off", spellcheck: "false"});
  form.append(el("div", {class: "studio-field"}, el("label", {for: "studio-region", text: "Azure region (prices and the cool-access rule)"}), region, regions));
  const load = el("select", {id: "studio-load", name: "load"}, el("option", {value: "general", text: "any kind"}),
    el("option", {value: "eda", text: "EDA (measured curves)"}));
  form.append(el("div", {class: "studio-field"}, el("label", {for: "studio-load", text: "Kind of load"}), load));
  // which of the measured curves a ceiling is read from (storageperf.platforms.azure_netapp_files.mix_ceiling)
  const access = el("select", {id: "studio-access", name: "access"},
    el("option", {value: "", text: "from the I/O size", title: `random below ${F.anf.mix_curves_kib.sequential[0]} KiB, sequential from it`}),
    el("option", {value: "random", text: "random, or a mix of random and sequential"}),
    el("option", {value: "sequential", text: "sequential"}));
  form.append(el("div", {class: "studio-field"}, el("label", {for: "studio-access", text: "Access pattern"}), access));
  const view = el("div", {class: "studio-view"},
    el("label", {}, el("input", {type: "checkbox", id: "studio-carries", name: "carries"}), " Only the options that carry it"),
    el("label", {}, el("input", {type: "checkbox", id: "studio-more", name: "more"}), " More columns (cost per MiB/s, limit, latency and its basis, chapter)"));
  form.append(view);
  const error = el("p", {role: "alert", class: "studio-error", id: "studio-error"});
  const note = el("p", {class: "studio-note", id: "studio-note"});
  const status = el("p", {role: "status", id: "studio-answer", class: "studio-answer"});
  const best = el("ol", {id: "studio-best", class: "studio-best", "aria-label": "The cheapest options that carry it"});
  const buttons = el("div", {class: "studio-downloads"},
    el("button", {type: "button", id: "studio-csv", text: "Download the options (CSV)"}),
    el("button", {type: "button", id: "studio-json", text: "Download the options and inputs (JSON)"}));
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("role", "group");
  svg.setAttribute("id", "studio-chart");
  svg.setAttribute("class", "studio-chart");
  const tip = el("div", {id: "studio-chart-tip", class: "studio-chart-tip", "aria-hidden": "true"});
  tip.hidden = true;
  // the table's caption stands above the box it scrolls in, so that a phone shows it whole
  const caption = el("p", {id: "studio-caption", class: "studio-caption"});
  const table = el("table", {id: "studio-options", class: "studio-options", "aria-labelledby": "studio-caption"});
  const chartBox = el("div", {class: "studio-chart-box"}, svg, tip);
  const pinButton = el("button", {type: "button", id: "studio-pin", text: "Pin this answer"});
  const share = el("p", {class: "studio-share"}, copyLink(() => `${location.href.split(/[?#]/)[0]}${query(current)}`), " ", pinButton);
  const pinBox = el("section", {id: "studio-pinned", class: "studio-pinned", "aria-label": "Pinned answer"});
  app.append(form, error, note, status, share, pinBox, best, buttons, chartBox, caption,
             el("div", {class: "studio-table-wrap", tabindex: "0", role: "region", "aria-label": "Ranked options"}, table));
  const shared = studioLink(), calculatorLinked = new URLSearchParams(location.search).has("calc");
  inputsFromUrl(form, F, note);
  pointLabels(svg, tip);
  const state = {rows: [], workload: null, best: new Set(), months: null};

  function query(params) {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== "" && v !== undefined) q.set(k, String(v));
    if (form.elements.carries.checked) q.set("carries", "1");
    return `?${q}`;
  }
  function link(params) {
    history.replaceState(null, "", `${location.pathname}${query(params)}${location.hash}`);
  }

  // history.replaceState takes longer than the rest of an answer: the link follows once the answer is drawn
  // (not before the reader changes the form when the page was opened from a calculator's link, which it would erase)
  let linked = null, keepLink = calculatorLinked, current = {};
  function linkSoon(params) {
    current = params;  // what "Copy link" copies
    if (keepLink) return;
    if (linked === null) setTimeout(() => { link(linked); linked = null; }, 0);
    linked = params;
  }

  const renderTable = tableView(table, caption), renderBest = bestView(best), pins = pinView(pinBox, F);
  pinButton.addEventListener("click", () => { pins.pin(state); pins.follow(state); });
  // the chart's width as last laid out, kept by the ResizeObserver below: reading it here would force the layout of
  // whatever the last answer changed (until the observer has reported once, drawChart reads it)
  let chartWidth;
  function update() {
    if (document.activeElement === form.elements.ops_per_s && form.elements.ops_per_s.value !== "") form.elements.mibps.value = "";
    if (document.activeElement === form.elements.mibps && form.elements.mibps.value !== "") form.elements.ops_per_s.value = "";
    for (const s of [load, access]) for (const o of s.querySelectorAll("option[data-unknown]")) if (o.value !== s.value) o.remove();
    table.classList.toggle("carrying", form.elements.carries.checked);
    table.classList.toggle("all-columns", form.elements.more.checked);
    const typed = {region: region.value.trim(), load: load.value, access: access.value};
    for (const [name] of FIELDS) typed[name] = form.elements[name].value.trim();
    let w, rows;
    try {
      w = workloadFrom(typed, F);
      rows = options(F, w);
    } catch (err) {  // no answer stays on screen, in the link or in the downloads once an input is wrong
      error.textContent = labelled(err.message, typed);
      Object.assign(state, {rows: [], workload: null, best: new Set()});
      renderTable([], state.best, null);
      renderBest([], null);
      drawChart(svg, [], state.best, null, chartWidth);
      tip.hidden = chartBox.hidden = true;
      status.textContent = "No answer until the input named above is corrected.";
      for (const b of buttons.querySelectorAll("button")) b.disabled = true;
      linkSoon(typed);
      pins.follow(state);
      pinButton.disabled = true;
      if (state.onRanked) state.onRanked();
      return;
    }
    error.textContent = "";
    chartBox.hidden = false;
    for (const b of buttons.querySelectorAll("button")) b.disabled = false;
    const read = workload(F, w), months = read.months;
    const pattern = `read as ${read.access} I/O${read.access_assumed ? " (from its size)" : ""}, sized for the need at `
      + `${pct(read.target_utilization)} of each limit${given(w.target_utilization) ? "" : " (NetApp's optimal point)"}`;
    Object.assign(state, {rows, months, best: frontier(rows), workload: {...w, io_kib: w.io_kib ?? 64, read_share: w.read_share ?? 1}});
    renderTable(rows, state.best, months);
    renderBest(rows, months);
    drawChart(svg, rows, state.best, months, chartWidth);
    const top = rows[0], n = rows.filter((r) => r.feasible).length;
    // "carries it" only as far as the evidence goes (storageperf.studio.verdict): beyond a measurement, or in preview
    // (not yet generally available), it says so; under a bound no option is known to meet, it names no cheapest
    const said = verdict(rows, w.latency_ms !== undefined);
    const preview = top.status === "preview" ? " (preview)" : "";
    const dated = `${datedText(F, w.region)} ${versionText(F.guide)}`;
    const extrapolated = rows.filter((r) => r.feasible && r.latency_basis === "extrapolated").length;
    status.textContent = said === "no priced option" ? `No priced option carries it; ${n} of ${rows.length} options carry it.`
      : said === "latency not known" ? `No option is known to meet your latency bound of ${w.latency_ms} ms: the guide has no `
        + `latency measurement for this workload on any option that carries it (${n} of ${rows.length} carry its data and `
        + `throughput, ranked by cost, each saying what its latency rests on). ${dated}`
      : said === "latency extrapolated" ? `No option is known to meet your latency bound of ${w.latency_ms} ms inside what was `
        + `measured: ${extrapolated} are extrapolated to meet it from a measured curve, the first in the table ${top.option}${preview} `
        + `(${top.latency_ms.toFixed(2)} ms extrapolated, ${usd(top.horizon_usd)} USD over ${monthsText(months)}). ${dated}`
      : `${said === "beyond what was measured" ? "Cheapest, beyond what was measured," : "Cheapest that carries it"} in `
        + `${w.region} (${F.region_names[w.region]}) over ${monthsText(months)}, ${pattern}: ${top.option}${preview}, ${usd(top.horizon_usd)} USD over the horizon, `
        + `${usd(top.monthly_usd)} USD a month (${top.binding}); the workload uses ${pct(1 - top.headroom)} of the `
        + `${mibps(top.limit_mibps)} MiB/s it is sized to; ${n} of ${rows.length} options carry it. ${dated}`;
    linkSoon(w);
    pins.follow(state);
    pinButton.disabled = false;
    if (state.onRanked) state.onRanked();
  }
  form.addEventListener("input", () => { keepLink = false; update(); });
  form.addEventListener("submit", (e) => e.preventDefault());
  region.addEventListener("input", () => { note.textContent = ""; });
  let drawnWidth = 0;  // a phone turned, a window resized: the chart redrawn at its new width
  new ResizeObserver(() => {
    chartWidth = svg.getBoundingClientRect().width;
    const width = Math.round(chartWidth);
    if (width !== drawnWidth && state.months) drawChart(svg, state.rows, state.best, state.months);
    drawnWidth = width;
  }).observe(svg);
  for (const kind of ["csv", "json"]) {  // the downloads are written by studio-on-demand.js, loaded on a click
    buttons.querySelector(`#studio-${kind}`).addEventListener("click", async () => (await import("./studio-on-demand.js")).download(kind, state, F));
  }
  await fioSection(app, state);
  update();
  if (shared) app.scrollIntoView({block: "start"});  // a shared link opens at the studio, not at the page's top
  window.studioReady = true;
}

main();
