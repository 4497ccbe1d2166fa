"""The sizing studio's facts file: what ``book/_static/studio.js`` computes with, written with the site."""
import json
import math

from storageperf import studio

#: The file's name in the site's ``_static`` folder (the studio chapter's ``data-facts`` points at it).
FACTS_FILE = "studio-facts.json"


def facts_json(version=None):
    """:func:`storageperf.studio.facts` as JSON text, a missing number (NaN) as null, with the guide's ``version``
    (:func:`storageperf_book.version.guide_version`) under ``guide`` when given, for the answer line and downloads.

    Examples
    --------
    >>> '"vm_usd":null' in facts_json()
    True
    """
    def clean(x):
        if isinstance(x, float) and not math.isfinite(x):
            return None
        if isinstance(x, dict):
            return {k: clean(v) for k, v in x.items()}
        if isinstance(x, (list, tuple)):
            return [clean(v) for v in x]
        return x

    facts = clean(studio.facts())
    if version is not None:
        facts["guide"] = version
    return json.dumps(facts, separators=(",", ":"))
