"""eureka: exact solvers for arithmetic card and board games."""

__version__ = "0.1.0"
