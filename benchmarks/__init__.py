"""Side-by-side timings of the solvers, run by `eureka bench`."""
