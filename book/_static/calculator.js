/* The book's calculators on the site: native controls over figures the model drew at build time.
 *
 * A calculator's HTML (storageperf_book.calculator) is a <div class="calculator" data-calculator="..."> holding its
 * answer as a visible line of text in a live region (read out when it changes), the figure of its default inputs (its
 * title says what is drawn), and a description of the inputs the site moves (each with its positions as labels, and
 * its default). `render({model, el})`, in the shape anywidget gives a
 * widget's front end, builds a labelled control for each input (a range input over the positions' indices, or a
 * select), and redraws the figure and the answer whenever the model's figure changes. On the site the model is
 * `siteModel`: setting the inputs looks the figure up in the calculator's state file, loaded from the site
 * (load-json.js) when a reader first moves a control. Nothing is computed here: every number comes from the Python
 * model.
 *
 * A calculator's positions are in the page's link once a reader moves it (`?calc=2&quota_tib=10&service_level=Premium`:
 * the page's second calculator, each input at the position of that label), and its "Copy link" copies that link: a
 * link so made opens the page at that calculator, its controls at those positions.
 */

import {copyLink} from "./copy-link.js";
import {draw, onDrawn} from "./lazy-draw.js";
import {loadJSON} from "./load-json.js";

const STATES = new URL("calculators/", import.meta.url);

// A model in anywidget's shape (get, set, on, save_changes) backed by the state file.
export function siteModel(spec, answer) {
  const attrs = {inputs: spec.inputs, positions: spec.inputs.map((i) => i.default), figure: null, answer, status: ""};
  const handlers = {};
  let states = null;
  const emit = (name) => (handlers[`change:${name}`] || []).forEach((f) => f());
  const set = (name, value) => {
    attrs[name] = value;
    emit(name);
  };
  async function lookup() {
    if (!spec.states) {
      set("status", "This calculator's other positions are not part of this copy of the site.");
      return;
    }
    if (!states) {
      set("status", "Loading the calculator's positions…");
      try {
        states = await loadJSON(new URL(spec.states, STATES));
      } catch (err) {
        set("status", `The calculator's positions could not be loaded (${err.message}).`);
        return;
      }
    }
    const state = states.states[attrs.positions.join(",")];
    set("status", "");
    attrs.answer = state.answer;
    set("figure", {data: state.traces.map((i) => structuredClone(states.traces[i])), layout: state.layout});
    emit("answer");
  }
  return {
    get: (name) => attrs[name],
    set: (name, value) => { attrs[name] = value; },
    on: (event, handler) => { (handlers[event] = handlers[event] || []).push(handler); },
    save_changes: () => { lookup(); },
  };
}

// A copy of `base` with `changes` merged in, object by object (arrays and values replaced).
function merged(base, changes) {
  const out = {...base};
  for (const [key, value] of Object.entries(changes)) {
    const plain = value && typeof value === "object" && !Array.isArray(value);
    out[key] = plain && base[key] && typeof base[key] === "object" ? merged(base[key], value) : value;
  }
  return out;
}

let counter = 0;

// A position as the link writes it: a number without its unit (a range's label "10 TiB" is 10), an option as labelled.
const token = (input, i) => (input.kind === "range" ? input.labels[i].split(" ")[0] : input.labels[i]);

// The page's link to calculator number `n` (1, 2, ... in the page's order) at these positions.
export function calculatorLink(n, inputs, positions) {
  const q = new URLSearchParams({calc: n});
  inputs.forEach((input, k) => q.set(input.name, token(input, positions[k])));
  return `${location.href.split(/[?#]/)[0]}?${q}`;  // not origin and path: a file's origin is "null"
}

// The positions a link gives calculator number `n`, or null when it names another; a value that is not a position
// is left at the input's default and named in `refused`.
export function linkedPositions(n, inputs, search = location.search) {
  const q = new URLSearchParams(search);
  if (q.get("calc") !== String(n)) return null;
  const refused = [];
  const positions = inputs.map((input) => {
    if (!q.has(input.name)) return input.default;
    const i = input.labels.findIndex((_, j) => token(input, j) === q.get(input.name));
    if (i < 0) refused.push(`${input.name}=${q.get(input.name)}`);
    return i < 0 ? input.default : i;
  });
  return {positions, refused};
}

