/* Figures fitted to a narrow screen.
 *
 * A figure takes its column's width (plotly's responsive config), and plotly lays most of it out again at that width,
 * but it neither wraps text nor moves a legend. A figure's title says in a few words what is drawn (a calculator's
 * answer is text above it); a title that would not fit is moved to the figure's left edge and broken between words,
 * the top margin grown by the lines added. A figure narrower than NARROW px also gets
 *   - small side margins, which its axes push out as far as their labels need;
 *   - its legend under the plot, in rows across the figure, where a legend inside the plot would cover much of it;
 *   - axis titles and long category labels in a smaller font or on more lines (the figure made taller for the
 *     labels), legend entries in a smaller font;
 *   - subplot titles fitted to their subplots (a smaller font, then more lines);
 *   - room in the right margin for the values written after horizontal bars, or smaller values.
 * This is redone whenever plotly redraws the figure (a calculator's control moves its data, a resize gives it a new
 * width). On a wide screen a figure whose title fits is left exactly as drawn.
 */
import {onDrawn} from "./lazy-draw.js";

const NARROW = 560;     // px: a figure narrower than this gets the narrow layout
const EDGE = 8;         // px: the least room between a title and the figure's edge
const SIDE = 12;        // px: the side margins of a narrow figure, before its axes push them out
const MAX_PASSES = 4;   // fittings in a row at one width before a figure is left as it is
const MIN_FONT = 13;    // px: the smallest font a fitted axis or subplot title gets (the template's tick labels)
const SMALL_FONT = 10;  // px: the smallest font legend entries and bar values get
const LEGEND_SHARE = 0.5;  // a legend wider than this share of a narrow figure goes under the plot
const LABEL_SHARE = 0.4;   // category labels longer than this share of a narrow figure are broken onto more lines
const LEGEND_SYMBOL = 48;  // px: a legend entry's symbol and the room around it
const BAR_PAD = 6;      // px: between a bar's end and its value, with room to spare
const BAR_MARGIN = 0.3;  // the most of a narrow figure's width the right margin may take for bar values
const ROW_GAP = 6;      // px: the least room between two category labels
const LINE = 1.3;       // em: plotly's line height
const BR = /<br\s*\/?>/i;

const context = document.createElement("canvas").getContext("2d");
const decoder = document.createElement("textarea");

function textWidth(text, size, family) {
  decoder.innerHTML = String(text).replace(/<[^>]*>/g, "");  // plotly's tags take no room; an entity is one character
  context.font = `${size}px ${family}`;
  return context.measureText(decoder.value).width;
}

function widest(lines, size, family) {
  return Math.max(0, ...lines.map((l) => textWidth(l, size, family)));
}

// Text broken between words so that each line fits `width` (a tag is never split; a word longer than the width
// keeps a line of its own).
function wrap(text, size, family, width) {
  return String(text).split(BR).flatMap((line) => {
    if (textWidth(line, size, family) <= width) return [line];
    const lines = [];
    let current = "";
    for (const word of line.match(/(?:<[^>]*>|[^\s<])+/g) || [line]) {
      const longer = current ? `${current} ${word}` : word;
      if (current && textWidth(longer, size, family) > width) {
        lines.push(current);
        current = word;
      } else {
        current = longer;
      }
    }
    lines.push(current);
    return lines;
  }).join("<br>");
}

function get(object, path) {
  return path.split(".").reduce((o, key) => (o == null ? undefined : o[key]), object);
}

