/* The dark theme, for figures.
 *
 * plotly draws a figure in the colours of its layout and traces, those of the book's template
 * (storageperf_book/figures.py TEMPLATE) unless a chapter picks its own. While the page's theme is dark
 * (<html data-theme="dark">, which pydata-sphinx-theme sets, and changes when the reader picks another), every
 * figure is relaid out in the theme's colours: the background of the figure, its plot and its legend, the text, the
 * axis lines and ticks, the grid, and the mode bar. A chapter's own colours stay, except black and the template's
 * brown, which a dark page would hide (LIGHT). When the theme is light again each colour changed goes back to what it
 * was. A figure drawn later, or redrawn by a calculator's control, is recoloured as it is drawn. Print stays light
 * (print.js switches the page to light first). figures.js loads this module once the page is dark.
 */
import {onDrawn} from "./lazy-draw.js";

// The template's colours (as TEMPLATE writes them) and black, each with its role in the dark theme.
export const LIGHT = {
  "white": "background", "#222": "text", "#000000": "text", "black": "text", "#444": "line", "#eee": "grid",
  "#8c564b": "brown",
};
const BROWN_ON_DARK = "#c49c94";  // the brown of plotly's light palette, beside the template's
const GRID_SHARE = 0.16;  // the grid: this much of the text's colour over the background

// The colours in a figure that the dark theme changes: a layout's, each axis's, each mark's and note's, each trace's.
const LAYOUT_KEYS = ["paper_bgcolor", "plot_bgcolor", "font.color", "title.font.color", "legend.bgcolor",
  "legend.bordercolor", "legend.font.color", "hoverlabel.bgcolor"];
const AXIS_KEYS = ["linecolor", "gridcolor", "tickcolor", "zerolinecolor", "title.font.color", "tickfont.color"];
const SHAPE_KEYS = ["line.color", "fillcolor"];
const UNSET = {"line.color": "black"};  // plotly draws a shape's line without a colour in black
const NOTE_KEYS = ["font.color", "arrowcolor", "bgcolor", "bordercolor"];
const TRACE_KEYS = ["marker.color", "marker.line.color", "line.color", "textfont.color", "outsidetextfont.color",
  "insidetextfont.color", "fillcolor", "error_x.color", "error_y.color"];

const canvas = document.createElement("canvas").getContext("2d");

// A CSS colour as the browser writes it: "#rrggbb", or "rgba(r, g, b, a)" when not opaque.
function normal(colour) {
  canvas.fillStyle = "#010203";
  canvas.fillStyle = colour;
  return canvas.fillStyle;
}

function rgb(colour) {
  const c = normal(colour);
  if (c.startsWith("#")) return [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)).concat(1);
  return c.match(/[\d.]+/g).map(Number).concat(1).slice(0, 4);
}

const roles = Object.fromEntries(Object.entries(LIGHT).map(([colour, role]) => [normal(colour), role]));

function palette() {
  const css = getComputedStyle(document.documentElement);
  const background = css.getPropertyValue("--pst-color-background").trim() || "#121212";
  const text = css.getPropertyValue("--pst-color-text-base").trim() || "#ced6dd";
  const line = css.getPropertyValue("--pst-color-text-muted").trim() || "#9ca4af";
  const [b, t] = [rgb(background), rgb(text)];
  const grid = `rgb(${[0, 1, 2].map((i) => Math.round(b[i] + GRID_SHARE * (t[i] - b[i]))).join(", ")})`;
  return {background: normal(background), text: normal(text), line: normal(line), grid, brown: BROWN_ON_DARK};
}

// The dark colour for a light one, or undefined for a colour the dark theme keeps. A translucent white (a legend's
// box) becomes the background, as translucent.
function darkFor(colour, dark) {
  if (typeof colour !== "string") return undefined;
  const c = normal(colour);
  if (roles[c]) return dark[roles[c]];
  const [r, g, b, a] = rgb(c);
  if (r === 255 && g === 255 && b === 255 && a < 1) {
    const [br, bg, bb] = rgb(dark.background);
    return `rgba(${br}, ${bg}, ${bb}, ${a})`;
  }
  return undefined;
}

function get(object, path) {
  return path.split(".").reduce((o, key) => (o == null ? undefined : o[key]), object);
}

