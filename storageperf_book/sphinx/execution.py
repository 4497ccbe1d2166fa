"""A chapter is executed only when what its outputs come from changed, and its kernel lives only while it runs.

Sphinx reads again a page whose source changed; a notebook also names every file of the model (``storageperf/``),
the book's code (``storageperf_book/``) and the data (``data/``) as its dependencies, so that a change to any of them
is a change to every chapter, and a rebuild with nothing changed reads, and executes, nothing.

A chapter read again is executed only if its **record** is not current. The record (one a notebook, in the build's
``executed/`` folder) holds the code cells' outputs and each number the prose takes from the kernel (``{eval}``),
under a key of all they come from: the code cells, each number's expression and the code cells run before it, the
kernel, the files above, the pins (``requirements.txt``) and the ``STORAGEPERF_*`` environment the kernel reads. A
prose edit keeps the key: the page is rendered from the record, with no kernel. Otherwise the notebook is executed
before its page is rendered: each code cell in turn, and after each, the numbers the prose between it and the next
code cell asks for, in the state the cells above left (what MyST-NB's inline execution, and jupyterlab-myst in
JupyterLab, show); then the kernel is shut down and the page rendered from the new record. The kernels run in the
build's own IPython profile: a reader's startup files do not change what the build writes, and the kernels' notices
stay out of the build log, where a real warning must stand out.
"""
from __future__ import annotations

import asyncio
import copy
import hashlib
import json
import os
import re
import time
import traceback
from datetime import datetime
from itertools import accumulate
from pathlib import Path, PurePosixPath

import nbformat
from jupyter_core.utils import run_sync
from myst_nb.core.execute import ExecutionError, NotebookClientBase
from myst_nb.core.execute.base import EvalNameError
from myst_nb.core.execute.inline import ModifiedNotebookClient
from nbclient.exceptions import CellExecutionError, CellTimeoutError
from sphinx.util import logging

from ..kernels import KernelManager

logger = logging.getLogger(__name__)

#: The folders, beside the book's configuration, whose every file a notebook's outputs may come from; and the pins.
SOURCES = ("storageperf", "storageperf_book", "data")
PINS = ("requirements.txt",)

#: Where the records are kept, in the build's doctree folder.
RECORDS = "executed"

#: A number the prose takes from the kernel, as MyST writes the role: {eval}`expression`.
NUMBER = re.compile(r"\{eval\}`([^`]+)`")

#: Tags that leave a code cell off the page: MyST-NB does not render it, so the prose after it reads the kernel as the
#: rendered cells above left it.
_REMOVED = {"remove-cell", "remove_cell"}


def model_files(root):
    """The files of :data:`SOURCES` under ``root`` (bytecode left out), sorted."""
    return sorted(str(p) for folder in SOURCES for p in (Path(root) / folder).rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts)


def inputs_digest(root):
    """A digest of every file of :data:`SOURCES` and :data:`PINS` under ``root``: their paths and contents."""
    digest = hashlib.sha256()
    for path in [*model_files(root), *(str(Path(root) / p) for p in PINS if (Path(root) / p).is_file())]:
        digest.update(os.path.relpath(path, root).encode() + b"\0" + Path(path).read_bytes() + b"\0")
    return digest.hexdigest()


def numbers_asked(notebook):
    """The numbers the notebook's prose asks the kernel for: ``[(code cells run before it, expression)]`` in the
    order of the page. A number reads the kernel as the code cells rendered above it leave it (with the cells a
    ``remove-cell`` tag leaves off the page run only when a later cell is)."""
    asked, rendered, ran = [], 0, 0
    for cell in notebook.cells:
        if cell.cell_type == "code":
            ran += 1
            if not _REMOVED & set(cell.get("metadata", {}).get("tags", [])):
                rendered = ran
        elif cell.cell_type == "markdown":
            asked += [(rendered, expression) for expression in NUMBER.findall(cell.source)]
    return asked


def record_key(notebook, inputs):
    """The key a chapter's record is kept under: its code cells, the numbers its prose asks for and where, its
    kernel, ``inputs`` (:func:`inputs_digest`) and the ``STORAGEPERF_*`` environment."""
    what = {"code": [c.source for c in notebook.cells if c.cell_type == "code"],
            "numbers": numbers_asked(notebook),
            "kernel": notebook.metadata.get("kernelspec", {}).get("name"),
            "inputs": inputs,
            "environment": sorted((k, v) for k, v in os.environ.items() if k.startswith("STORAGEPERF_"))}
    return hashlib.sha256(json.dumps(what, sort_keys=True).encode()).hexdigest()


def _number_key(ran, expression):
    return f"{ran} {expression}"


