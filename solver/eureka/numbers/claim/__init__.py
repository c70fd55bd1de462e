"""Claims checked, one at a time or many at once.

The plain-Python verifier (verifier.py, independent of the engine) checks one claim;
many claims at once are read (reader.py) and judged (kernel.py) by compiled kernels, the
verifier deciding whatever they leave open (batch.py).
"""
