/* The JSON files the pages read (a calculator's positions, a knowledge check's key, the studio's facts), read one way.
 *
 * Served over http(s), a file is fetched. Opened from the file system (the offline copy, storageperf_book.handouts),
 * where a browser fetches nothing, it is read from the script written beside it, <name>.json.js, a classic script
 * (which a browser runs from the file system) that hands its object to window.bookJSON under its own script element.
 */
export async function loadJSON(url) {
  const address = new URL(url, location.href);
  if (address.protocol !== "file:") {
    const response = await fetch(address);
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    return response.json();
  }
  const loaded = window.bookJSON ??= new Map();
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = `${address.href}.js`;
    script.addEventListener("load", () => {
      const value = loaded.get(script);
      loaded.delete(script);
      script.remove();
      if (value === undefined) reject(new Error(`${script.src} gave no value`));
      else resolve(value);
    });
    script.addEventListener("error", () => {
      script.remove();
      reject(new Error(`${script.src} could not be read`));
    });
    document.head.append(script);
  });
}
