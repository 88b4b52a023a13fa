"""The raw answers of a PokéAPI mirror, fetched once each, for the audits that work out what
pokedex should show from them (scripts/check-find.py)."""
import json
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor


class RawAPI:
    """GETs under `api` (`…/api/v2`), each answer kept for the run."""

    def __init__(self, api):
        self.api = api
        self.cache = {}

    def get(self, path):
        key = path if "?" in path else path.strip("/")
        if key not in self.cache:
            url = self.api + "/" + key + ("" if "?" in key else "/")
            with urllib.request.urlopen(url) as answer:
                self.cache[key] = json.load(answer)
        return self.cache[key]

    def served(self, path):
        """Whether the mirror answers `path` (its answer kept)."""
        try:
            self.get(path)
            return True
        except urllib.error.HTTPError:
            return False

    def has(self, path):
        return path.strip("/") in self.cache

    def prefetch(self, paths):
        """Fetches ahead, eight at a time; what is not served is found out when asked for."""
        with ThreadPoolExecutor(8) as pool:
            list(pool.map(self.served, [p for p in dict.fromkeys(paths) if not self.has(p)]))

    def index(self, path):
        return self.get(f"{path}?offset=0&limit=100000")["results"]


def ident(url):
    """The id at the end of a resource's url."""
    return int(url.rstrip("/").split("/")[-1])
