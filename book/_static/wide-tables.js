/* Tables wider than their column.
 *
 * A table of a chapter's output that is wider than the text column scrolls sideways in its own box. Such a box takes
 * keyboard focus (a region named for what it holds), so that a reader without a mouse can scroll it with the arrow
 * keys; a box whose table fits is left alone. Checked whenever the box or its table changes size (the page laid
 * out, its fonts come, a phone turned, a window narrowed).
 */
function mark(box) {
  const wide = box.scrollWidth > box.clientWidth;
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

const boxes = new Map();  // a box's table -> the box
const sized = new ResizeObserver((entries) => {
  for (const {target} of entries) mark(boxes.get(target) ?? target);
});
for (const box of document.querySelectorAll(".output.text_html")) {
  const table = box.querySelector("table");
  if (!table) continue;
  boxes.set(table, box);
  sized.observe(box);
  sized.observe(table);
}
