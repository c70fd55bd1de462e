"""Writing what a sweep found: its output folder, CSV tables and the JSON summary, each
file written atomically."""

import csv
import dataclasses
import io
import json
import shutil
from collections import Counter
from pathlib import Path

from eureka.analysis.shards import save_atomically
from eureka.contract import Result
from eureka.deck import describe
from eureka.errors import EurekaError


class Summary(Result):
    """A sweep's summary, a dataclass: its fields are its JSON document, all but
    `folder`, where the tables were written."""

    def json_fields(self) -> dict:
        fields = dataclasses.asdict(self)
        del fields["folder"]
        return fields


def prepare(folder: Path, fresh: bool = False) -> Path:
    """The output folder, created before any work starts; `fresh` discards the shards
    of an earlier run."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise EurekaError(f"cannot write to {folder}: {e.strerror}") from None
    if fresh and (folder / "shards").exists():
        try:
            shutil.rmtree(folder / "shards")
        except OSError as e:
            raise EurekaError(f"cannot discard the shards in {folder}: {e.strerror}") \
                from None
    return folder


def write_csv(path: Path, header, rows) -> None:
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    save_atomically(path, lambda f: f.write(text.getvalue().encode()))


def write_summary(folder: Path, summary) -> None:
    """The summary's JSON document as folder/summary.json."""
    text = json.dumps(summary.to_json(), indent=2)
    save_atomically(folder / "summary.json", lambda f: f.write(text.encode()))


def runs(values) -> str:
    """Numbers as runs: '100–107, 109, 150–999' ('' for none)."""
    return describe(Counter(values.tolist())) if len(values) else ""
