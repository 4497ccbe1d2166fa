/* "Report an error on this page": the link (the repository's menu, storageperf_book.sphinx.repository) opens a new
 * issue pre-filled with the page; this module adds, when the reader reaches for the link, the section they are reading
 * (the last heading above the upper third of the window, or the section of the text they selected, quoted) and the
 * page's address as they see it, so that the issue says where the error is.
 */
const LINK = "a.btn-report-error-button";

// The section the reader is at: the one holding the selected text, else the last whose heading is above the upper
// third of the window; null at the top of the page.
function section() {
  const selection = getSelection();
  const node = selection && selection.rangeCount && !selection.isCollapsed ? selection.anchorNode : null;
  const chosen = node && (node.nodeType === 1 ? node : node.parentElement).closest("article section[id]");
  if (chosen) return chosen;
  let at = null;
  for (const s of document.querySelectorAll("article section[id]")) {
    const heading = s.querySelector(":scope > h2, :scope > h3, :scope > h4");
    if (heading && heading.getBoundingClientRect().top <= innerHeight / 3) at = s;
  }
  return at;
}

const words = (el) => el.textContent.replace(/[#¶]\s*$/, "").replace(/\s+/g, " ").trim();

function fill(link) {
  const url = new URL(link.href), h1 = document.querySelector("article h1");
  const page = h1 ? words(h1) : document.title;
  const at = section(), heading = at && at.querySelector(":scope > h2, :scope > h3, :scope > h4");
  const name = heading ? words(heading) : "";
  const here = location.href.split(/[?#]/)[0];  // not origin and path: a file's origin is "null"
  const quoted = String(getSelection() || "").replace(/\s+/g, " ").trim().slice(0, 400);
  const inSection = name ? ", section \"" + name + "\"" : "";
  const where = name ? name + " (" + here + "#" + at.id + ")" : "(the top of the page)";
  url.searchParams.set("title", `Error on "${page}"${inSection}`);
  url.searchParams.set("body", `Page: ${page} (${here})\nSection: ${where}\n` + (quoted ? `Text: > ${quoted}\n` : "")
    + "\nWhat is wrong:\n\nWhat it should say, and where you read it (the document, its section or table, its date):\n");
  link.href = url.href;
}

for (const link of document.querySelectorAll(LINK)) {
  // before the link is followed, copied or opened in a new tab, from a pointer or the keyboard
  for (const event of ["pointerdown", "focus", "contextmenu", "click"]) link.addEventListener(event, () => fill(link));
}
