"""Knowledge checks that answer back: live in a kernel, plain HTML and a small script on the site.

A chapter writes a question in a code cell, its numbers from the chapter's own cells (``v("name")`` or a model
call), and every wrong option with the sentence that says why it is wrong::

    Quiz("hpc-eda/2", "Which service level and quota give 10 TiB and 700 MiB/s?",
         options=["Ultra + 5 TiB", "Premium + 10 TiB", "Standard + 10 TiB"], correct="B",
         feedback={"A": "5 TiB does not hold the 10 TiB of data.", "C": "Standard grants 160 MiB/s for 10 TiB."},
         right="Premium + 10 TiB holds the data and grants 640 MiB/s.")

or a number with its tolerance and unit, and what to say when the answer is too low or too high::

    Quiz("hpc-eda/5", "What throughput may a 4 TiB Premium volume deliver?", answer=256, tolerance=1,
         unit="MiB/s", too_low="...", too_high="...", right="...")

Shown in a live kernel (JupyterLab, VS Code), a quiz is an ipywidgets panel: radio buttons (check boxes when more
than one option is right) or a text box, a Check button and the feedback. Executed for the site
(:func:`storageperf_book.figures.for_site`), it is a ``<form>`` with a ``<fieldset>`` and ``<legend>``, native
inputs with their labels, a Check button and a feedback line in a live region; ``book/_static/quiz.js`` checks the
answer in the page. The key and the feedback travel in a data attribute, so the page shows no answer before the
reader checks one.

Every check is kept (:data:`ANSWERS` in a kernel, the page's memory on the site) and can be saved as a small JSON
file with no personal data (:func:`save_answers`; the site's "Download my answers" button writes the same file).
The instructor reads a folder of them with :func:`room` and draws the room's answers with :func:`room_figures`.
"""
from __future__ import annotations

import datetime as _dt
import hashlib
import html
import json
import math
import os
import re
from pathlib import Path

#: What an answer file says it is, and its version; :func:`room` reads no other.
FORMAT = "storageperf-quiz-answers"
VERSION = 1

#: A question's id: the page's name, a slash, the question's name (``hpc-eda/2``).
ID = re.compile(r"[a-z0-9][a-z0-9-]*/[a-z0-9][a-z0-9-]*")

#: What the feedback says when nothing was chosen, when a right option is missing, when the text is not a number.
EMPTY = "Choose an option, then check."
MISSING = "Not yet: what you chose is right, but another option is right too."
NOT_A_NUMBER = "Enter a number in {unit}, then check."

#: Environment variable naming the folder where a site build collects the questions' key files.
FILES_ENV = "STORAGEPERF_SITE_QUIZZES"

#: Every check made in this kernel, by question id: what :func:`save_answers` writes.
ANSWERS = {}

_LETTERS = "ABCDEFGHIJ"


def _text(name, value):
    if not isinstance(value, str) or not value.strip() or "\n" in value.strip():
        raise ValueError(f"{name} must be a non-empty line of text, got {value!r}")
    return " ".join(value.split())


def _now():
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


def parse_number(text):
    """A reader's typed number (``"1,234.5"``, ``" 256 "``) as a float, or None when it is not one."""
    try:
        value = float(str(text).replace(",", "").strip())
    except ValueError:
        return None
    return value if math.isfinite(value) else None


