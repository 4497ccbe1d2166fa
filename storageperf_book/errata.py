"""The page "Errata and changes" (``book/errata.md``): what changed in the guide's facts, from the history of ``data/``.

At build time (:mod:`storageperf_book.sphinx.errata`) the page's marker :data:`MARKER` is replaced by
:func:`page_markdown`: each table of ``data/platforms/`` and ``data/sources/`` whose rows changed after it was first
transcribed, with each changed number (its row, its field, the old and the new value, the date and the commit), the
rows added and removed, and the chapters whose verdicts read the table (:func:`verdicts`). The changes are read from
git (``git log --raw -- data/`` and the two versions of each table a commit changed), rows matched by the table's
primary key in ``data/datapackage.json``. A table renamed keeps its history under its present name. Built without
git history (an unpacked archive, git missing) the page says so in a sentence; from a shallow clone it says from
which date it lists.
"""
from __future__ import annotations

import csv
import io
import json
import re
import subprocess
from pathlib import Path

import yaml

#: The line of ``book/errata.md`` replaced by the changes at build time.
MARKER = "<!-- the changes to the data, written here at build time by storageperf_book.errata -->"

#: The folders of ``data/`` whose tables hold the guide's facts: the platforms' limits and prices, and what each
#: source document states. (The documents' list, the discrepancies and the fio samples are not facts of this kind.)
FACT_FOLDERS = ("platforms", "sources")

#: Fields that say where a number comes from, not what it is.
PROVENANCE = ("document", "location", "how_read", "resolution", "quote")

#: The most row keys a line lists when rows are added or removed (then "and N more").
LISTED = 8


