"""`eureka serve`: options in, the server started."""

import click

from eureka.cli.base import InputError, Whole

LOOPBACK = "127.0.0.1"


@click.command("serve", help="A local web page: set up a Mathable board by clicking, or "
               "cards and a target, and see the answers on it; and a JSON API, "
               "/api/VERB/GAME with the command's options as parameters, answering with "
               "the document --json prints (docs/SERVE.md). Needs the serve extra: pip "
               "install 'eureka-solver[serve]'.\n\nExample: eureka serve --open")
@click.option("--port", type=Whole(1, 65535), default=8765, show_default=True,
              metavar="N", help="The port to listen on.")
@click.option("--host", default=LOOPBACK, show_default=True,
              help="The address to listen on: only this machine by default; 0.0.0.0 "
                   "opens the page to the network.")
@click.option("--open", "open_page", is_flag=True, help="Open the page in a browser.")
@click.option("--workers", type=Whole(1, 64), metavar="N",
              help="Commands answered at once (default: one per core).")
@click.option("--timeout", type=click.FloatRange(0.5, 3600), default=30.0,
              show_default=True, metavar="S", help="The longest a request may take, in "
                                                   "seconds.")
def command(port, host, open_page, workers, timeout):
    try:
        import uvicorn

        from eureka.cli.serve.app import application
    except ImportError:
        raise InputError("eureka serve needs the serve extra: pip install "
                         "'eureka-solver[serve]'") from None
    from eureka import parallel
    from eureka.cli.serve.workers import Workers

    address = f"http://{host}:{port}/"
    pool = Workers(workers or parallel.cores(), timeout)
    try:
        if host != LOOPBACK:
            click.echo(f"warning: listening on {host}: other machines can reach the page",
                       err=True)
        click.echo(f"eureka serve: {address} (Ctrl-C stops it)", err=True)
        if open_page:
            import webbrowser

            webbrowser.open(address)
        uvicorn.run(application(pool), host=host, port=port, log_level="warning")
    finally:
        pool.close()