class Quiz:
    """One knowledge-check question; see the module docstring.

    Parameters
    ----------
    id : str
        ``page/question``, lower-case letters, digits and hyphens (:data:`ID`); the page is the chapter's file name.
    prompt : str
        The question, one line of plain text.
    options : list of str, optional
        A multiple-choice question's options, lettered A, B, C, ... in this order (two to ten).
    correct : str or list of str
        The right option's letter, or the letters when more than one is right (the reader then checks boxes).
    feedback : dict
        For each wrong option's letter, the sentence that says why it is wrong.
    answer : float, optional
        A numeric question's answer [``unit``], instead of ``options``.
    tolerance : float
        How far from ``answer`` an answer still counts as right [``unit``], more than 0.
    unit : str
        The answer's unit, shown beside the text box.
    too_low, too_high : str
        What to say to an answer below or above the tolerated range.
    right : str
        The explanation of the right answer, shown once the reader has it right.
    """

    def __init__(self, id, prompt, options=None, correct=None, feedback=None, answer=None, tolerance=None, unit="",
                 too_low=None, too_high=None, right=None):
        if not isinstance(id, str) or not ID.fullmatch(id):
            raise ValueError(f"id must be page/question in lower-case letters, digits and hyphens, got {id!r}")
        self.id = id
        self.prompt = _text("prompt", prompt)
        self.right = _text("right", right)
        if (options is None) == (answer is None):
            raise ValueError("options or answer: a question needs exactly one of them, got "
                             f"options={options!r}, answer={answer!r}")
        if options is not None:
            self._init_choice(options, correct, feedback)
        else:
            self._init_number(answer, tolerance, unit, too_low, too_high)

    def _init_choice(self, options, correct, feedback):
        if isinstance(options, str) or not isinstance(options, (list, tuple)) or not 2 <= len(options) <= len(_LETTERS):
            raise ValueError(f"options must be a list of 2 to {len(_LETTERS)} texts, got {options!r}")
        self.kind = "choice"
        self.options = [_text("options", o) for o in options]
        self.letters = list(_LETTERS[:len(options)])
        wanted = [correct] if isinstance(correct, str) else correct
        if not isinstance(wanted, (list, tuple)) or not wanted or any(c not in self.letters for c in wanted) \
                or len(set(wanted)) != len(wanted):
            raise ValueError(f"correct must be one or more of {', '.join(self.letters)}, got {correct!r}")
        self.correct = sorted(wanted)
        self.multiple = not isinstance(correct, str)
        wrong = [letter for letter in self.letters if letter not in self.correct]
        if not isinstance(feedback, dict) or sorted(feedback) != wrong:
            given = sorted(feedback) if isinstance(feedback, dict) else feedback
            raise ValueError(f"feedback must give a sentence for each wrong option, {', '.join(wrong) or 'none'}; "
                             f"got {given!r}")
        self.feedback = {letter: _text(f"feedback[{letter!r}]", feedback[letter]) for letter in wrong}

    def _init_number(self, answer, tolerance, unit, too_low, too_high):
        from storageperf import checks

        self.kind = "number"
        self.answer = float(checks.number("answer", answer))
        self.tolerance = float(checks.positive("tolerance", tolerance, unit))
        self.unit = _text("unit", unit)
        self.too_low = _text("too_low", too_low)
        self.too_high = _text("too_high", too_high)

    # -- checking ------------------------------------------------------------------------------------------------
    def check(self, chosen):
        """Check an answer and keep it in :data:`ANSWERS`.

        Parameters
        ----------
        chosen : str or list of str or float
            An option's letter, a list of letters (empty when nothing is chosen), or a number or the text typed.

        Returns
        -------
        dict
            ``question``, ``chosen`` (a list of letters or a number), ``correct`` (bool), ``verdict`` (for a number:
            ``low``, ``right`` or ``high``), ``feedback`` (what to show the reader) and ``answered_at`` (UTC).
        """
        if self.kind == "choice":
            letters = [chosen] if isinstance(chosen, str) else chosen
            if not isinstance(letters, (list, tuple)) or any(c not in self.letters for c in letters):
                raise ValueError(f"chosen must be letters among {', '.join(self.letters)}, got {chosen!r}")
            letters = sorted(set(letters))
            wrong = [c for c in letters if c not in self.correct]
            ok = letters == self.correct
            if not letters:
                message = EMPTY
            elif ok:
                message = self.right
            elif wrong:
                message = " ".join(f"{c}: {self.feedback[c]}" for c in wrong)
            else:
                message = MISSING
            record = {"question": self.id, "options": self.letters, "chosen": letters, "correct": ok}
            if not letters:
                return {**record, "feedback": message}  # nothing to keep
        else:
            value = chosen if isinstance(chosen, (int, float)) and not isinstance(chosen, bool) else \
                parse_number(chosen) if isinstance(chosen, str) else None
            if value is None or not math.isfinite(value):
                if isinstance(chosen, str):
                    return {"question": self.id, "chosen": None, "correct": False,
                            "feedback": NOT_A_NUMBER.format(unit=self.unit)}
                raise ValueError(f"chosen must be a number in {self.unit} or its text, got {chosen!r}")
            verdict = ("low" if value < self.answer - self.tolerance else
                       "high" if value > self.answer + self.tolerance else "right")
            message = {"low": self.too_low, "high": self.too_high, "right": self.right}[verdict]
            record = {"question": self.id, "chosen": value, "verdict": verdict, "correct": verdict == "right"}
        record["answered_at"] = _now()
        ANSWERS[self.id] = record
        return {**record, "feedback": message}

    # -- the site: plain HTML for quiz.js ------------------------------------------------------------------------
    def spec(self):
        """What ``quiz.js`` needs to check an answer in the page: the key and the feedback, as plain JSON."""
        if self.kind == "choice":
            return {"id": self.id, "kind": "choice", "options": self.letters, "correct": self.correct,
                    "feedback": self.feedback, "right": self.right, "empty": EMPTY, "missing": MISSING}
        return {"id": self.id, "kind": "number", "answer": self.answer, "tolerance": self.tolerance,
                "too_low": self.too_low, "too_high": self.too_high, "right": self.right,
                "not_a_number": NOT_A_NUMBER.format(unit=self.unit)}

    def to_html(self):
        """The question as a form: a fieldset with its legend, native inputs in their labels, Check, the feedback.

        On a site build the key and the feedback go to a file of the site (named by its content, in the folder
        :data:`FILES_ENV` names, served in ``_static/quizzes/``), which the script loads at
        the first check: the page stays light. Elsewhere they travel in the form's data attribute. Either way the
        page shows no answer before the reader checks one. The Check button is disabled until ``quiz.js`` takes the
        form over, so a page without the script shows the question without a button that does nothing.
        """
        spec = self.spec()
        folder = os.environ.get(FILES_ENV)
        if folder:
            text = json.dumps(spec, separators=(",", ":"), sort_keys=True)
            name = "quiz-" + hashlib.sha1(text.encode()).hexdigest()[:16] + ".json"
            Path(folder).mkdir(parents=True, exist_ok=True)
            (Path(folder) / name).write_text(text, encoding="utf-8")
            spec = {"id": self.id, "kind": self.kind, "src": name}
        name = html.escape(self.id.replace("/", "-"))
        parts = [f'<form class="quiz" data-quiz="{html.escape(json.dumps(spec, separators=(",", ":")))}">'
                 f'<fieldset><legend>{html.escape(self.prompt)}</legend>']
        if self.kind == "choice":
            kind = "checkbox" if self.multiple else "radio"
            if self.multiple:
                parts.append('<p class="quiz-hint">Check every option that applies.</p>')
            parts += [f'<label class="quiz-option"><input type="{kind}" name="{name}" value="{letter}"> '
                      f'<b>{letter}</b> {html.escape(option)}</label>' for letter, option in zip(self.letters,
                                                                                                  self.options)]
        else:
            parts.append(f'<label class="quiz-number">Your answer [{html.escape(self.unit)}] <input type="text" '
                         f'inputmode="decimal" autocomplete="off" name="{name}"></label>')
        parts.append('</fieldset><button class="quiz-check" disabled>Check</button>'
                     '<p class="quiz-feedback" role="status" aria-live="polite"></p></form>')
        return "".join(parts)

    # -- a kernel: an ipywidgets panel ---------------------------------------------------------------------------
    def widget(self):
        """An ipywidgets panel: the question, radio buttons, check boxes or a text box, Check, the feedback."""
        import ipywidgets as widgets

        question = widgets.HTML(f"<strong>{html.escape(self.prompt)}</strong>")
        labels = [f"{letter}. {option}" for letter, option in zip(getattr(self, "letters", []),
                                                                   getattr(self, "options", []))]
        if self.kind == "choice" and self.multiple:
            boxes = [widgets.Checkbox(value=False, description=label, indent=False, layout={"width": "auto"})
                     for label in labels]
            inputs = widgets.VBox([widgets.HTML("Check every option that applies."), *boxes])

            def chosen():
                return [letter for letter, box in zip(self.letters, boxes) if box.value]
        elif self.kind == "choice":
            inputs = widgets.RadioButtons(options=labels, value=None, layout={"width": "auto"})

            def chosen():
                return [] if inputs.value is None else [self.letters[labels.index(inputs.value)]]
        else:
            inputs = widgets.Text(description=f"Your answer [{self.unit}]", style={"description_width": "initial"},
                                  continuous_update=False)

            def chosen():
                return inputs.value
        button = widgets.Button(description="Check", tooltip="Check your answer")
        feedback = widgets.HTML()

        def on_check(_=None):
            result = self.check(chosen())
            mark = "Right. " if result["correct"] else ""
            feedback.value = f'<p role="status">{html.escape(mark + result["feedback"])}</p>'

        button.on_click(on_check)
        return widgets.VBox([question, inputs, button, feedback])

    def _repr_mimebundle_(self, include=None, exclude=None):
        from . import figures

        plain = {"text/plain": f"<Quiz {self.id}: {self.prompt}>"}
        if figures.for_site():
            return {"text/html": self.to_html(), **plain}
        return {"text/html": self.to_html(), **plain, **self.widget()._repr_mimebundle_()}


