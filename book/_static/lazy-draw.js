/* Drawing a figure when it nears the screen.
 *
 * A chapter's figures are drawn by the page's own scripts (storageperf_book.figures: a small module per figure that
 * calls Plotly.newPlot once the page is parsed), each in tens of milliseconds once plotly.js (about a megabyte of
 * script to compile) has loaded. Here window.Plotly is a stand-in that holds those calls; plotly.js, named by the
 * page's <meta name="book-plotly-js"> (storageperf_book.sphinx.plotly), is loaded when the first figure comes within a
 * screen's height of the viewport (a page whose figures are all further down sends it only once the reader scrolls
 * there), and each figure is drawn when it comes that near. A calculator about to redraw, a figure's CSV button and
 * printing draw what is held at once, loading plotly.js first if it has not come (`draw`, `drawAll`; also
 * window.bookFigures for the tests and the benchmark). The other modules act on each figure as it is drawn
 * (`onDrawn`).
 */

const held = new Map();  // figure's div -> the arguments of its Plotly.newPlot
const wanted = new Set();  // figures asked for before plotly.js had come: drawn when it arrives
const drawnHandlers = [];
let plotly = null;  // plotly.js, once it has arrived
let newPlot = null;  // its own newPlot
let everything = false;  // draw every held figure as soon as plotly.js has arrived
const near = typeof IntersectionObserver === "undefined" ? null : new IntersectionObserver((entries) => {
  for (const entry of entries) if (entry.isIntersecting) draw(entry.target);
}, {rootMargin: "100% 0px"});
let load = () => {};  // fetches plotly.js, once (set below when the page names it)

// `handler(gd)` is called with each figure once it is drawn (and at once with each already drawn).
export function onDrawn(handler) {
  drawnHandlers.push(handler);
  document.querySelectorAll(".plotly-graph-div").forEach((gd) => {
    if (gd._fullLayout && !held.has(gd)) handler(gd);
  });
}

// Draws a figure held off screen now; a figure already drawn is left as it is.
export function draw(gd) {
  const args = held.get(gd);
  if (!args) return;
  if (!newPlot) {
    wanted.add(gd);
    load();
    return;
  }
  held.delete(gd);
  if (near) near.unobserve(gd);
  newPlot.apply(plotly, args);
  drawnHandlers.forEach((handler) => handler(gd));
}

// Draws every figure held, and from now on each as soon as plotly.js can.
export function drawAll() {
  everything = true;
  load();
  [...held.keys()].forEach(draw);
}

function hold(div, ...rest) {
  const gd = typeof div === "string" ? document.getElementById(div) : div;
  if (newPlot && (!gd || gd._fullLayout || !gd.classList.contains("plotly-graph-div"))) {
    return newPlot.call(plotly, div, ...rest);
  }
  held.set(gd, [gd, ...rest]);
  if (everything || !near) draw(gd);
  else near.observe(gd);
  return Promise.resolve(gd);
}

function arrived(real) {
  plotly = real;
  newPlot = real.newPlot;
  real.newPlot = hold;
  if (everything || !near) {
    drawAll();
    return;
  }
  wanted.forEach(draw);
  for (const gd of held.keys()) {  // observing again reports whether a held figure is near the screen now
    near.unobserve(gd);
    near.observe(gd);
  }
}

const source = document.querySelector('meta[name="book-plotly-js"]');
if (source) {
  const standIn = {newPlot: hold};
  Object.defineProperty(window, "Plotly", {
    configurable: true,
    get: () => plotly || standIn,
    set: (real) => {
      Object.defineProperty(window, "Plotly", {configurable: true, writable: true, value: real});
      arrived(real);
    },
  });
  load = () => {
    load = () => {};
    const script = document.createElement("script");
    script.src = source.content;
    document.head.append(script);
  };
  if (!near) load();
}
window.bookFigures = {draw, drawAll};
