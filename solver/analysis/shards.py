"""A sweep split into independent shards, each saved atomically when done, so that an
interrupted run continues where it stopped and no table is ever half-written."""

import json
import os
import tempfile
from pathlib import Path

import numpy as np

from solver.errors import EurekaError

UMASK = os.umask(0)
os.umask(UMASK)


def save_atomically(path: Path, write) -> None:
    """Write a file through `write(file)` into a temporary file, then rename it into
    place: readers see the old file or the whole new one, never a part."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
        os.chmod(tmp, 0o666 & ~UMASK)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def run(work: list, compute, folder: Path, manifest: dict, progress=None,
        client=None) -> list:
    """compute(work[i]) -> array for every shard i, reusing the shards already saved in
    `folder` (shard-00000.npy, ...) by a sweep with the same `manifest`; progress(1)
    after each shard, done or reused.  With a Dask `client`, the shards still to do run
    on its cluster and are saved here as they come back."""
    manifest = {**manifest, "shards": len(work)}
    path = folder / "manifest.json"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if path.exists() and json.loads(path.read_text()) != manifest:
            raise EurekaError(f"{folder} holds the shards of another sweep: choose "
                              f"another folder or start afresh")
        save_atomically(path, lambda f: f.write(json.dumps(manifest).encode()))
    except OSError as e:
        raise EurekaError(f"cannot write to {folder}: {e.strerror}") from None
    paths = [folder / f"shard-{i:05d}.npy" for i in range(len(work))]
    todo = [i for i, p in enumerate(paths) if not p.exists()]
    if progress:
        progress(len(work) - len(todo))
    for i, result in _computed(work, todo, compute, client):
        save_atomically(paths[i], lambda f: np.save(f, result))
        if progress:
            progress(1)
    return [np.load(p) for p in paths]


def _computed(work, todo, compute, client):
    """(i, compute(work[i])) for every i in todo: here, in order, or on a Dask cluster
    as they finish."""
    if client is None:
        for i in todo:
            yield i, compute(work[i])
        return
    from distributed import as_completed

    futures = {client.submit(compute, work[i], pure=False): i for i in todo}
    for future in as_completed(futures):
        yield futures[future], future.result()