async def execute_async(notebook, folder, nb_config):
    """Execute a copy of ``notebook`` in a kernel started in ``folder``: each code cell, and after each the numbers
    its prose asks for there (:func:`numbers_asked`). Returns the record: the code cells' outputs and execution
    counts in order, the numbers' outputs, the kernel's language and widgets, and how the execution went (with the
    error's name and traceback when a cell failed)."""
    nb = copy.deepcopy(notebook)
    asked = {}
    for ran, expression in numbers_asked(nb):
        asked.setdefault(ran, []).append(expression)
    client = ModifiedNotebookClient(nb, kernel_manager_class=KernelManager, record_timing=False,
                                    resources={"metadata": {"path": str(folder)}},
                                    allow_errors=nb_config.execution_allow_errors,
                                    timeout=nb_config.execution_timeout)
    numbers, error, ran = {}, None, 0
    start = time.perf_counter()

    async def evaluate():
        for expression in asked.get(ran, ()):
            numbers[_number_key(ran, expression)] = await client.async_eval_expression(expression)

    async with client.async_setup_kernel():
        info = await client.async_wait_for_reply(client.kc.kernel_info())
        if info is not None and "language_info" in info["content"]:
            nb.metadata["language_info"] = info["content"]["language_info"]
        await evaluate()
        for index, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            try:
                await client.async_execute_cell(cell, index, execution_count=client.code_cells_executed + 1)
            except (CellExecutionError, CellTimeoutError) as err:
                if nb_config.execution_raise_on_error:
                    raise ExecutionError(str(folder)) from err
                error = (err.__class__.__name__, traceback.format_exc())
                break
            ran += 1
            await evaluate()
        client.set_widgets_metadata()
    return {"cells": [{"outputs": c.get("outputs", []), "execution_count": c.get("execution_count")}
                      for c in nb.cells if c.cell_type == "code"],
            "numbers": numbers,
            "metadata": {k: nb.metadata[k] for k in ("language_info", "widgets") if k in nb.metadata},
            "mtime": datetime.now().timestamp(), "runtime": time.perf_counter() - start,
            "error": error[0] if error else None, "traceback": error[1] if error else None}


def _record_current(path, key):
    """The record at ``path`` if it is kept under ``key`` and every build file its outputs name (a calculator's
    state, a figure, a knowledge check's files) is still where the kernel wrote it; else None."""
    from .calculators import build_files_missing

    try:
        text = path.read_text(encoding="utf-8")
        kept = json.loads(text)
    except (OSError, ValueError):
        return None
    if kept.get("key") != key or build_files_missing(text):
        return None
    return kept["record"]


class _Build:
    """The build under way: the book's folder, where its records are kept, the inputs' digest (computed once, when
    the first notebook is read) and the records its own executions wrote."""
    root = records = None
    _digest = None
    executed = set()

    @classmethod
    def start(cls, root, records):
        cls.root, cls.records, cls._digest, cls.executed = Path(root), Path(records), None, set()

    @classmethod
    def stop(cls, app=None, exception=None):
        """At the end of a build: a later Sphinx application in this process that does not set this extension up
        gets MyST-NB's own client."""
        cls.root = cls.records = None

    @classmethod
    def digest(cls):
        if cls._digest is None:
            cls._digest = inputs_digest(cls.root)
        return cls._digest

    @classmethod
    def record_path(cls, notebook_path):
        return cls.records / Path(os.path.relpath(notebook_path, cls.root)).with_suffix(".json")


async def _execute_and_keep(notebook, path, key, nb_config):
    """Execute the notebook at ``path`` (:func:`execute_async`) and keep its record under ``key``, unless a cell
    failed."""
    record = await execute_async(notebook, path.parent, nb_config)
    if not record["error"]:
        where = _Build.record_path(path)
        where.parent.mkdir(parents=True, exist_ok=True)
        where.write_text(json.dumps({"key": key, "record": record}), encoding="utf-8")
        _Build.executed.add(where)
    return record


def _excluded(path, nb_config):
    posix = PurePosixPath(Path(path).as_posix())
    return any(posix.match(pattern) for pattern in nb_config.execution_excludepatterns)


class RecordedClient(NotebookClientBase):
    """MyST-NB's client for a notebook rendered from its record, the notebook executed first when its record is not
    current: never while its page is rendered."""

    def start_client(self):
        key = record_key(self.notebook, _Build.digest())
        record = _record_current(_Build.record_path(self.path), key)
        if record is None:
            record = run_sync(_execute_and_keep)(self.notebook, self.path, key, self.nb_config)
            if record["error"]:
                message = f"Executing notebook failed: {record['error']}"
                self.logger.warning(message + (f"\n{record['traceback']}" if self.nb_config.execution_show_tb else ""),
                                    subtype="exec")
            else:
                self.logger.info(f"Executed notebook in {record['runtime']:.2f} seconds")
        code = [c for c in self.notebook.cells if c.cell_type == "code"]
        for cell, kept in zip(code, record["cells"]):
            cell.outputs = [nbformat.from_dict(o) for o in kept["outputs"]]
            cell.execution_count = kept["execution_count"]
        self.notebook.metadata.update(nbformat.from_dict(record["metadata"]))
        executed = record["error"] or _Build.record_path(self.path) in _Build.executed
        self.exec_metadata = {"mtime": record["mtime"], "runtime": record["runtime"],
                              "method": "inline" if executed else "cache", "succeeded": not record["error"],
                              "error": record["error"], "traceback": record["traceback"]}
        self._numbers = record["numbers"]
        self._code_up_to = list(accumulate(int(c.cell_type == "code") for c in self.notebook.cells))  # at or above each
        self._rendered = -1

    def code_cell_outputs(self, cell_index):
        self._rendered = max(self._rendered, cell_index)
        return super().code_cell_outputs(cell_index)

    def eval_variable(self, name):
        if not re.match(self.nb_config.eval_name_regex, name):
            raise EvalNameError(name)
        ran = self._code_up_to[self._rendered] if self._rendered >= 0 else 0
        outputs = self._numbers.get(_number_key(ran, name))
        if outputs is None:  # the execution stopped above it, or the prose wrote it in a form NUMBER misses
            raise RuntimeError(f"{name!r} was not evaluated: the notebook's execution stopped above it, or the "
                               f"prose does not write it as {{eval}}`{name}`")
        return [nbformat.from_dict(o) for o in outputs]


