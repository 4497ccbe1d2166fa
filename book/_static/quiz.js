/* The book's knowledge checks on the site: each question checked in the page, its feedback read out.
 *
 * A question's HTML (storageperf_book.quiz) is a <form class="quiz" data-quiz="..."> with a fieldset and legend,
 * native radio buttons, check boxes or a text box with their labels, a Check button (disabled until this script
 * takes the form over) and a feedback line in a live region. The key and every feedback sentence, written by the
 * chapter's Python, are in the data attribute or, on a built site, in a file of the site the attribute names, loaded
 * at the first check: this script picks sentences, it computes no number. Every check, each attempt at a question in
 * turn, is kept in the page's memory; the "Download my answers" button after the page's last question saves them as
 * the JSON file storageperf_book.quiz.save_answers writes in a kernel (no name, no address: the participant is a
 * random id this browser keeps), under a name of its own (the page, the participant, the time) so that a trainer's
 * folder of collected files loses none.
 */

import {loadJSON} from "./load-json.js";

export const FORMAT = "storageperf-quiz-answers";
export const VERSION = 2;

// A reader's typed number ("1,234.5", " 256 ") or null: as storageperf_book.quiz.parse_number reads it.
export function parseNumber(text) {
  const cleaned = String(text).replace(/,/g, "").trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

// What Quiz.check returns, from the question's spec and what the reader chose (letters or the text typed); attempts
// are the checks kept before it, which number this one's attempt at its question (1 the first).
export function check(spec, chosen, now = new Date(), attempts = []) {
  const at = now.toISOString().replace(/\.\d{3}Z$/, "+00:00");
  const attempt = 1 + attempts.filter((a) => a.question === spec.id).length;
  if (spec.kind === "choice") {
    const letters = [...new Set(chosen)].sort();
    const wrong = letters.filter((c) => !spec.correct.includes(c));
    const correct = letters.join() === spec.correct.join();
    const record = {question: spec.id, options: spec.options, chosen: letters, correct};
    if (!letters.length) return {record: null, feedback: spec.empty, correct: false};
    const feedback = correct ? spec.right : wrong.length ? wrong.map((c) => `${c}: ${spec.feedback[c]}`).join(" ")
      : spec.missing;
    return {record: {...record, answered_at: at, attempt}, feedback, correct};
  }
  const value = parseNumber(chosen);
  if (value === null) return {record: null, feedback: spec.not_a_number, correct: false};
  const verdict = value < spec.answer - spec.tolerance ? "low" : value > spec.answer + spec.tolerance ? "high"
    : "right";
  const feedback = {low: spec.too_low, high: spec.too_high, right: spec.right}[verdict];
  return {record: {question: spec.id, chosen: value, verdict, correct: verdict === "right", answered_at: at,
                   attempt}, feedback, correct: verdict === "right"};
}

// The answer file: as storageperf_book.quiz.answers_document writes it, every attempt in turn.
export function answersDocument(attempts, participant, now = new Date()) {
  const page = (r) => r.question.split("/")[0];
  return {format: FORMAT, version: VERSION, participant, pages: [...new Set(attempts.map(page))].sort(),
          saved_at: now.toISOString().replace(/\.\d{3}Z$/, "+00:00"),
          answers: attempts.map((r) => ({...r, page: page(r)}))};
}

// The file's own name, as storageperf_book.quiz.answers_file_name gives it: answers-<pages>-<participant>-<UTC>.json
export function fileName(doc) {
  const who = doc.participant.replace(/[^\p{L}\p{N}_]+/gu, "-").replace(/^-+|-+$/g, "");
  const stamp = new Date(doc.saved_at).toISOString().replace(/\.\d{3}Z$/, "Z").replace(/[-:]/g, "");
  return `answers-${doc.pages.join("-")}-${who}-${stamp}.json`;
}

// This browser's participant: a random id of 8 hexadecimal digits, kept in its storage so that a participant's
// files from several pages name one participant (in the page's memory where storage is blocked).
const PARTICIPANT_KEY = "storageperf-quiz-participant";
let participantId = null;

function randomId() {
  return [...crypto.getRandomValues(new Uint8Array(4))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export function participant() {
  try {
    let id = localStorage.getItem(PARTICIPANT_KEY);
    if (!/^[0-9a-f]{8}$/.test(id || "")) {
      id = randomId();
      localStorage.setItem(PARTICIPANT_KEY, id);
    }
    return id;
  } catch {
    participantId = participantId || randomId();
    return participantId;
  }
}

const attempts = [];
const FILES = new URL("quizzes/", import.meta.url);

// The question's key and feedback: in the form, or in a file of the site loaded at the first check.
async function loadSpec(spec) {
  if (!spec.src) return spec;
  return loadJSON(new URL(spec.src, FILES));
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
    const result = check(spec, chosen, new Date(), attempts);
    if (result.record) attempts.push(result.record);
    feedback.textContent = "";  // a changed live region is read out again, even with the same words
    feedback.textContent = (result.correct ? "Right. " : "") + result.feedback;
    feedback.classList.toggle("quiz-right", result.correct);
    feedback.classList.toggle("quiz-wrong", !result.correct);
    if (download) download.disabled = !attempts.length;
  });
  button.disabled = false;
}

function save() {
  const doc = answersDocument(attempts, participant());
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([JSON.stringify(doc, null, 1)], {type: "application/json"}));
  link.download = fileName(doc);
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
