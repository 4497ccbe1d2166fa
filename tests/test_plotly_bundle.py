"""The plotly.js the site serves: the pinned partial bundle, of plotly.py's plotly.js version, verified before use.
No test here reaches the registry: a download is a function handed in."""
import io
import tarfile

import pytest

from storageperf_book import plotly_bundle


def _package(version=plotly_bundle.VERSION):
    """A stand-in for the npm package's tarball: its script (with a bundle's header) and its licence."""
    members = {f"package/{plotly_bundle.SCRIPT}": f"/**\n* plotly.js (basic - minified) v{version}\n*/".encode(),
               f"package/{plotly_bundle.LICENSE}": b"MIT License"}
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as tar:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return out.getvalue()


class _Registry:
    """A download that counts its calls and answers with ``data``."""

    def __init__(self, data):
        self.data, self.urls = data, []

    def __call__(self, url):
        self.urls.append(url)
        if isinstance(self.data, Exception):
            raise self.data
        return self.data


@pytest.fixture
def package(monkeypatch):
    data = _package()
    monkeypatch.setattr(plotly_bundle, "INTEGRITY", plotly_bundle.integrity(data))
    return data


def test_the_pin_is_the_plotly_js_version_plotly_py_bundles():
    assert plotly_bundle.plotly_py_version() == plotly_bundle.VERSION
    assert plotly_bundle.INTEGRITY.startswith("sha512-")


def test_the_bundle_is_downloaded_once_then_read_from_the_cache(tmp_path, package):
    registry = _Registry(package)
    first = plotly_bundle.files(tmp_path, download=registry)
    again = plotly_bundle.files(tmp_path, download=registry)
    assert registry.urls == [plotly_bundle.tarball_url()]
    assert first == again
    assert first[plotly_bundle.LICENSE] == b"MIT License"
    assert plotly_bundle.header_version(first[plotly_bundle.SCRIPT].decode()) == plotly_bundle.VERSION


def test_a_tarball_with_another_integrity_is_refused_and_not_kept(tmp_path, package):
    registry = _Registry(package + b"tampered")
    with pytest.raises(ValueError) as err:
        plotly_bundle.files(tmp_path, download=registry)
    message = str(err.value)
    assert "integrity" in message and plotly_bundle.INTEGRITY in message and plotly_bundle.tarball_url() in message
    assert "\n" not in message
    assert not list(tmp_path.iterdir())


def test_a_spoilt_cached_tarball_is_downloaded_again(tmp_path, package):
    cached = tmp_path / f"{plotly_bundle.PACKAGE}-{plotly_bundle.VERSION}.tgz"
    cached.write_bytes(b"half a download")
    registry = _Registry(package)
    plotly_bundle.files(tmp_path, download=registry)
    assert len(registry.urls) == 1 and cached.read_bytes() == package


def test_another_plotly_py_plotly_js_stops_the_build_and_says_to_update_the_pin(tmp_path, package, monkeypatch):
    monkeypatch.setattr(plotly_bundle, "plotly_py_version", lambda: "99.0.0")
    registry = _Registry(package)
    with pytest.raises(ValueError) as err:
        plotly_bundle.files(tmp_path, download=registry)
    message = str(err.value)
    assert "99.0.0" in message and f"{plotly_bundle.PACKAGE} {plotly_bundle.VERSION}" in message
    assert "update the pin in storageperf_book/plotly_bundle.py" in message and "INTEGRITY" in message
    assert "\n" not in message
    assert registry.urls == []


def test_a_failed_download_says_where_to_put_the_tarball(tmp_path, package):
    with pytest.raises(RuntimeError) as err:
        plotly_bundle.files(tmp_path, download=_Registry(OSError("no route to host")))
    assert "no route to host" in str(err.value) and str(tmp_path) in str(err.value)


def test_a_script_without_a_plotly_js_header_is_refused():
    with pytest.raises(ValueError, match="script does not start with a plotly.js header"):
        plotly_bundle.header_version("console.log(1)")
