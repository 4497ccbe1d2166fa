"""Generate the data package descriptor, ``data/datapackage.json``, from its spec, ``data/datapackage.spec.yaml``.

The descriptor is never edited by hand: edit the spec and run ``python tools/datapackage.py``.
``python tools/datapackage.py --check`` exits 1, naming the first difference, when the committed descriptor is not
what the spec generates (the tests run the same check).

What the spec holds, and what the generator adds:

- ``package``: the package's name, title, description and licences;
- ``licenses``: every licence once, by a key; the package and each resource name theirs by key;
- ``every_resource``: keys every resource gets (format, encoding);
- ``fields``: shared field definitions (the provenance columns and a few more), by name. In a resource's field list a
  name alone is the shared field as it is; a mapping with a ``name`` and no ``type`` is the shared field with its
  description replaced and its constraints updated key by key; a mapping with a ``type`` is the table's own field;
- ``foreignKeys``: foreign keys every resource with that column gets (``document`` -> ``documents.id``);
- ``resources``: per table, its name, path, title, description, sources, licences (keys), fields, primaryKey and
  any foreign keys of its own;
- ``unit_readings``: where a document writes one unit for another throughout, the reading (document, the label as
  written, the unit) and its basis; the descriptor carries them as ``unitReadings``.
"""
import json
import sys
from pathlib import Path

import yaml

DATA = Path(__file__).resolve().parent.parent / "data"
SPEC = DATA / "datapackage.spec.yaml"
DESCRIPTOR = DATA / "datapackage.json"
RESOURCE_KEYS = {"name", "path", "title", "description", "sources", "licenses", "fields", "primaryKey", "foreignKeys"}


def _field(item, shared, table):
    if isinstance(item, str):
        item = {"name": item}
    if "type" in item:
        return dict(item)
    if item["name"] not in shared:
        raise ValueError(f"{table}: field {item['name']!r} has no type and is not a shared field")
    base = shared[item["name"]]
    out = {"name": item["name"], **base, **item}
    constraints = {**base.get("constraints", {}), **item.get("constraints", {})}
    if constraints:
        out["constraints"] = constraints
    return out


def _licenses(keys, licenses, where):
    unknown = [k for k in keys if k not in licenses]
    if unknown:
        raise ValueError(f"{where}: licence {unknown[0]!r} is not in the spec's licenses")
    return [dict(licenses[k]) for k in keys]


def _resource(spec, res):
    unknown = sorted(set(res) - RESOURCE_KEYS)
    if unknown:
        raise ValueError(f"{res['name']}: unknown key {unknown[0]!r}")
    out = {k: res[k] for k in ("name", "path", "title", "description")}
    out.update(spec["every_resource"])
    if "sources" in res:
        out["sources"] = [dict(s) for s in res["sources"]]
    if "licenses" in res:
        out["licenses"] = _licenses(res["licenses"], spec["licenses"], res["name"])
    fields = [_field(f, spec["fields"], res["name"]) for f in res["fields"]]
    names = {f["name"] for f in fields}
    keys = [fk for fk in spec["foreignKeys"] if fk["fields"] in names] + res.get("foreignKeys", [])
    out["schema"] = {"fields": fields, "primaryKey": res["primaryKey"]}
    if keys:
        out["schema"]["foreignKeys"] = keys
    return out


def build(spec):
    """The descriptor (a dict) that ``spec`` (the loaded YAML) describes."""
    package = {k: spec["package"][k] for k in ("name", "title", "description")}
    package["licenses"] = _licenses(spec["package"]["licenses"], spec["licenses"], "package")
    package["unitReadings"] = [dict(r) for r in spec["unit_readings"]]
    package["resources"] = [_resource(spec, r) for r in spec["resources"]]
    return package


def generate(spec_path=SPEC):
    """The descriptor's text, as ``data/datapackage.json`` must hold it."""
    with open(spec_path, encoding="utf-8") as f:
        spec = yaml.safe_load(f)
    return json.dumps(build(spec), indent=2, ensure_ascii=False) + "\n"


def _first_difference(want, got, where):
    if type(want) is not type(got):
        return where
    if isinstance(want, dict):
        for k in list(want) + [k for k in got if k not in want]:
            if k not in want or k not in got:
                return f"{where}.{k}"
            found = _first_difference(want[k], got[k], f"{where}.{k}")
            if found:
                return found
    elif isinstance(want, list):
        for i, (w, g) in enumerate(zip(want, got)):
            label = w.get("name", i) if isinstance(w, dict) else i
            found = _first_difference(w, g, f"{where}[{label}]")
            if found:
                return found
        if len(want) != len(got):
            return f"{where}[{min(len(want), len(got))}]"
    elif want != got:
        return where
    return None


def difference(descriptor=DESCRIPTOR, spec_path=SPEC):
    """None if ``descriptor`` holds exactly what ``spec_path`` generates, else a one-line message naming the first
    difference (a place in the descriptor, or a line when only the formatting differs)."""
    want = generate(spec_path)
    got = Path(descriptor).read_text(encoding="utf-8") if Path(descriptor).exists() else ""
    if got == want:
        return None
    try:
        where = _first_difference(json.loads(want), json.loads(got), "descriptor")
    except json.JSONDecodeError as e:
        where = f"line {e.lineno} (not JSON)"
    if where is None:
        line = next(i for i, (a, b) in enumerate(zip(want.splitlines(True) + [""], got.splitlines(True) + [""]), 1)
                    if a != b)
        where = f"formatting at line {line}"
    return (f"{Path(descriptor).name} is not what {Path(spec_path).name} generates: first difference at {where}; "
            f"run python tools/datapackage.py")


def main(argv):
    if argv == ["--check"]:
        message = difference()
        if message:
            sys.exit(message)
        return
    if argv:
        sys.exit("usage: python tools/datapackage.py [--check]")
    DESCRIPTOR.write_text(generate(), encoding="utf-8", newline="\n")


if __name__ == "__main__":
    main(sys.argv[1:])
