/* The book's plotly figures on the site: each job a small module of its own, all from this site.
 *
 *   lazy-draw.js         plotly.js loaded once the page is parsed; a figure drawn when the reader nears it
 *   fit-narrow.js        a figure fitted to a narrow screen (title, margins, legend, labels): loaded (below) with the
 *                        first figure drawn, so that a page whose figures are all further down sends it only then
 *   numbers-download.js  a button under each figure that downloads the numbers it draws, as CSV
 *   dark-theme.js        every figure in the dark theme's colours while the page is dark, and back when light:
 *                        loaded (below) once the page is dark, at load or when the reader picks the dark theme
 *   print.js             every figure drawn and scaled to the page, folded text opened, a dark page printed light
 *   wide-tables.js       a table wider than its column scrolls in a box the keyboard can focus
 *
 * storageperf_book.sphinx.plotly loads this module on every page; a figure's own script (a module too) runs after it.
 */
import {onDrawn} from "./lazy-draw.js";
import "./numbers-download.js";
import "./print.js";
import "./wide-tables.js";

let fitting = null;  // fit-narrow.js fits each figure drawn, those drawn before it arrived too (onDrawn)
onDrawn(() => { fitting ??= import("./fit-narrow.js"); });

const root = document.documentElement;
let dark = null;
const darkWhenDark = () => {
  if (root.dataset.theme === "dark" && !dark) dark = import("./dark-theme.js");
};
darkWhenDark();
if (!dark) new MutationObserver(darkWhenDark).observe(root, {attributes: true, attributeFilter: ["data-theme"]});
