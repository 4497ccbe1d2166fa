/* Paper.
 *
 * Before printing, every figure is drawn and its layers get a viewBox, so that book.css can scale each figure to the
 * page's width; folded text (answers, solutions, the discrepancy lists) is opened; and a dark page prints light (its
 * figures recoloured by dark-theme.js, listening after this module). All of it is undone after printing.
 */
import {drawAll} from "./lazy-draw.js";

let printing = null;

window.addEventListener("beforeprint", () => {
  drawAll();
  const root = document.documentElement;
  printing = {theme: root.dataset.theme, opened: []};
  if (root.dataset.theme === "dark") root.dataset.theme = "light";  // dark-theme.js recolours the figures at once
  for (const d of document.querySelectorAll("details:not([open]):not(.above-input):not(.below-input)")) {
    d.open = true;
    printing.opened.push(d);
  }
  for (const gd of document.querySelectorAll(".js-plotly-plot")) {
    const full = gd._fullLayout;
    if (!full || !full.width || !full.height) continue;
    gd.classList.add("book-print-fit");
    gd.style.setProperty("--book-figure-width", `${full.width}px`);
    gd.style.setProperty("--book-figure-ratio", `${full.width} / ${full.height}`);
    gd.querySelectorAll("svg.main-svg").forEach((svg) => svg.setAttribute("viewBox", `0 0 ${full.width} ${full.height}`));
  }
});

window.addEventListener("afterprint", () => {
  if (!printing) return;
  if (printing.theme) document.documentElement.dataset.theme = printing.theme;
  printing.opened.forEach((d) => { d.open = false; });
  for (const gd of document.querySelectorAll(".js-plotly-plot.book-print-fit")) {
    gd.classList.remove("book-print-fit");
    gd.style.removeProperty("--book-figure-width");
    gd.style.removeProperty("--book-figure-ratio");
    gd.querySelectorAll("svg.main-svg").forEach((svg) => svg.removeAttribute("viewBox"));
  }
  printing = null;
});
