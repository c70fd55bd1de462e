"""Writing what a sweep found: its output folder, CSV tables and the JSON summary.

Each file is written atomically.
"""

import csv
import dataclasses
import io
import json
import shutil
from pathlib import Path

import numpy as np

from eureka.analysis.shards import save_atomically
from eureka.contract import Result
from eureka.errors import EurekaError


class Summary(Result):
    """A sweep's summary, a dataclass whose fields are its JSON document.

    All fields but `folder`, where the tables were written, are in the document.
    """

    def json_fields(self) -> dict:
        """The dataclass's fields but `folder`."""
        fields = dataclasses.asdict(self)
        del fields["folder"]
        return fields


def prepare(folder: Path, fresh: bool = False) -> Path:
    """The output `folder`, created before any work starts.

    `fresh` discards the shards of an earlier run. Raises EurekaError when the folder
    cannot be made or the shards cannot be discarded.
    """
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
    """Writes the CSV table `path` atomically: the `header` row, then the `rows`.

    Raises EurekaError when the file cannot be written.
    """
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    save_atomically(path, lambda f: f.write(text.getvalue().encode()))


def write_summary(folder: Path, summary) -> None:
    """Writes the JSON document of `summary` as `folder`/summary.json, atomically."""
    text = json.dumps(summary.to_json(), indent=2)
    save_atomically(folder / "summary.json", lambda f: f.write(text.encode()))


def joined(hands: np.ndarray) -> list:
    """Each row of cards of `hands` as one field: '1 1 2 3 4 100'."""
    return [" ".join(map(str, hand)) for hand in hands.tolist()]


def runs_per_row(table: np.ndarray, first: int) -> list:
    """For each row of the boolean `table`, the numbers of its true columns as runs.

    The first column is number `first`; a row's runs read '100–107, 109, 150–999' (''
    for none). The text of every run is laid out at once as bytes: ', ' (but before a
    row's first run), the run's first number, and for a longer run '–' and its last
    number.
    """
    padded = np.pad(table, ((0, 0), (1, 1)))
    edges = np.flatnonzero(padded[:, 1:] != padded[:, :-1])   # a run's start, its end
    rows, starts = np.divmod(edges[0::2], padded.shape[1] - 1)
    ends = edges[1::2] - rows * (padded.shape[1] - 1) - 1
    bounds = np.searchsorted(rows, np.arange(len(table) + 1))
    names = np.array([str(first + i) for i in range(table.shape[1])], dtype=bytes)
    digits = np.frombuffer(names.tobytes(), np.uint8).reshape(len(names), -1)
    width = digits.shape[1]
    length = np.char.str_len(names)
    longer = starts != ends
    fields = (2, width, len(DASH), width)          # ', ', first, '–', last
    at = np.cumsum((0, *fields))
    layout = np.empty((len(starts), at[-1]), dtype=np.uint8)
    kept = np.empty(layout.shape, dtype=np.bool_)
    layout[:, :2], kept[:, :2] = np.frombuffer(b", ", np.uint8), \
        (np.arange(len(starts)) != bounds[rows])[:, None]
    layout[:, at[1]:at[2]] = digits[starts]
    kept[:, at[1]:at[2]] = np.arange(width) < length[starts][:, None]
    layout[:, at[2]:at[3]], kept[:, at[2]:at[3]] = np.frombuffer(DASH, np.uint8), \
        longer[:, None]
    layout[:, at[3]:] = digits[ends]
    kept[:, at[3]:] = longer[:, None] & (np.arange(width) < length[ends][:, None])
    text = layout[kept].tobytes().decode()
    chars = kept.sum(axis=1) - (len(DASH) - 1) * longer   # the dash is one character
    cuts = np.concatenate(([0], np.cumsum(chars)))[bounds].tolist()
    return [text[i:j] for i, j in zip(cuts, cuts[1:])]


DASH = "–".encode()
