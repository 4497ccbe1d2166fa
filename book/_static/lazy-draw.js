/* Drawing a figure when it nears the screen.
 *
 * A chapter's figure is a <div class="plotly-graph-div" data-figure="<name>.json"> (storageperf_book.figures): its
 * data, layout and configuration are a file in figures/ beside this script, so the page carries the figure's words
 * (its description), not its numbers. plotly.js (about a megabyte of script to compile), named by the page's
 * <meta name="book-plotly-js"> (storageperf_book.sphinx.plotly), is loaded when the first figure comes within a
 * screen's height of the viewport, and each figure is drawn, its file read (load-json.js), when it comes that near:
 * a page whose figures are all further down sends neither until the reader scrolls there. Once plotly.js has come,
 * the page's other figure files are read in the background, so that printing finds them. A calculator about to
 * redraw, a figure's CSV button and printing draw a figure at once (`draw`, `drawAll`, each a promise of the figures
 * drawn; also window.bookFigures for the tests and the benchmark). The other modules act on each figure as it is
 * drawn (`onDrawn`).
 */
import {loadJSON} from "./load-json.js";

const FIGURES = new URL("figures/", import.meta.url);
const figures = [...document.querySelectorAll(".plotly-graph-div[data-figure]")];
const held = new Set(figures);  // not drawn yet
const files = new Map();  // figure's div -> promise of its file's contents
const drawing = new Map();  // figure's div -> promise of it drawn
const drawn = new Set();  // figures drawn, each handed to the handlers
const drawnHandlers = [];
const source = document.querySelector('meta[name="book-plotly-js"]');
let plotly = null;  // promise of plotly.js, once asked for
const near = typeof IntersectionObserver === "undefined" ? null : new IntersectionObserver((entries) => {
  for (const entry of entries) if (entry.isIntersecting) draw(entry.target);
}, {rootMargin: "100% 0px"});

// `handler(gd)` is called with each figure once it is drawn (and at once with each already drawn).
export function onDrawn(handler) {
  drawnHandlers.push(handler);
  drawn.forEach(handler);
}

function loadPlotly() {
  plotly ??= new Promise((resolve, reject) => {
    if (!source) {
      reject(new Error("this page names no plotly.js"));
      return;
    }
    const script = document.createElement("script");
    script.src = source.content;
    script.addEventListener("load", () => {
      resolve(window.Plotly);
      held.forEach(read);  // in the background: printing then finds every figure's numbers
    });
    script.addEventListener("error", () => reject(new Error(`${source.content} could not be loaded`)));
    document.head.append(script);
  });
  return plotly;
}

function read(gd) {
  if (!files.has(gd)) files.set(gd, loadJSON(new URL(gd.dataset.figure, FIGURES)));
  return files.get(gd);
}

// Draws a figure now (plotly.js and its file loaded first, if they have not come); a promise of it drawn. A figure
// already drawn is left as it is.
export function draw(gd) {
  if (!drawing.has(gd)) {
    if (!held.has(gd)) return Promise.resolve(gd);
    drawing.set(gd, Promise.all([loadPlotly(), read(gd)]).then(async ([Plotly, figure]) => {
      held.delete(gd);
      if (near) near.unobserve(gd);
      await Plotly.newPlot(gd, figure.data, figure.layout, figure.config);
      drawn.add(gd);
      drawnHandlers.forEach((handler) => handler(gd));
      return gd;
    }).catch((err) => {
      const description = document.getElementById(`${gd.id}-description`);
      if (description) description.prepend(`This figure could not be drawn (${err.message}). `);
      throw err;
    }));
  }
  return drawing.get(gd);
}

// Draws every figure not drawn yet; a promise of them all drawn.
export function drawAll() {
  return Promise.all(figures.map(draw));
}

if (near) held.forEach((gd) => near.observe(gd));
else drawAll();

window.bookFigures = {draw, drawAll};