// What the figure's own layout says before any fitting, restored when the figure is wide again, and what of the
// drawn figure the narrow layout needs (measured as first drawn).
function remember(gd) {
  const full = gd._fullLayout;
  const axes = Object.keys(full).filter((k) => /^[xy]axis[0-9]*$/.test(k));
  const keys = ["title.xref", "title.x", "title.pad.l", "margin.t", "margin.l", "margin.r",
    "legend.orientation", "legend.xref", "legend.x", "legend.xanchor", "legend.yref", "legend.y", "legend.yanchor",
    "legend.font.size",
    ...axes.flatMap((a) => [`${a}.automargin`, `${a}.title.text`, `${a}.title.font.size`, `${a}.tickmode`,
      `${a}.tickvals`, `${a}.ticktext`])];
  const legend = gd.querySelector(".legend");
  return {
    own: Object.fromEntries(keys.map((k) => [k, get(gd.layout, k.replace(/\[(\d+)\]/g, ".$1"))])),
    axes,
    axisTitles: Object.fromEntries(axes.map((a) => [a, {text: get(gd.layout, `${a}.title.text`),
      size: full[a].title.font.size, family: full[a].title.font.family}])),
    height: full.height,
    tall: 0,  // the height a narrow figure needs for its category labels, if more than its own
    legendFont: {size: full.legend ? full.legend.font.size : full.font.size, family: full.font.family},
    font: full.title.font.size,
    family: full.title.font.family || full.font.family,
    top: full.margin.t,
    xref: full.title.xref,
    x: full.title.x,
    legendWidth: full.showlegend && legend ? legend.getBoundingClientRect().width : 0,
    legendBelow: Boolean(full.showlegend && full.legend && full.legend.y < 0),
    notes: [],
    ownTextSizes: gd.data.map((t) => get(t, "outsidetextfont.size")),
    ownClips: gd.data.map((t) => t.cliponaxis),
    textSizes: gd.data.map(() => undefined),  // for a trace with values after its bars: null or a smaller size
    raw: get(gd.layout, "title.text") || "",  // the title as written (short: what is drawn)
  };
}

// Each value written outside a horizontal bar: its text's width, its font size, and how far along the axis the bar
// ends (a share of the axis's length).
function barTexts(gd, full, state) {
  return gd._fullData.flatMap((t, k) => {
    if (t.type !== "bar" || t.orientation !== "h" || t.visible !== true || t.textposition !== "outside") return [];
    const ax = full[`xaxis${(t.xaxis || "x").slice(1)}`];
    if (!ax || ax.type !== "linear" || !Array.isArray(t.x)) return [];
    const font = t.outsidetextfont || t.textfont || full.font;
    const own = state.ownTextSizes[k] ?? font.size;
    const [r0, r1] = ax.range;
    return t.x.map((x, i) => ({
      trace: k, size: own, share: (Number(x) - r0) / (r1 - r0),
      width: textWidth(Array.isArray(t.text) ? t.text[i] ?? "" : t.text ?? "", own, font.family),
    })).filter((b) => b.width > 0 && Number.isFinite(b.share));
  });
}

