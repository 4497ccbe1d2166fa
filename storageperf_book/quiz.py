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

Every check is kept, each attempt at a question in turn (:data:`ATTEMPTS` in a kernel, the page's memory on the
site), and can be saved as a small JSON file with no personal data (:func:`save_answers`; the site's "Download my
answers" button writes the same file): the participant is a random id unless they give a name, and each file's name
is its own (:func:`answers_file_name`: the page, the participant, the time), so a folder of collected files loses
none. The instructor reads such a folder with :func:`room`, given the answer key (the chapters' questions,
:func:`chapter_quizzes`), and draws the room's first and last attempts with :func:`room_figures`.
"""
from __future__ import annotations

import base64
import datetime as _dt
import hashlib
import html
import json
import math
import os
import re
import secrets
import zlib
from pathlib import Path

#: What an answer file says it is, and its version: 2 keeps every attempt and the participant; :func:`room` also
#: reads version 1 (each question's last check only, no participant), and no other.
FORMAT = "storageperf-quiz-answers"
VERSION = 2
READABLE_VERSIONS = (1, 2)

#: A question's id: the page's name, a slash, the question's name (``hpc-eda/2``).
ID = re.compile(r"[a-z0-9][a-z0-9-]*/[a-z0-9][a-z0-9-]*")

#: What the feedback says when nothing was chosen, when a right option is missing, when the text is not a number.
EMPTY = "Choose an option, then check."
MISSING = "Not yet: what you chose is right, but another option is right too."
NOT_A_NUMBER = "Enter a number in {unit}, then check."

#: Environment variable naming the folder where a site build collects the questions' key files.
FILES_ENV = "STORAGEPERF_SITE_QUIZZES"

#: Every check made in this kernel, in order, each with its ``attempt`` at its question (1 the first): what
#: :func:`save_answers` writes.
ATTEMPTS = []

#: The last check of each question in this kernel, by question id.
ANSWERS = {}


def new_participant():
    """A random participant id: 8 hexadecimal digits, no name in it (the site draws one per browser)."""
    return secrets.token_hex(4)


#: This kernel's participant id, in the answer files it saves unless :func:`save_answers` is given a name.
PARTICIPANT = new_participant()

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
        """Check an answer and keep it in :data:`ATTEMPTS` (and :data:`ANSWERS`).

        Parameters
        ----------
        chosen : str or list of str or float
            An option's letter, a list of letters (empty when nothing is chosen), or a number or the text typed.

        Returns
        -------
        dict
            ``question``, ``chosen`` (a list of letters or a number), ``correct`` (bool), ``verdict`` (for a number:
            ``low``, ``right`` or ``high``), ``feedback`` (what to show the reader), ``answered_at`` (UTC) and
            ``attempt`` (1 for the question's first check in this kernel); an empty choice or a text that is not a
            number is not kept and has neither.
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
        record["attempt"] = 1 + sum(a["question"] == self.id for a in ATTEMPTS)
        ATTEMPTS.append(record)
        ANSWERS[self.id] = record
        return {**record, "feedback": message}

    def arguments(self):
        """The arguments that build this question again: ``Quiz(**quiz.arguments())`` checks as ``quiz`` does."""
        common = {"id": self.id, "prompt": self.prompt, "right": self.right}
        if self.kind == "choice":
            return {**common, "options": self.options, "correct": self.correct if self.multiple else self.correct[0],
                    "feedback": self.feedback}
        return {**common, "answer": self.answer, "tolerance": self.tolerance, "unit": self.unit,
                "too_low": self.too_low, "too_high": self.too_high}

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
def _slug(name, value):
    slug = re.sub(r"[^\w]+", "-", value).strip("-")
    if not slug:
        raise ValueError(f"{name} must hold a letter or a digit, for the file's name; got {value!r}")
    return slug


def answers_document(attempts=None, saved_at=None, participant=None):
    """The answer file's content: :data:`FORMAT`, :data:`VERSION`, the participant (a random id, or the name they
    gave), the pages, when it was saved, and every check in turn (question id, the page, the options, what was
    chosen, right or not, when, the attempt at the question). No address; no name unless the participant gives one.
    """
    records = list(ATTEMPTS if attempts is None else attempts)
    pages = sorted({r["question"].split("/")[0] for r in records})
    who = PARTICIPANT if participant is None else _text("participant", participant)
    return {"format": FORMAT, "version": VERSION, "participant": who, "pages": pages,
            "saved_at": saved_at or _now(), "answers": [{**r, "page": r["question"].split("/")[0]} for r in records]}


def answers_file_name(document):
    """The file's own name: ``answers-<pages>-<participant>-<UTC time>.json``, so collected files overwrite none
    (``answers-hpc-eda-3f9a0c1d-20260101T100000Z.json``); the site's download gives the same name."""
    stamp = _dt.datetime.fromisoformat(document["saved_at"]).astimezone(_dt.timezone.utc)
    return (f"answers-{'-'.join(document['pages'])}-{_slug('participant', document['participant'])}-"
            f"{stamp:%Y%m%dT%H%M%SZ}.json")


def save_answers(path=None, name=None, *, saved_at=None, attempts=None):
    """Write this kernel's answers, every attempt (:data:`ATTEMPTS`), to a JSON file: the one the site's button
    downloads. In a chapter's notebook: ``save_answers()`` after checking its questions.

    Parameters
    ----------
    path : str or pathlib.Path, optional
        The file to write (ending in ``.json``), or a folder to write it in; by default the working folder (the
        notebook's), the file named by :func:`answers_file_name`.
    name : str, optional
        The participant's name, for the trainer: in the file and its name. By default this kernel's random id
        (:data:`PARTICIPANT`).
    saved_at : str, optional
        When it was saved, ISO 8601 with its time zone; by default now.
    attempts : list of dict, optional
        The checks to save (what :meth:`Quiz.check` keeps); by default this kernel's.

    Returns
    -------
    pathlib.Path
        The file written.
    """
    if saved_at is not None:
        try:
            zone = _dt.datetime.fromisoformat(saved_at).tzinfo if isinstance(saved_at, str) else None
        except ValueError:
            zone = None
        if zone is None:
            raise ValueError(f"saved_at must be an ISO 8601 time with its time zone (2026-01-01T10:00:00+00:00), "
                             f"got {saved_at!r}")
    if name is not None:
        name = _text("name", name)
        _slug("name", name)
    document = answers_document(attempts, saved_at, name)
    if not document["answers"]:
        raise ValueError("answers is empty: check at least one question before saving")
    if path is None or (isinstance(path, (str, Path)) and Path(path).is_dir()):
        path = Path(path or ".") / answers_file_name(document)
    if not isinstance(path, (str, Path)) or not str(path).endswith(".json"):
        raise ValueError(f"path must be a file name ending in .json, or a folder, got {path!r}")
    path = Path(path)
    path.write_text(json.dumps(document, indent=1), encoding="utf-8")
    return path


def read_answers(path):
    """One answer file, checked: a ValueError naming the file says what is wrong with it. A file of version 1 (each
    question's last check, no participant) reads as it was written."""
    try:
        document = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise ValueError(f"path {str(path)!r} is not a readable JSON file: {err}") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT \
            or document.get("version") not in READABLE_VERSIONS:
        raise ValueError(f"path {str(path)!r} is not a {FORMAT} file of version "
                         f"{' or '.join(map(str, READABLE_VERSIONS))}")
    if document["version"] >= 2 and (not isinstance(document.get("participant"), str)
                                     or not document["participant"].strip()):
        raise ValueError(f"path {str(path)!r} names no participant")
    for record in document.get("answers", []):
        if not ID.fullmatch(str(record.get("question", ""))) or not isinstance(record.get("correct"), bool):
            raise ValueError(f"path {str(path)!r} holds an answer without a question id or a correct flag: {record!r}")
        if document["version"] >= 2 and (not isinstance(record.get("attempt"), int) or record["attempt"] < 1):
            raise ValueError(f"path {str(path)!r} holds an answer without its attempt (1, 2, ...): {record!r}")
    return document


def chapter_quizzes(path):
    """A chapter's knowledge-check questions, its list ``KC`` of :class:`Quiz` objects, by running the chapter's
    code cells up to the one that builds it: the answer key as the chapter has it, for :func:`room`."""
    import contextlib
    import io

    import nbformat
    from IPython.display import display

    if not isinstance(path, (str, Path)) or not str(path).endswith(".ipynb") or not Path(path).is_file():
        raise ValueError(f"path must be a chapter's notebook (.ipynb), got {path!r}")
    namespace = {"display": display}  # what a kernel gives a cell without an import
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type == "code":
            with contextlib.redirect_stdout(io.StringIO()):  # the chapter's own printing is not the key
                exec(compile(cell.source, str(path), "exec"), namespace)  # noqa: S102  (the book's own notebook)
            if "KC" in namespace:
                return list(namespace["KC"])
    raise ValueError(f"path {str(path)!r} builds no list KC of Quiz objects")


#: The characters of a sealed line: :func:`sealed` cuts its text into lines this long.
SEALED_LINE_CHARS = 100


def sealed(quizzes):
    """Questions as text no one reads at a glance, for a participant's notebook: :func:`unsealed` builds them again.

    The text is the questions' :meth:`Quiz.arguments` as JSON, compressed and written in base 64: options, right
    answers, feedback and explanations alike. It keeps the key out of sight of a participant who reads the
    notebook's code (in VS Code, say) before checking an answer; it does not stop one who wants the key, since
    ``unsealed`` (or three lines of Python) opens it, as running the cell and asking ``KC[0].correct`` does. Hashing
    the right letters would protect no better: ten options have at most 1,023 choices to try.

    Parameters
    ----------
    quizzes : list of Quiz
        The questions, in order.

    Returns
    -------
    str
        The sealed text, in lines of :data:`SEALED_LINE_CHARS` characters.
    """
    if isinstance(quizzes, (str, bytes)) or not hasattr(quizzes, "__iter__"):
        raise ValueError(f"quizzes must be a list of Quiz objects, got {quizzes!r}")
    quizzes = list(quizzes)
    if not quizzes or not all(isinstance(z, Quiz) for z in quizzes):
        raise ValueError(f"quizzes must be a list of one or more Quiz objects, got {quizzes!r}")
    text = base64.b64encode(zlib.compress(json.dumps([z.arguments() for z in quizzes]).encode("utf-8"), 9))
    text = text.decode("ascii")
    return "\n".join(text[i:i + SEALED_LINE_CHARS] for i in range(0, len(text), SEALED_LINE_CHARS))


def unsealed(text):
    """The questions :func:`sealed` wrote into ``text``, as :class:`Quiz` objects that check as the chapter's do."""
    try:
        arguments = json.loads(zlib.decompress(base64.b64decode("".join(text.split()), validate=True)))
    except (AttributeError, TypeError, ValueError, zlib.error):
        raise ValueError(f"text must be what sealed() wrote, got {repr(text)[:60]}") from None
    if not isinstance(arguments, list) or not all(isinstance(a, dict) for a in arguments):
        raise ValueError(f"text must be what sealed() wrote, a list of questions; got {repr(text)[:60]}")
    return [Quiz(**a) for a in arguments]


_VERDICTS = ["low", "right", "high"]


def _answer_key(key):
    """The key as {question: (right options, {option: its text})}: from Quiz objects or a dict of letters."""
    if isinstance(key, dict):
        return {q: (value, {}) for q, value in key.items()}
    if isinstance(key, (str, bytes)) or not hasattr(key, "__iter__"):
        raise ValueError("key must be the answer key: Quiz objects (chapter_quizzes) or a dict of question id to its "
                         f"right letter(s); got {key!r}")
    key = list(key)
    if not all(isinstance(z, Quiz) for z in key):
        raise ValueError(f"key must be Quiz objects (chapter_quizzes) or a dict of question id to its right letter(s); "
                         f"got {[z for z in key if not isinstance(z, Quiz)][:1]!r} among them")
    return {z.id: (z.correct, dict(zip(z.letters, z.options))) if z.kind == "choice" else (["right"], {})
            for z in key}


def room(folder, key):
    """The room's answers: per question and option, how many participants chose it at their first attempt, at
    their last, and in all, from a folder of answer files, the right options from the key.

    Parameters
    ----------
    folder : str or pathlib.Path
        A folder of ``*.json`` answer files (:func:`save_answers`, or the site's "Download my answers"). A
        participant's several files (saved twice, or from two pages) count once: their attempts are merged. Files
        of version 1 kept each question's last check only, with no participant: each counts as one participant whose
        first attempt is unknown.
    key : list of Quiz or dict
        The answer key: the chapters' questions (:func:`chapter_quizzes`), or a dict of question id to its right
        letter or letters. Every multiple-choice question answered needs its key; a numeric question's files say
        whether it was right.

    Returns
    -------
    pandas.DataFrame
        One row per question and option (for a numeric question: ``low``, ``right``, ``high``), with ``text`` (the
        option's text, when the key is Quiz objects), ``first`` and ``last`` (the participants whose first or last
        attempt chose it: where several options are right an attempt may choose several), ``attempts`` (every attempt
        that chose it), ``correct`` (whether the key says it is right), ``answered`` (the participants who answered
        the question) and ``first_known`` (those of them whose first attempt is in their files).
    """
    import pandas as pd

    if not isinstance(folder, (str, Path)) or not Path(folder).is_dir():
        raise ValueError(f"folder must be a folder of answer files, got {folder!r}")
    folder = Path(folder)
    files = sorted(folder.glob("*.json"))
    if not files:
        raise ValueError(f"folder {str(folder)!r} holds no .json answer file")
    keyed = _answer_key(key)
    options, seen, where = {}, {}, {}  # question: its options; (participant, question): attempts; question: a file
    for path in files:
        document = read_answers(path)
        old = document["version"] < 2
        who = f"version-1 file {path.name}" if old else document["participant"]
        for record in document["answers"]:
            q = record["question"]
            where.setdefault(q, path.name)
            kind = record.get("options") or _VERDICTS
            known = options.setdefault(q, [])
            known += [o for o in kind if o not in known]
            chosen = record["chosen"] if "options" in record else [record.get("verdict")]
            mark = (record.get("answered_at", ""), record.get("attempt", 0), json.dumps(chosen))
            seen.setdefault((who, q), {})[mark] = (chosen, old)
    rows = []
    for q in sorted(options, key=_natural):
        if set(options[q]) <= set(_VERDICTS):  # a numeric question: its files say low, right or high
            right, texts = ["right"], {}
        elif q not in keyed:
            raise ValueError(f"key has no right option for question {q!r} (answered in {where[q]}); key must give "
                             "each question answered its right letter(s), or be the chapters' Quiz objects "
                             "(chapter_quizzes)")
        else:
            given, texts = keyed[q]
            right = [given] if isinstance(given, str) else given
            if not isinstance(right, (list, tuple)) or not right or any(c not in options[q] for c in right):
                raise ValueError(f"key[{q!r}] must be letters among {', '.join(options[q])}, got {given!r}")
            options[q] = list(dict.fromkeys([*texts, *options[q]]))  # every option of the question, in order
        tally = {o: {"first": 0, "last": 0, "attempts": 0} for o in options[q]}
        answered = first_known = 0
        for (_who, question), marks in seen.items():
            if question != q:
                continue
            ordered = [marks[m] for m in sorted(marks)]
            answered += 1
            first_known += not ordered[0][1]
            for chosen, _ in ordered:
                for o in chosen:
                    tally[o]["attempts"] += 1
            for o in ordered[-1][0]:
                tally[o]["last"] += 1
            if not ordered[0][1]:
                for o in ordered[0][0]:
                    tally[o]["first"] += 1
        rows += [{"question": q, "option": o, "text": texts.get(o, ""), **tally[o], "correct": o in right,
                  "answered": answered, "first_known": first_known} for o in options[q]]
    return pd.DataFrame(rows, columns=["question", "option", "text", "first", "last", "attempts", "correct",
                                       "answered", "first_known"])


def _natural(question):
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", question)]


#: How a numeric question's answers read on the room's chart.
_VERDICT_LABELS = {"low": "too low", "right": "right", "high": "too high"}


def _label(option, text, correct):
    """An option's label on the room's chart: its letter, "(right)" for a right one, its text wrapped in short lines
    (three at most); a numeric question's verdict in words."""
    import textwrap

    if option in _VERDICT_LABELS:
        return _VERDICT_LABELS[option]
    label = f"{option} (right)" if correct else str(option)
    lines = textwrap.wrap(text, 22)
    if len(lines) > 3:
        lines = [*lines[:2], textwrap.shorten(" ".join(lines[2:]), 22, placeholder=" …")]
    return "<br>".join([label, *lines])


def room_figures(counts):
    """A bar chart per question of :func:`room`'s table: the participants per option at their first attempt and at
    their last, the right options marked and green, on a whole-number axis."""
    import plotly.graph_objects as go

    figures = {}
    for q, rows in counts.groupby("question", sort=False):
        answered, known = int(rows["answered"].iloc[0]), int(rows["first_known"].iloc[0])
        labels = [_label(o, t, c) for o, t, c in zip(rows["option"], rows["text"], rows["correct"])]
        colours = ["#2e7d32" if c else "#6c757d" for c in rows["correct"]]
        fig = go.Figure()
        for column, name, pattern in (("first", "first attempt", ""), ("last", "last attempt", "/")):
            fig.add_trace(go.Bar(x=labels, y=rows[column].astype(int), name=name, text=rows[column].astype(int),
                                 textposition="outside", marker={"color": colours, "pattern": {"shape": pattern}},
                                 hovertemplate=f"%{{x}}<br>{name}: %{{y}} of {answered} participants<extra></extra>"))
        top = max(1, int(rows[["first", "last"]].to_numpy().max()))
        step = max(1, math.ceil(top / 4))  # four ticks at most, each a whole number of participants
        unknown = f"; first attempts known for {known}" if known < answered else ""
        number = set(rows["option"]) <= set(_VERDICT_LABELS)
        fig.update_layout(title=f"{q}: {answered} answered{unknown}", height=440, barmode="group",
                          legend={"orientation": "h", "x": 1, "xanchor": "right", "y": 1.02, "yanchor": "bottom"},
                          yaxis={"title": "participants", "tickformat": "d", "tick0": 0, "dtick": step,
                                 "range": [0, top + step]},
                          xaxis={"title": "answer" if number else "option (green: right)"})
        figures[q] = fig
    return figures
