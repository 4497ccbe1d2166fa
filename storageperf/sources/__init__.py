"""Sources: one module per source document, named after its chapter (``book/<name>.ipynb``, tables
``data/sources/<name>_*.csv``): the document's test setup, its results, and the model beside them. A chapter whose
model is fitted to its document's charts keeps the fit in ``<name>_fit`` (``cassandra_disk_caching_fit``)."""
from . import (  # noqa: F401
    cassandra_disk_caching,
    cassandra_disk_caching_fit,
    cool_access,
    cvo_google_cloud,
    hpc_eda,
    large_volumes,
)
