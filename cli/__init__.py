"""The eureka command line: click commands that parse, call solver, and print."""
