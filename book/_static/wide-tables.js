/* Tables wider than their column.
 *
 * A table of a chapter's output that is wider than the text column scrolls sideways in its own box. Such a box takes
 * keyboard focus (a region named for what it holds), so that a reader without a mouse can scroll it with the arrow
 * keys; a box whose table fits is left alone. Checked when the page is laid out and whenever the window's width
 * changes (a phone turned, a window narrowed).
 */
const BOXES = ".output.text_html";

function mark() {
  for (const box of document.querySelectorAll(BOXES)) {
    if (!box.querySelector("table")) continue;
    const wide = box.scrollWidth > box.clientWidth + 1;
    if (wide && !box.hasAttribute("tabindex")) {
      box.tabIndex = 0;
      box.setAttribute("role", "region");
      box.setAttribute("aria-label", "Table, scrolls sideways");
    } else if (!wide && box.getAttribute("role") === "region") {
      box.removeAttribute("tabindex");
      box.removeAttribute("role");
      box.removeAttribute("aria-label");
    }
  }
}

let width = 0;
new ResizeObserver(() => {
  if (document.documentElement.clientWidth !== width) {
    width = document.documentElement.clientWidth;
    mark();
  }
}).observe(document.documentElement);