function same(a, b) {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

// The changes that make one part of a figure (the layout or a trace) dark: path -> dark colour, from what plotly
// draws (`full`), remembering in `kept` what the figure's own (`own`) said.
function darken(own, full, paths, dark, kept) {
  const changes = {};
  for (const path of paths) {
    const drawn = get(full, path) ?? (path.startsWith("shapes[") ? UNSET[path.replace(/^shapes\[\d+\]\./, "")] : undefined);
    const value = Array.isArray(drawn) ? drawn.map((c) => darkFor(c, dark) ?? c) : darkFor(drawn, dark);
    if (value === undefined || same(value, drawn)) continue;
    if (!kept.has(path)) kept.set(path, {own: get(own, path)});
    kept.get(path).dark = value;
    changes[path] = value;
  }
  return changes;
}

// The changes that give back the colours `kept` remembers, where the figure still has the dark one.
function lighten(own, kept) {
  const changes = {};
  for (const [path, {own: was, dark}] of kept) {
    if (same(get(own, path.replace(/\[(\d+)\]/g, ".$1")), dark)) changes[path] = was ?? null;
  }
  kept.clear();
  return changes;
}

function layoutPaths(full) {
  const paths = [...LAYOUT_KEYS];
  for (const axis of Object.keys(full).filter((k) => /^[xy]axis[0-9]*$/.test(k))) {
    paths.push(...AXIS_KEYS.map((k) => `${axis}.${k}`));
  }
  (full.shapes || []).forEach((_, i) => paths.push(...SHAPE_KEYS.map((k) => `shapes[${i}].${k}`)));
  (full.annotations || []).forEach((_, i) => paths.push(...NOTE_KEYS.map((k) => `annotations[${i}].${k}`)));
  return paths;
}

// plotly's full layout reads shapes[0] as shapes.0
const dotted = (object) => new Proxy({}, {get: (_, path) => get(object, path.replace(/\[(\d+)\]/g, ".$1"))});

// The figure in the page's theme now: dark colours while it is dark, its own while it is light.
export function recolour(gd) {
  if (!gd._fullLayout || !gd._fullData || gd._bookRecolouring) return;
  const memory = gd._bookDark || (gd._bookDark = {layout: new Map(), traces: new WeakMap()});
  const isDark = document.documentElement.dataset.theme === "dark";
  let layout = {};
  const traces = [];
  if (isDark) {
    const dark = palette();
    const full = gd._fullLayout;
    for (const path of layoutPaths(full)) {
      Object.assign(layout, darken(dotted(gd.layout), dotted(full), [path], dark, memory.layout));
    }
    const bar = {"modebar.bgcolor": "rgba(0, 0, 0, 0)", "modebar.color": dark.line, "modebar.activecolor": dark.text};
    for (const [path, value] of Object.entries(bar)) {
      if (same(get(full, path), value)) continue;
      if (!memory.layout.has(path)) memory.layout.set(path, {own: get(gd.layout, path)});
      memory.layout.get(path).dark = value;
      layout[path] = value;
    }
    gd._fullData.forEach((t) => {
      const trace = gd.data[t.index];
      if (!trace) return;
      if (!memory.traces.has(trace)) memory.traces.set(trace, new Map());
      const changes = darken(trace, t, TRACE_KEYS, dark, memory.traces.get(trace));
      if (Object.keys(changes).length) traces.push([t.index, changes]);
    });
  } else {
    layout = lighten(gd.layout, memory.layout);
    gd.data.forEach((trace, i) => {
      const kept = memory.traces.get(trace);
      const changes = kept ? lighten(trace, kept) : {};
      if (Object.keys(changes).length) traces.push([i, changes]);
    });
  }
  if (!Object.keys(layout).length && !traces.length) return;
  // one redraw: each trace's changes as plotly.update takes them (a value a trace, undefined where it has none)
  const keys = [...new Set(traces.flatMap(([, changes]) => Object.keys(changes)))];
  const data = Object.fromEntries(keys.map((k) => [k, traces.map(([, changes]) => changes[k])]));
  gd._bookRecolouring = true;
  try {
    window.Plotly.update(gd, data, layout, traces.map(([i]) => i));
  } finally {
    gd._bookRecolouring = false;
  }
}

export function recolourAll() {
  document.querySelectorAll(".js-plotly-plot").forEach(recolour);
}

onDrawn((gd) => {
  recolour(gd);
  gd.on("plotly_afterplot", () => recolour(gd));  // a calculator's new position comes in the template's colours
});
new MutationObserver(recolourAll).observe(document.documentElement, {attributes: true, attributeFilter: ["data-theme"]});
// print.js, listening first, makes a dark page light for paper and dark again after: the figures follow at once (the
// observer would be too late for the page laid out for paper)
window.addEventListener("beforeprint", recolourAll);
window.addEventListener("afterprint", recolourAll);
