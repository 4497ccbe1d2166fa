"""Sources: one module per source document, named after its chapter (``book/<name>.ipynb``, tables
``data/sources/<name>_*.csv``): the document's test setup, its results, and the model beside them."""
from . import cassandra_disk_caching, cool_access, cvo_google_cloud, hpc_eda, large_volumes  # noqa: F401
