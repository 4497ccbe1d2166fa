/* The book's plotly figures on the site: each job a small module of its own, all from this site.
 *
 *   lazy-draw.js         plotly.js loaded once the page is parsed; a figure drawn when the reader nears it
 *   fit-narrow.js        a figure fitted to a narrow screen (title, margins, legend, labels)
 *   numbers-download.js  a button under each figure that downloads the numbers it draws, as CSV
 *   dark-theme.js        every figure in the dark theme's colours while the page is dark, and back when light
 *   print.js             every figure drawn and scaled to the page, folded text opened, a dark page printed light
 *
 * storageperf_book.sphinx_ext loads this module on every page; a figure's own script (a module too) runs after it.
 */
import "./lazy-draw.js";
import "./fit-narrow.js";
import "./numbers-download.js";
import "./dark-theme.js";
import "./print.js";