#: The environment variable that sets how many notebooks a build executes at a time (:func:`workers`).
WORKERS_ENV = "GUIDE_BUILD_WORKERS"


def workers():
    """How many notebooks a build executes at a time: ``$GUIDE_BUILD_WORKERS`` if set (1 on a machine short of
    memory, say), else the cores this process may run on."""
    value = os.environ.get(WORKERS_ENV, "").strip()
    if value:
        if not value.isdigit() or int(value) < 1:
            raise ValueError(f"{WORKERS_ENV} must be a whole number of at least 1, got {value!r}")
        return int(value)
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def _execute_ahead(app, env, docnames):
    """Before the pages are read, execute the notebooks to be read whose record is not current, :func:`workers` at
    a time, the largest first (a notebook's size stands for its run time): their pages are then rendered from
    their records. A notebook that fails is left to its page's reading, which reports it."""
    nb_config = env.mystnb_config
    if nb_config.execution_mode != "inline" or _Build.records is None:
        return
    todo = []
    for docname in docnames:
        path = Path(env.doc2path(docname))
        if path.suffix == ".ipynb" and not _excluded(path, nb_config):
            notebook = nbformat.read(path, as_version=4)
            key = record_key(notebook, _Build.digest())
            if _record_current(_Build.record_path(path), key) is None:
                todo.append((path.stat().st_size, str(path), notebook, key))
    if len(todo) < 2:
        return  # one at a time: the page's reading executes it
    todo.sort(key=lambda t: t[:2], reverse=True)
    at_once = min(workers(), len(todo))
    logger.info(f"executing {len(todo)} notebooks, {at_once} at a time")

    async def execute_all():
        slots = asyncio.Semaphore(at_once)

        async def one(path, notebook, key):
            async with slots:
                try:
                    record = await _execute_and_keep(notebook, Path(path), key, nb_config)
                except Exception:  # noqa: BLE001 - the page's reading executes it again and reports what failed
                    return
                if not record["error"]:
                    logger.info(f"executed {os.path.relpath(path, _Build.root)} in {record['runtime']:.1f} s")

        await asyncio.gather(*(one(path, notebook, key) for _, path, notebook, key in todo))

    run_sync(execute_all)()


def _create_client(notebook, source, nb_config, logger, read_fmt=None):
    """MyST-NB's ``create_client``, with a notebook of the book executed inline rendered from its record."""
    path = Path(source)
    if (nb_config.execution_mode == "inline" and path.suffix == ".ipynb" and _Build.records is not None
            and not _excluded(path, nb_config)):
        return RecordedClient(notebook, path, nb_config, logger)
    return _CREATE_CLIENT(notebook, source, nb_config, logger, read_fmt)


def _note_model_files(app, docname, source):
    if str(app.env.doc2path(docname)).endswith(".ipynb"):
        if not hasattr(app, "_model_files"):
            app._model_files = model_files(app.confdir)
        for path in app._model_files:
            app.env.note_dependency(path)


def _kernels_profile(app):
    """The IPython folder the chapters' kernels run in: a default profile that logs only the kernel's errors (not
    its notice, on every start, that it talks over TCP on this machine)."""
    profile = Path(app.doctreedir) / "ipython" / "profile_default"
    profile.mkdir(parents=True, exist_ok=True)
    (profile / "ipython_kernel_config.py").write_text('c.IPKernelApp.log_level = "ERROR"\n', encoding="utf-8")
    return profile.parent


_CREATE_CLIENT = None


def setup(app):
    """Make every notebook depend on the model, the book's code and the data; render a notebook executed inline from
    its record, executed first when the record is not current; run the kernels in the build's own IPython profile."""
    global _CREATE_CLIENT
    import myst_nb.sphinx_

    if _CREATE_CLIENT is None:
        _CREATE_CLIENT = myst_nb.sphinx_.create_client
        myst_nb.sphinx_.create_client = _create_client
    _Build.start(app.confdir, Path(app.doctreedir) / RECORDS)
    app.connect("source-read", _note_model_files)
    app.connect("env-before-read-docs", _execute_ahead)
    app.connect("build-finished", _Build.stop)
    os.environ["IPYTHONDIR"] = str(_kernels_profile(app))
    return {"parallel_read_safe": True, "parallel_write_safe": True}