export function render({model, el, n = null}) {
  const controls = el.querySelector(".calculator-controls");
  const answer = el.querySelector(".calculator-answer");
  const gd = el.querySelector(".plotly-graph-div");
  const status = document.createElement("p");
  status.className = "calculator-status";
  status.setAttribute("aria-live", "polite");
  answer.after(status);
  const inputs = model.get("inputs");
  const linked = n === null ? null : linkedPositions(n, inputs);
  if (linked) model.set("positions", linked.positions);
  const shownAt = [];  // each control's setter, to show the positions a link gave
  inputs.forEach((input, k) => {
    const id = `calculator-${++counter}`;
    const row = document.createElement("div");
    row.className = `calculator-input calculator-${input.kind}`;
    const label = document.createElement("label");
    label.htmlFor = id;
    label.textContent = input.label;
    row.append(label);
    let control;
    if (input.kind === "range") {
      control = document.createElement("input");
      Object.assign(control, {type: "range", min: 0, max: input.labels.length - 1, step: 1, value: input.default});
      const shown = document.createElement("output");
      shown.htmlFor = id;
      const show = () => {
        shown.textContent = input.labels[control.value];
        control.setAttribute("aria-valuetext", input.labels[control.value]);
      };
      show();
      control.addEventListener("input", show);
      shownAt.push((i) => { control.value = i; show(); });
      row.append(control, shown);
    } else {
      control = document.createElement("select");
      input.labels.forEach((text, i) => control.add(new Option(text, i, i === input.default, i === input.default)));
      shownAt.push((i) => { control.value = i; });
      row.append(control);
    }
    control.id = id;
    control.name = input.name;
    control.addEventListener(input.kind === "range" ? "input" : "change", () => {
      const positions = [...model.get("positions")];
      positions[k] = Number(control.value);
      model.set("positions", positions);
      model.save_changes();
      if (n !== null) history.replaceState(null, "", calculatorLink(n, inputs, positions));
    });
    controls.append(row);
  });
  const share = document.createElement("p");
  share.className = "calculator-share";
  if (n !== null) {
    share.append(copyLink(() => calculatorLink(n, inputs, model.get("positions")), "Copy link to these settings"));
    // which guide the answer comes from: the build's version, in the page's head (storageperf_book.sphinx.pages)
    const version = document.querySelector('meta[name="guide-version"]');
    if (version) share.append(" ", version.content);
    status.after(share);
  }
  const redraw = () => {
    const {data, layout} = model.get("figure");
    window.Plotly.react(gd, data, merged(gd.layout, layout));
  };
  // a figure asked for before plotly.js has come (a calculator's link, opened) is redrawn once its default is drawn
  let pending = false;
  onDrawn((drawn) => { if (drawn === gd && pending) { pending = false; redraw(); } });
  model.on("change:figure", () => {
    draw(gd);  // drawn first if it was held off screen (lazy-draw.js)
    if (gd._fullLayout) redraw(); else pending = true;
  });
  model.on("change:answer", () => { answer.textContent = model.get("answer"); });
  model.on("change:status", () => { status.textContent = model.get("status"); });
  if (linked) {  // opened from a calculator's link: its positions shown and drawn, the calculator scrolled into view
    linked.positions.forEach((i, k) => shownAt[k](i));
    if (linked.positions.some((i, k) => i !== inputs[k].default)) model.save_changes();
    if (linked.refused.length) {
      share.prepend(`The link's ${linked.refused.join(", ")} is not a position of this calculator: left at its default. `);
    }
    el.scrollIntoView({block: "start"});
  }
}

export default {render};

document.querySelectorAll(".calculator[data-calculator]").forEach((el, i) => {
  const spec = JSON.parse(el.dataset.calculator);
  render({model: siteModel(spec, el.querySelector(".calculator-answer").textContent), el, n: i + 1});
});