// The layout that fits `gd` to its width: every key the fitting may touch, at its own value or a fitted one.
function target(gd, state) {
  const full = gd._fullLayout;
  const width = full.width;
  const narrow = width < NARROW;
  const wanted = Object.fromEntries(Object.entries(state.own).map(([k, v]) => [k, v === undefined ? null : v]));
  wanted["title.text"] = state.raw;

  // the title, which says what is drawn in a few words, from the figure's left edge and broken between words if
  // it still does not fit
  const lines = state.raw.split(BR);
  const start = state.xref === "paper" ? full._size.l + state.x * full._size.w : state.x * width;
  if (narrow || widest(lines, state.font, state.family) > width - start - EDGE) {
    const text = wrap(state.raw, state.font, state.family, width - 2 * EDGE);
    const grown = Math.max(0, Math.ceil((text.split(BR).length - lines.length) * state.font * LINE));
    Object.assign(wanted, {"title.text": text, "title.xref": "container", "title.x": 0, "title.pad.l": EDGE,
      "margin.t": state.top + grown});
  }
  if (!narrow) return wanted;

  Object.assign(wanted, {"margin.l": SIDE, "margin.r": SIDE});
  if (state.legendBelow || state.legendWidth > LEGEND_SHARE * width) {
    Object.assign(wanted, {"legend.orientation": "h", "legend.xref": "container", "legend.x": 0,
      "legend.xanchor": "left", "legend.yref": "container", "legend.y": 0, "legend.yanchor": "bottom"});
    // plotly does not wrap a legend entry: the longest must fit across the figure
    const names = gd._fullData.filter((t) => t.showlegend && t.visible !== false && t.name).map((t) => t.name);
    const room = width - 2 * EDGE - LEGEND_SYMBOL;
    const long = widest(names, state.legendFont.size, state.legendFont.family);
    if (long > room) wanted["legend.font.size"] = Math.max(SMALL_FONT, Math.floor(state.legendFont.size * room / long));
  }
  for (const name of state.axes) {
    const ax = full[name];
    const own = state.axisTitles[name];
    wanted[`${name}.automargin`] = true;
    if (own.text) {
      const middle = full._size.l + (ax.domain[0] + ax.domain[1]) / 2 * full._size.w;
      const room = name[0] === "x" ? 2 * Math.min(middle, width - middle) - 2 * EDGE : (ax.domain[1] - ax.domain[0]) * full._size.h;
      const titleLines = String(own.text).split(BR);
      const long = widest(titleLines, own.size, own.family);
      if (long > room) {
        const size = Math.max(MIN_FONT, Math.floor(own.size * room / long));
        const text = wrap(own.text, size, own.family, room);
        Object.assign(wanted, {[`${name}.title.text`]: text, [`${name}.title.font.size`]: size});
      }
    }
    // category labels on a y axis: broken onto more lines, the figure made taller for them if need be
    const categories = ax.type === "category" && name[0] === "y" && state.own[`${name}.tickmode`] === undefined ? ax._categories || [] : [];
    const room = LABEL_SHARE * width;
    const font = ax.tickfont;
    if (categories.length && widest(categories, font.size, font.family) > room) {
      const labels = categories.map((c) => wrap(c, font.size, font.family, room));
      Object.assign(wanted, {[`${name}.tickmode`]: "array", [`${name}.tickvals`]: categories, [`${name}.ticktext`]: labels});
      // each label is centred in an equal band: every band must hold the label of most lines
      const band = Math.max(...labels.map((l) => l.split(BR).length)) * font.size * LINE + ROW_GAP;
      const plot = categories.length * band / (ax.domain[1] - ax.domain[0]);
      state.tall = Math.max(state.tall, Math.ceil(full._size.t + full._size.b + plot));
    }
  }
  // subplot titles (annotations over a subplot) fitted to their subplot's width, as the figure's title is
  let higher = 0;
  state.notes.forEach((note, i) => {
    if (!note) return;
    const room = (note.column[1] - note.column[0]) * full._size.w;
    const noteLines = String(note.raw).split(BR);
    const long = widest(noteLines, note.size, note.family);
    if (long <= room) return;
    const size = Math.max(MIN_FONT, Math.floor(note.size * room / long));
    const text = wrap(note.raw, size, note.family, room);
    Object.assign(wanted, {[`annotations[${i}].text`]: text, [`annotations[${i}].font.size`]: size});
    higher = Math.max(higher, Math.ceil((text.split(BR).length * size - noteLines.length * note.size) * LINE));
  });
  wanted["margin.t"] = (wanted["margin.t"] ?? state.top) + higher;
  // horizontal bars with their values outside: the right margin holds the longest, else the values get smaller
  const bars = barTexts(gd, full, state);
  if (bars.length) {
    const l = full._size.l;
    const need = Math.max(...bars.map((b) => (width - l) - (width - EDGE - l - b.width - BAR_PAD) / Math.max(b.share, 1e-6)));
    const r = Math.min(Math.max(SIDE, Math.ceil(need)), Math.floor(BAR_MARGIN * width));
    wanted["margin.r"] = r;
    const scale = Math.min(1, ...bars.map((b) => ((width - EDGE - l - BAR_PAD) - (width - l - r) * b.share) / b.width));
    for (const b of bars) state.textSizes[b.trace] = scale < 1 ? Math.max(SMALL_FONT, Math.floor(b.size * scale)) : null;
  }
  return wanted;
}

function differs(a, b) {
  return JSON.stringify(a ?? null) !== JSON.stringify(b ?? null);
}

