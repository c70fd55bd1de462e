"""Shards on a Dask cluster: cut into pieces enough for every worker, stacked back into
the same shards as a local run."""

import numpy as np
import pytest

from eureka.analysis import shards

distributed = pytest.importorskip("distributed")


def row_sums(rows: np.ndarray) -> np.ndarray:
    """A row-by-row compute that also says how many rows each call had."""
    return np.stack([rows.sum(axis=1), np.full(len(rows), len(rows))], axis=1)


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=":0") as cluster, \
            distributed.Client(cluster) as c:
        yield c


@pytest.mark.parametrize("sizes", [[7], [40, 40, 13], [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]])
def test_pieces_on_the_cluster_stack_into_the_local_shards(tmp_path, client, sizes):
    rng = np.random.default_rng(len(sizes))
    work = [rng.integers(0, 100, (n, 3)) for n in sizes]
    manifest = {"sweep": "test"}
    here = shards.run(work, row_sums, tmp_path / "here", manifest)
    there = shards.run(work, row_sums, tmp_path / "there", manifest, client=client)
    threads = sum(client.nthreads().values())
    for shard, a, b in zip(work, here, there):
        assert np.array_equal(a[:, 0], b[:, 0])            # the same rows, in order
        pieces = round((1 / b[:, 1]).sum())                 # each row knows its piece
        assert pieces == min(len(shard), -(-shards.PIECES * threads // len(work)))
    saved = [np.load(p) for p in sorted((tmp_path / "there").glob("shard-*.npy"))]
    assert all(np.array_equal(a, b) for a, b in zip(there, saved))
