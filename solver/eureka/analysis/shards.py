"""A sweep split into independent shards, each saved atomically when done.

An interrupted run continues where it stopped, and no table is ever half-written.
"""

import functools
import json
import os
import tempfile
from pathlib import Path

import numpy as np

from eureka import parallel
from eureka.errors import EurekaError

PIECES = 4                        # pieces per Dask worker thread, at least
UMASK = os.umask(0)
os.umask(UMASK)


def save_atomically(path: Path, write) -> None:
    """Writes the file `path` through `write`, atomically: readers never see a part.

    `write(file)` writes into a temporary file opened in binary, which is flushed to
    disk and then renamed into place: readers see the old file or the whole new one.
    Raises EurekaError when the file cannot be written.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    except OSError as e:
        raise EurekaError(f"cannot write {path}: {e.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o666 & ~UMASK)
        os.replace(tmp, path)
    except OSError as e:
        os.unlink(tmp)
        raise EurekaError(f"cannot write {path}: {e.strerror}") from None
    except BaseException:
        os.unlink(tmp)
        raise


def run(work: list, compute, folder: Path, manifest: dict, progress=None,
        client=None) -> list:
    """The arrays `compute` makes of the shards of `work`, in order, reusing those saved.

    The shards already saved in `folder` (shard-00000.npy, ...) by a sweep with the same
    `manifest` are reused; `progress`, when given, is called with n as n more shards
    are done or reused. A shard that cannot be read is done again. With a Dask `client`,
    the shards still to do run on its cluster and are saved here as they come back.
    `compute` works row by row (the rows of work[i] computed in pieces and stacked give
    the same array), so that the cluster gets pieces enough to keep every worker busy
    to the end.

    Raises EurekaError when `folder` holds the shards of another sweep, when a shard
    cannot be saved, and when the cluster fails.
    """
    manifest = {**manifest, "shards": len(work)}
    _claim(folder, manifest)
    paths = [folder / f"shard-{i:05d}.npy" for i in range(len(work))]
    done = {i: _load(p) for i, p in enumerate(paths)}
    todo = [i for i, result in done.items() if result is None]
    if progress:
        progress(len(work) - len(todo))
    for i, result in _computed(work, todo, compute, client):
        save_atomically(paths[i], lambda f, result=result: np.save(f, result))
        done[i] = result
        if progress:
            progress(1)
    return [done[i] for i in range(len(work))]


def _claim(folder: Path, manifest: dict) -> None:
    """Mark `folder` as this sweep's, unless it holds the shards of another one."""
    path = folder / "manifest.json"
    if path.exists():
        try:
            same = json.loads(path.read_text()) == manifest
        except (OSError, ValueError):
            same = False
        if not same:
            raise EurekaError(f"{folder} holds the shards of another sweep: choose "
                              f"another folder or start afresh")
    save_atomically(path, lambda f: f.write(json.dumps(manifest).encode()))


def _load(path: Path):
    """A saved shard, or None when it is missing or cannot be read."""
    try:
        return np.load(path)
    except (OSError, ValueError, EOFError):
        return None


def _threaded(compute, shard):
    """Runs compute(shard) on the threads eureka.parallel chooses where it runs.

    The choice learns from its time per row, per kind of sweep (its function and the
    shape of a row).
    """
    kind = (getattr(compute, "func", compute).__qualname__, shard.shape[1:])
    with parallel.applied(kernel=kind, units=len(shard)):
        return compute(shard)


def _computed(work, todo, compute, client):
    """The pairs (i, compute(work[i])) for every i in todo.

    Computed here, in order, or on a Dask cluster as they finish.
    """
    compute = functools.partial(_threaded, compute)
    if client is None:
        for i in todo:
            yield i, compute(work[i])
    elif todo:
        yield from _on_cluster(work, todo, compute, client)


def _on_cluster(work, todo, compute, client):
    """The pairs of _computed, from a Dask cluster.

    Each shard goes in pieces, PIECES per worker thread in all, so that no worker waits
    for another at the end; a shard comes back as soon as all its pieces are back.
    Raises EurekaError when the cluster fails.
    """
    from distributed import as_completed

    threads = sum(client.nthreads().values()) or 1
    per_shard = -(-PIECES * threads // len(todo))                 # rounded up
    pieces = {i: np.array_split(work[i], max(1, min(len(work[i]), per_shard)))
              for i in todo}
    futures = {client.submit(compute, piece, pure=False): (i, j)
               for i in todo for j, piece in enumerate(pieces[i])}
    back = {i: {} for i in todo}
    for future in as_completed(futures):
        try:
            result = future.result()
        except Exception as e:          # a lost worker or scheduler, a failed task
            raise EurekaError(f"the Dask cluster failed ({type(e).__name__}); the "
                              f"shards done so far are kept: run again to go on") \
                from None
        i, j = futures[future]
        back[i][j] = result
        if len(back[i]) == len(pieces[i]):
            yield i, np.concatenate([back[i][k] for k in range(len(pieces[i]))])
            del back[i]
