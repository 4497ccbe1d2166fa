/* The book's knowledge checks on the site: each question checked in the page, its feedback read out.
 *
 * A question's HTML (storageperf_book.quiz) is a <form class="quiz" data-quiz="..."> with a fieldset and legend,
 * native radio buttons, check boxes or a text box with their labels, a Check button (disabled until this script
 * takes the form over) and a feedback line in a live region. The key and every feedback sentence, written by the
 * chapter's Python, are in the data attribute or, on a built site, in a file of the site the attribute names, loaded
 * at the first check: this script picks sentences, it computes no number. Each check is
 * kept in the page's memory; the "Download my answers" button after the page's last question saves them as the
 * JSON file storageperf_book.quiz.save_answers writes in a kernel (no name, no address).
 */

export const FORMAT = "storageperf-quiz-answers";
export const VERSION = 1;

// A reader's typed number ("1,234.5", " 256 ") or null: as storageperf_book.quiz.parse_number reads it.
export function parseNumber(text) {
  const cleaned = String(text).replace(/,/g, "").trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

// What Quiz.check returns, from the question's spec and what the reader chose (letters or the text typed).
export function check(spec, chosen, now = new Date()) {
  const at = now.toISOString().replace(/\.\d{3}Z$/, "+00:00");
  if (spec.kind === "choice") {
    const letters = [...new Set(chosen)].sort();
    const wrong = letters.filter((c) => !spec.correct.includes(c));
    const correct = letters.join() === spec.correct.join();
    const record = {question: spec.id, options: spec.options, chosen: letters, correct};
    if (!letters.length) return {record: null, feedback: spec.empty, correct: false};
    const feedback = correct ? spec.right : wrong.length ? wrong.map((c) => `${c}: ${spec.feedback[c]}`).join(" ")
      : spec.missing;
    return {record: {...record, answered_at: at}, feedback, correct};
  }
  const value = parseNumber(chosen);
  if (value === null) return {record: null, feedback: spec.not_a_number, correct: false};
  const verdict = value < spec.answer - spec.tolerance ? "low" : value > spec.answer + spec.tolerance ? "high"
    : "right";
  const feedback = {low: spec.too_low, high: spec.too_high, right: spec.right}[verdict];
  return {record: {question: spec.id, chosen: value, verdict, correct: verdict === "right", answered_at: at},
          feedback, correct: verdict === "right"};
}

// The answer file: as storageperf_book.quiz.answers_document writes it.
export function answersDocument(records, now = new Date()) {
  const list = Object.values(records);
  const page = (r) => r.question.split("/")[0];
  return {format: FORMAT, version: VERSION, pages: [...new Set(list.map(page))].sort(),
          saved_at: now.toISOString().replace(/\.\d{3}Z$/, "+00:00"), answers: list.map((r) => ({...r, page: page(r)}))};
}

const answers = {};
const FILES = new URL("quizzes/", import.meta.url);

// The question's key and feedback: in the form, or in a file of the site loaded at the first check.
async function loadSpec(spec) {
  if (!spec.src) return spec;
  const response = await fetch(new URL(spec.src, FILES));
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
  return response.json();
}

export function render(form) {
  let spec = JSON.parse(form.dataset.quiz);
  const button = form.querySelector(".quiz-check");
  const feedback = form.querySelector(".quiz-feedback");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      spec = await loadSpec(spec);
    } catch (err) {
      feedback.textContent = `The answer could not be loaded (${err.message}); the folded answer below has it.`;
      return;
    }
    const chosen = spec.kind === "choice"
      ? [...form.querySelectorAll("input:checked")].map((i) => i.value)
      : form.querySelector("input[type=text]").value;
    const result = check(spec, chosen);
    if (result.record) answers[spec.id] = result.record;
    feedback.textContent = "";  // a changed live region is read out again, even with the same words
    feedback.textContent = (result.correct ? "Right. " : "") + result.feedback;
    feedback.classList.toggle("quiz-right", result.correct);
    feedback.classList.toggle("quiz-wrong", !result.correct);
    if (download) download.disabled = !Object.keys(answers).length;
  });
  button.disabled = false;
}

function save() {
  const documentJson = JSON.stringify(answersDocument(answers), null, 1);
  const pages = answersDocument(answers).pages.join("-");
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([documentJson], {type: "application/json"}));
  link.download = `answers-${pages}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}

let download = null;  // the page's "Download my answers" button, after its last question

const forms = typeof document === "undefined" ? [] : [...document.querySelectorAll("form.quiz[data-quiz]")];
if (forms.length) {
  download = document.createElement("button");
  download.type = "button";
  download.className = "quiz-download";
  download.textContent = "Download my answers";
  download.disabled = true;
  download.title = "A small JSON file of the questions you checked on this page, for your trainer";
  download.addEventListener("click", save);
  const wrap = document.createElement("p");
  wrap.className = "quiz-download-wrap";
  wrap.append(download);
  const last = forms[forms.length - 1];
  (last.closest(".cell") || last).after(wrap);
  forms.forEach(render);
}