# -- the answers: saved by a reader, read by the instructor -----------------------------------------------------------
def answers_document(answers=None, saved_at=None):
    """The answer file's content: :data:`FORMAT`, :data:`VERSION`, when it was saved, and each question's last
    check (question id, the page, the options, what was chosen, right or not, when). No name, no address."""
    records = list((ANSWERS if answers is None else answers).values())
    pages = sorted({r["question"].split("/")[0] for r in records})
    return {"format": FORMAT, "version": VERSION, "pages": pages, "saved_at": saved_at or _now(),
            "answers": [{**r, "page": r["question"].split("/")[0]} for r in records]}


def save_answers(path=None, answers=None):
    """Write this kernel's answers (:data:`ANSWERS`) to a JSON file, the one the site's button downloads.

    Parameters
    ----------
    path : str or pathlib.Path, optional
        The file to write; by default ``answers-<page>.json`` in the working folder.

    Returns
    -------
    pathlib.Path
        The file written.
    """
    document = answers_document(answers)
    if not document["answers"]:
        raise ValueError("answers is empty: check at least one question before saving")
    if path is None:
        path = f"answers-{'-'.join(document['pages'])}.json"
    if not isinstance(path, (str, Path)) or not str(path).endswith(".json"):
        raise ValueError(f"path must be a file name ending in .json, got {path!r}")
    path = Path(path)
    path.write_text(json.dumps(document, indent=1), encoding="utf-8")
    return path


