"""Claims checked: the plain-Python verifier (verifier.py, independent of the engine), and
many claims at once, read (reader.py) and judged (kernel.py) by compiled kernels, the
verifier deciding whatever they leave open (batch.py)."""
