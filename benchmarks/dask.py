"""What a Dask cluster adds to a sweep: the same command run locally and on a cluster.

`eureka analyze pitagoras --die red --easy` runs locally and on a warm local cluster of
worker processes (two by default, started here), the two interleaved; the overhead is
the cluster run's median wall time less the local run's. Each run is the whole command
in a fresh process, as a user runs it.

    python -m eureka.benchmarks.dask [--rounds 5] [--workers 2]

Skipped (a line saying so, exit 0) when the dask extra is missing.
"""

import argparse
import statistics
import subprocess
import sys
import tempfile
import time

COMMAND = ["analyze", "pitagoras", "--die", "red", "--easy", "--fresh", "--quiet"]


def command_time(out: str, address: str | None = None) -> float:
    """The wall time of the whole command, in a fresh process, locally or on a cluster.

    `out` is the folder the command writes to, and `address` the cluster's scheduler
    (None: the command runs locally).
    """
    cluster = ["--dask", address] if address else []
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "from eureka.cli.main import run_eureka; "
                    "run_eureka()", *COMMAND, "--out", out, *cluster], check=True)
    return time.perf_counter() - start


def measure(rounds: int, workers: int) -> dict:
    """The median wall times, local and on the cluster, and the overhead between them.

    A local cluster of `workers` processes (a thread each) is started; after a warm-up
    run of each (the cluster's, on fresh workers, is timed too), `rounds` rounds run
    locally and on the cluster by turns. Returns {"local_s", "cluster_s", "overhead_s",
    "local_runs", "cluster_runs", "fresh_workers_s"}. Needs the dask extra.
    """
    from distributed import LocalCluster

    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, \
            tempfile.TemporaryDirectory() as out:
        address = cluster.scheduler_address
        command_time(out)
        cold = command_time(out, address)              # the workers load the kernels
        local, remote = [], []
        for _ in range(rounds):
            local.append(command_time(out))
            remote.append(command_time(out, address))
    return {"local_s": statistics.median(local), "cluster_s": statistics.median(remote),
            "overhead_s": statistics.median(remote) - statistics.median(local),
            "local_runs": local, "cluster_runs": remote, "fresh_workers_s": cold}


def main(argv=None) -> None:
    """Times the command locally and on the cluster, and prints the medians and overhead.

    `argv`: the command-line arguments (default: sys.argv[1:]), --rounds and --workers.
    Without the dask extra it prints a line saying so and returns.
    """
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    try:
        import distributed  # noqa: F401
    except ImportError:
        print("skipped: the dask extra is not installed (pip install "
              "'eureka-solver[dask]')")
        return
    with open("/proc/loadavg") as f:
        load = f.read().split()[0]
    r = measure(args.rounds, args.workers)
    print(f"eureka {' '.join(COMMAND[:5])}: {args.rounds} rounds interleaved, "
          f"{args.workers} local workers, load average {load} at start")
    print(f"local   median {r['local_s']:.2f} s  "
          f"({', '.join(f'{t:.2f}' for t in r['local_runs'])})")
    print(f"cluster median {r['cluster_s']:.2f} s  "
          f"({', '.join(f'{t:.2f}' for t in r['cluster_runs'])})")
    print(f"first run on fresh workers {r['fresh_workers_s']:.2f} s")
    print(f"overhead {r['overhead_s']:+.2f} s; cluster / local "
          f"{r['cluster_s'] / r['local_s']:.2f}")


if __name__ == "__main__":
    main()