def read_answers(path):
    """One answer file, checked: a ValueError naming the file says what is wrong with it."""
    try:
        document = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise ValueError(f"path {str(path)!r} is not a readable JSON file: {err}") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT or document.get("version") != VERSION:
        raise ValueError(f"path {str(path)!r} is not a {FORMAT} file of version {VERSION}")
    for record in document.get("answers", []):
        if not ID.fullmatch(str(record.get("question", ""))) or not isinstance(record.get("correct"), bool):
            raise ValueError(f"path {str(path)!r} holds an answer without a question id or a correct flag: {record!r}")
    return document


def room(folder):
    """The room's answers: per question, how many chose each option, from a folder of answer files.

    Parameters
    ----------
    folder : str or pathlib.Path
        A folder of ``*.json`` answer files (:func:`save_answers`, or the site's "Download my answers").

    Returns
    -------
    pandas.DataFrame
        One row per question and option (for a numeric question: ``low``, ``right``, ``high``), with ``count`` (the
        files that chose it: a file may choose several options where several are right), ``correct`` (whether the
        option is right) and ``answered`` (the files that answered the question). Options no file chose count 0.
    """
    import pandas as pd

    if not isinstance(folder, (str, Path)) or not Path(folder).is_dir():
        raise ValueError(f"folder must be a folder of answer files, got {folder!r}")
    folder = Path(folder)
    files = sorted(folder.glob("*.json"))
    if not files:
        raise ValueError(f"folder {str(folder)!r} holds no .json answer file")
    counts, right, answered = {}, {}, {}
    for path in files:
        for record in read_answers(path)["answers"]:
            q = record["question"]
            answered[q] = answered.get(q, 0) + 1
            options = record.get("options") or ["low", "right", "high"]
            chosen = record["chosen"] if "options" in record else [record.get("verdict")]
            per = counts.setdefault(q, {o: 0 for o in options})
            for option in chosen:
                per[option] = per.get(option, 0) + 1
            if "options" not in record:
                right.setdefault(q, {"right"})
            elif record["correct"]:
                right[q] = set(chosen)
    rows = [{"question": q, "option": o, "count": n, "correct": o in right.get(q, set()), "answered": answered[q]}
            for q in sorted(counts, key=_natural) for o, n in counts[q].items()]
    return pd.DataFrame(rows, columns=["question", "option", "count", "correct", "answered"])


def _natural(question):
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", question)]


def room_figures(counts):
    """A bar chart per question of :func:`room`'s table: the count per option, the right options marked."""
    import plotly.graph_objects as go

    figures = {}
    for q, rows in counts.groupby("question", sort=False):
        answered = int(rows["answered"].iloc[0])
        labels = [f"{o} (right)" if c else str(o) for o, c in zip(rows["option"], rows["correct"])]
        fig = go.Figure(go.Bar(x=labels, y=rows["count"], text=rows["count"], textposition="outside",
                               marker_color=["#2e7d32" if c else "#6c757d" for c in rows["correct"]],
                               hovertemplate="%{x}: %{y} of " + str(answered) + "<extra></extra>"))
        fig.update_layout(title=f"{q}: {answered} answered", height=280, showlegend=False,
                          yaxis={"title": "answer files", "rangemode": "tozero"}, xaxis={"title": "option"})
        figures[q] = fig
    return figures
