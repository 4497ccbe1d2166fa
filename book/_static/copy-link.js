/* "Copy link": a button that copies the link to what the reader sees (the studio's inputs, a calculator's
 * positions), and says so in a live region; where the browser gives no clipboard, the link is shown selected, to
 * copy by hand. Used by studio-page.js and calculator.js.
 */
export function copyLink(url, label = "Copy link") {
  const button = document.createElement("button");
  Object.assign(button, {type: "button", className: "copy-link", textContent: label});
  const said = document.createElement("span");
  said.className = "copy-link-said";
  said.setAttribute("role", "status");
  button.addEventListener("click", async () => {
    const href = url();
    try {
      await navigator.clipboard.writeText(href);
      said.textContent = "Link copied.";
    } catch {
      const field = document.createElement("input");
      Object.assign(field, {type: "text", readOnly: true, value: href, className: "copy-link-field"});
      field.setAttribute("aria-label", "The link");
      said.replaceChildren("Copy this link: ", field);
      field.select();
    }
  });
  const box = document.createElement("span");
  box.className = "copy-link-box";
  box.append(button, said);
  return box;
}
