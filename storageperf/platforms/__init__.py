"""Platforms: each cloud service's limits and prices, read from its dated tables in ``data/platforms/``."""
from . import azure_netapp_files, azure_vm, google_cloud  # noqa: F401
