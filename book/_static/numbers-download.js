/* The numbers a figure draws, as CSV.
 *
 * Each figure's text description (storageperf_book.figures.describe) gets a button that downloads the numbers the
 * figure draws, as it is drawn now (a calculator's current position): one row a point, the series, then its x and its
 * y under their axes' titles.
 */
import {draw} from "./lazy-draw.js";

function csv(gd) {
  const cell = (v) => (/[",\n]/.test(String(v ?? "")) ? `"${String(v).replace(/"/g, '""')}"` : String(v ?? ""));
  const plain = (t) => String(t ?? "").replace(/<br\s*\/?>/gi, " ").replace(/<[^>]*>/g, "");
  const rows = [];
  gd._fullData.forEach((t) => {
    if (t.visible !== true || !t.x || !t.y) return;
    const ax = gd._fullLayout[`xaxis${(t.xaxis || "x").slice(1)}`];
    const ay = gd._fullLayout[`yaxis${(t.yaxis || "y").slice(1)}`];
    const head = [plain(ax && ax.title && ax.title.text) || "x", plain(ay && ay.title && ay.title.text) || "y"];
    rows.push(["series", ...head].map(cell).join(","));
    const n = Math.min(t.x.length, t.y.length);
    for (let i = 0; i < n; i++) rows.push([plain(t.name), t.x[i], t.y[i]].map(cell).join(","));
  });
  return rows.join("\n") + "\n";
}

function addDownload(gd, index) {
  const description = document.getElementById(`${gd.id}-description`);
  if (!description || description.querySelector("button")) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "figure-csv";
  button.textContent = "Download the numbers (CSV)";
  button.addEventListener("click", async () => {
    await draw(gd);  // a figure still held off screen is drawn first
    const link = document.createElement("a");
    const page = location.pathname.split("/").pop().replace(/\.html$/, "") || "figure";
    link.href = URL.createObjectURL(new Blob([csv(gd)], {type: "text/csv"}));
    link.download = `${page}-figure-${index + 1}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 0);
  });
  description.append(" ", button);
}

document.querySelectorAll(".plotly-graph-div").forEach(addDownload);