function fit(gd) {
  if (!gd._fullLayout || !gd._fullLayout.title || gd._bookFitting) return;
  const state = gd._bookFit || (gd._bookFit = remember(gd));
  (gd.layout.annotations || []).forEach((a, i) => {   // so with subplot titles
    const note = state.notes[i];
    if (note && a.text === note.shown) return;
    const full = gd._fullLayout.annotations[i];
    // a subplot's title: over the middle of an x axis, on top of a y axis (as plotly's make_subplots writes it)
    const domains = (letter) => Object.keys(gd._fullLayout).filter((k) => k.startsWith(`${letter}axis`)).map((k) => gd._fullLayout[k].domain);
    const column = domains("x").find((d) => Math.abs((d[0] + d[1]) / 2 - a.x) < 0.01);
    const over = a.showarrow === false && a.xref === "paper" && a.yref === "paper" && a.yanchor === "bottom" && column
      && domains("y").some((d) => Math.abs(d[1] - a.y) < 0.01);
    state.notes[i] = over && a.text ? {raw: a.text, column, size: full.font.size, family: full.font.family,
      own: get(a, "font.size"), shown: a.text} : null;
    if (state.notes[i]) state.own[`annotations[${i}].font.size`] = state.notes[i].own;
  });
  state.notes.length = (gd.layout.annotations || []).length;
  state.tall = 0;
  const wanted = target(gd, state);
  state.notes.forEach((note, i) => {
    if (note) note.shown = wanted[`annotations[${i}].text`] ?? note.raw;
    if (note && !(`annotations[${i}].text` in wanted)) {
      wanted[`annotations[${i}].text`] = note.raw;
      wanted[`annotations[${i}].font.size`] = note.own ?? null;
    }
  });
  const changes = Object.fromEntries(Object.entries(wanted)
    .filter(([k, v]) => differs(get(gd.layout, k.replace(/\[(\d+)\]/g, ".$1")), v)));
  // a bar's value may then reach into the right margin (plotly clips it at the axis's end), in a smaller font
  const narrow = gd._fullLayout.width < NARROW;
  const restyle = state.textSizes.map((size, k) => [k, narrow ? size ?? state.ownTextSizes[k] ?? null : state.ownTextSizes[k] ?? null,
    narrow && state.textSizes[k] !== undefined ? false : state.ownClips[k] ?? null])
    .filter(([k, size, clip]) => differs(get(gd.data[k], "outsidetextfont.size"), size) || differs(gd.data[k].cliponaxis, clip));
  const height = Math.max(state.height, state.tall);
  if (!Object.keys(changes).length && !restyle.length && height === gd._fullLayout.height) {
    state.passes = 0;
    return;
  }
  // a layout can answer its own fitting (the labels' margin moves the bars' values, which move the margin): after
  // a few passes at one width the figure is left as it is rather than fitted for ever
  const pass = gd._fullLayout.width;
  state.passes = pass === state.pass ? (state.passes || 0) + 1 : 1;
  state.pass = pass;
  if (state.passes > MAX_PASSES) return;
  gd._bookFitting = true;
  try {
    if (restyle.length) {
      window.Plotly.restyle(gd, {"outsidetextfont.size": restyle.map(([, size]) => size),
        cliponaxis: restyle.map(([, , clip]) => clip)}, restyle.map(([k]) => k));
    }
    if (Object.keys(changes).length) window.Plotly.relayout(gd, changes);
    // plotly.py wraps a figure in a box of its height, which a responsive figure fills when resized: a taller
    // figure is a taller box, and plotly fitting the figure to it as on a resize (setting a layout's height would
    // fix its width too)
    const box = gd.parentElement;
    if (height !== gd._fullLayout.height && box && /px$/.test(box.style.height)) {
      box.style.height = `${height}px`;
      delete gd.layout.width;
      delete gd.layout.height;
      window.Plotly.relayout(gd, {autosize: true});
    }
  } finally {
    gd._bookFitting = false;
  }
}

// plotly's responsive figures resize on the window's resize event, and can measure their column while the
// theme's sidebars are still sliding: a figure then keeps a width its column no longer has. Its box is watched too.
const boxes = typeof ResizeObserver === "undefined" ? null : new ResizeObserver((entries) => {
  for (const entry of entries) {
    const gd = entry.target.querySelector(".js-plotly-plot");
    if (gd && gd._fullLayout && Math.abs(gd._fullLayout.width - entry.contentRect.width) > 1) window.Plotly.Plots.resize(gd);
  }
});

function watch(gd) {
  if (gd._bookWatched || !gd.on) return;
  gd._bookWatched = true;
  if (boxes && gd.parentElement) boxes.observe(gd.parentElement);
  for (const event of ["plotly_afterplot", "plotly_relayout", "plotly_update", "plotly_restyle"]) {
    gd.on(event, () => fit(gd));
  }
  fit(gd);
}

onDrawn(watch);