def _git(root, *args, stdin=None):
    try:
        out = subprocess.run(["git", "-C", str(root), *args], input=stdin, capture_output=True, timeout=120,
                             check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.decode("utf-8", "replace") if out.returncode == 0 else None


def _commits(root):
    """The commits that touched a CSV file of ``data/``, newest first: hash, date, parents and each file's change
    (status, old path, new path, old blob, new blob)."""
    log = _git(root, "log", "--format=%x00%H%x09%ad%x09%P", "--date=short", "--raw", "--no-abbrev", "-M",
               "--", "data/")
    if log is None:
        return None
    commits = []
    for block in log.split("\x00")[1:]:
        head, *lines = block.strip("\n").split("\n")
        sha, date, parents = (head.split("\t") + [""])[:3]
        files = []
        for line in lines:
            if not line.startswith(":"):
                continue
            meta, *paths = line.split("\t")
            _, _, old_blob, new_blob, status = meta[1:].split(" ")
            old_path, new_path = (paths[0], paths[-1])
            if new_path.endswith(".csv"):
                files.append({"status": status[0], "old_path": old_path, "new_path": new_path,
                              "old_blob": old_blob, "new_blob": new_blob})
        commits.append({"sha": sha, "date": date, "parents": parents.split(), "files": files})
    return commits


def _blobs(root, shas):
    """The text of each git blob in ``shas`` (one ``git cat-file --batch``)."""
    shas = sorted({s for s in shas if s.strip("0")})
    if not shas:
        return {}
    out = subprocess.run(["git", "-C", str(root), "cat-file", "--batch"], input="\n".join(shas).encode() + b"\n",
                         capture_output=True, timeout=120, check=True).stdout
    texts, i = {}, 0
    for sha in shas:
        header_end = out.index(b"\n", i)
        size = int(out[i:header_end].split()[2])
        texts[sha] = out[header_end + 1:header_end + 1 + size].decode("utf-8", "replace")
        i = header_end + 1 + size + 1
    return texts


def _schemas(root):
    """Each table's path under ``data/`` -> (primary key fields, numeric fields), from the data package."""
    package = json.loads((Path(root) / "data" / "datapackage.json").read_text(encoding="utf-8"))
    out = {}
    for r in package["resources"]:
        fields = r["schema"]["fields"]
        key = r["schema"].get("primaryKey") or []
        out[f"data/{r['path']}"] = ([key] if isinstance(key, str) else list(key),
                                    [f["name"] for f in fields if f["type"] in ("number", "integer")])
    return out


def _rows(text, key):
    rows = list(csv.DictReader(io.StringIO(text)))
    if not rows or not all(k in rows[0] for k in key):
        return None
    return {tuple(r[k] for k in key): r for r in rows}


def _checked_root(root):
    if not isinstance(root, (str, Path)) or not (Path(root) / "data" / "datapackage.json").is_file():
        raise ValueError(f"root must be a checkout of the guide, a folder with data/datapackage.json; got {root!r}")
    return Path(root)


def changes(root):
    """What changed in the tables of facts of ``root``'s ``data/``, newest first.

    Returns
    -------
    dict
        ``history``: ``"full"``, ``"shallow"`` (only the commits a shallow clone has) or ``"none"`` (no git
        history); ``since``: the date of the oldest commit read; ``changes``: a list of dicts with ``table`` (its path
        under ``data/`` today), ``date``, ``commit``, ``kind`` (``"value"``, ``"added"``, ``"removed"``, ``"table
        added"``) and, for a value, ``row`` (its key), ``field``, ``old``, ``new`` and ``unit``; for rows added or
        removed, ``rows`` (their keys).
    """
    commits = _commits(_checked_root(root))
    if not commits:
        return {"history": "none", "since": None, "changes": []}
    shallow = (_git(root, "rev-parse", "--is-shallow-repository") or "").strip() == "true"
    schemas, renamed, found = _schemas(root), {}, []
    blobs = _blobs(root, [f[b] for c in commits if c["parents"] for f in c["files"] for b in ("old_blob", "new_blob")])
    for commit in commits:  # newest first: a rename seen first tells what an older path is called today
        for f in commit["files"]:
            table = renamed.get(f["new_path"], f["new_path"])
            if f["status"] == "R":
                renamed[f["old_path"]] = table
            if not any(table.startswith(f"data/{folder}/") for folder in FACT_FOLDERS) or table not in schemas:
                continue
            if not commit["parents"]:  # the first transcription (or the oldest commit a shallow clone has)
                continue
            entry = {"table": table.removeprefix("data/"), "date": commit["date"], "commit": commit["sha"]}
            if f["status"] == "A":
                count = len(list(csv.DictReader(io.StringIO(blobs.get(f["new_blob"], "")))))
                found.append({**entry, "kind": "table added", "rows": [str(count)]})
                continue
            if f["status"] not in "MR":
                continue
            key, numeric = schemas[table]
            old, new = _rows(blobs.get(f["old_blob"], ""), key), _rows(blobs.get(f["new_blob"], ""), key)
            if old is None or new is None:
                continue
            for kind, keys in (("added", [k for k in new if k not in old]),
                               ("removed", [k for k in old if k not in new])):
                if keys:
                    found.append({**entry, "kind": kind, "rows": [", ".join(k) for k in keys]})
            for k in (k for k in new if k in old):
                compared = numeric or [c for c in new[k] if c not in PROVENANCE and c not in key]
                for field in compared:
                    was, now = old[k].get(field), new[k].get(field)
                    if was is not None and now is not None and _differs(was, now):
                        found.append({**entry, "kind": "value", "row": ", ".join(k), "field": field, "old": was,
                                      "new": now, "unit": new[k].get("unit", "")})
    return {"history": "shallow" if shallow else "full", "since": commits[-1]["date"], "changes": found}


def _differs(was, now):
    """Whether two cells of a table say different things (``64`` and ``64.0`` say the same number)."""
    try:
        return float(was) != float(now)
    except ValueError:
        return was.strip() != now.strip()


def _module_imports(root):
    """Each module of ``storageperf`` (dotted, under the package: ``platforms.azure_vm``) -> the modules it imports."""
    package = Path(root) / "storageperf"
    modules = {}
    for path in package.rglob("*.py"):
        parts = list(path.relative_to(package).with_suffix("").parts)
        here = parts[:-1]
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[".".join(parts)] = (here, path.read_text(encoding="utf-8"))
    return {name: _imported(text, here, modules) for name, (here, text) in modules.items()}, modules


_FROM = re.compile(r"^\s*from\s+(\.*)([\w.]*)\s+import\s+\(?([\w\s,]+?)\)?\s*(?:#.*)?$", re.M)


def _imported(text, here, modules):
    out = set()
    for dots, path, names in _FROM.findall(text):
        if dots:
            base = list(here)[:len(here) - (len(dots) - 1)] + ([path] if path else [])
        elif path == "storageperf" or path.startswith("storageperf."):
            base = path.split(".")[1:]
        else:
            continue
        for name in re.findall(r"(\w+)(?:\s+as\s+\w+)?", names):
            if name == "as":
                continue
            dotted = ".".join(base + [name])
            out.add(dotted if dotted in modules else ".".join(base))
    return out - {""}


def verdicts(root):
    """Each table of facts -> the numbered chapters whose verdicts read it: a chapter reads a table when its notebook
    names the table, or imports, directly or through the model, the module that reads it (``platforms/<module>_*``
    is read by ``storageperf.platforms.<module>``, ``sources/<module>_*`` by ``storageperf.sources.<module>``).

    Returns
    -------
    dict
        Path under ``data/`` -> list of chapter names (``book/<name>.ipynb``), in the book's order.
    """
    imports, modules = _module_imports(_checked_root(root))
    schemas = _schemas(root)
    package = json.loads((Path(root) / "data" / "datapackage.json").read_text(encoding="utf-8"))
    names = {f"data/{r['path']}": r["name"] for r in package["resources"]}
    toc = yaml.safe_load((Path(root) / "_toc.yml").read_text(encoding="utf-8"))
    chapters = [c["file"] for part in toc.get("parts", []) if part.get("numbered") for c in part["chapters"]]
    readers = {}
    for path in schemas:
        folder, stem = path.split("/")[1], Path(path).stem
        if folder in FACT_FOLDERS:
            named = {m.split(".")[1] for m in modules if m.startswith(f"{folder}.")}
            readers[path] = next((f"{folder}.{m}" for m in sorted(named, key=len, reverse=True)
                                  if stem.startswith(f"{m}_")), None)
    out = {path.removeprefix("data/"): [] for path in readers}
    for chapter in chapters:
        notebook = Path(root) / f"{chapter}.ipynb"
        if not notebook.is_file():
            continue
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
        seen, todo = set(), list(_imported(code, [], modules))
        while todo:
            m = todo.pop()
            if m not in seen:
                seen.add(m)
                todo.extend(imports.get(m, ()))
        for path, reader in readers.items():
            if re.search(rf"[\"']{names[path]}[\"']", code) or (reader and any(m == reader or m.startswith(reader + ".")
                                                                  for m in seen)):
                out[path.removeprefix("data/")].append(Path(chapter).name)
    return out


def _cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def _keys(rows):
    shown = ", ".join(f"`{r}`" for r in rows[:LISTED])
    return shown + (f" and {len(rows) - LISTED} more" if len(rows) > LISTED else "")


def page_markdown(root, repository=""):
    """The changes as MyST Markdown for the page: a section a table (newest change first), or a sentence saying why
    there is none.

    Parameters
    ----------
    root : str or pathlib.Path
        The checkout.
    repository : str
        The repository's web address, or "": commits are then named by their hash, not linked.
    """
    found = changes(root)
    if not isinstance(repository, str):
        raise ValueError(f"repository must be the repository's web address or \"\"; got {repository!r}")
    history = f"{repository}/commits/main/data" if repository else ""
    if found["history"] == "none":
        where = f"; they are in [the repository's history of `data/`]({history})" if history else ""
        return ("This copy of the guide was built without its git history (from an unpacked archive, or where git "
                f"is not installed), so the changes to its facts cannot be listed here{where}.\n")
    lines = []
    if found["history"] == "shallow":
        lines.append(f"This copy was built from a shallow clone of the repository: only the changes after "
                     f"{found['since']} are listed" + (f" (the rest are in [its history]({history}))" if history
                                                        else "") + ".\n")
    if not found["changes"]:
        return "\n".join(lines + ["No number of the guide's tables has changed since it was first transcribed.\n"])
    feeds = verdicts(root)
    package = json.loads((Path(root) / "data" / "datapackage.json").read_text(encoding="utf-8"))
    titles = {r["path"]: r.get("title") or r["path"] for r in package["resources"]}
    tables = list(dict.fromkeys(c["table"] for c in found["changes"]))
    for table in sorted(tables, key=lambda t: (t.split("/")[0] != "platforms", t)):
        lines += [f"## {titles.get(table, table)}", ""]
        chapters = feeds.get(table, [])
        lines.append(f'<a href="../data/{table}" download><code>{table}</code></a>. A change here can move the '
                     "verdicts of " + (", ".join(f"{{doc}}`{c}`" for c in chapters) if chapters else
                                       "no chapter: the appendix lists the table, and no chapter's model reads it")
                     + ".\n")
        lines += ["| Date | Row | Field | Was | Now | Commit |", "| --- | --- | --- | --- | --- | --- |"]
        for c in (c for c in found["changes"] if c["table"] == table):
            commit = f"`{c['commit'][:7]}`"
            commit = f"[{commit}]({repository}/commit/{c['commit']})" if repository else commit
            if c["kind"] == "value":
                unit = f" ({c['unit']})" if c["unit"] else ""
                lines.append(f"| {c['date']} | `{_cell(c['row'])}` | {c['field']}{_cell(unit)} | {_cell(c['old'])} | "
                             f"{_cell(c['new'])} | {commit} |")
            elif c["kind"] == "table added":
                lines.append(f"| {c['date']} | the table, {c['rows'][0]} rows | added | | | {commit} |")
            else:
                lines.append(f"| {c['date']} | {_keys(c['rows'])} | {len(c['rows'])} row"
                             f"{'s' if len(c['rows']) > 1 else ''} {c['kind']} | | | {commit} |")
        lines.append("")
    return "\n".join(lines)
