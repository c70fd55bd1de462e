"""`eureka serve`: a local web page and JSON API over the commands.

The API runs the very commands of the command line (`eureka VERB GAME ... --json`) in
worker processes, so it answers with the documents `--json` prints; the pages render
those documents. Needs the `serve` extra (Starlette and Uvicorn).
"""
