"""Text for a terminal that cannot show − × ÷: --ascii, and a fallback for such streams.

A stream whose encoding lacks a sign gets - * / and plain dashes, arrows and comparisons
instead of a traceback.
"""

import codecs
import functools

_OTHER_SIGNS = {"\u2265": ">=", "\u2264": "<=", "\u2014": "-", "\u2013": "-",
                "\u2026": "...", "\u2192": "->", "\u00b7": "*", "\u2248": "~",
                "\u00b1": "+/-"}       # besides the operators' signs, from eureka.ops


@functools.cache
def _ascii_signs() -> dict:
    """Every sign the text may hold, mapped to its ASCII.

    The operators' signs map to their codes (the one operator table, imported on first
    use: only a line that needs it pays for it), then come dashes, arrows and comparisons.
    """
    from eureka.ops import OPERATORS

    return {**{op.sign: op.code for op in OPERATORS.values()}, **_OTHER_SIGNS}


def _ascii_fallback(error: UnicodeEncodeError):
    """The codecs error handler: signs a terminal cannot show, in ASCII ('?' else)."""
    bad = error.object[error.start:error.end]
    return "".join(_ascii_signs().get(c, "?") for c in bad), error.end


codecs.register_error("eureka-ascii", _ascii_fallback)


class _AsciiEncoder(codecs.IncrementalEncoder):
    def encode(self, text, final=False):
        return codecs.ascii_encode(text, "eureka-ascii")[0]


class _AsciiDecoder(codecs.IncrementalDecoder):
    def decode(self, data, final=False):
        return codecs.ascii_decode(data, self.errors)[0]


def _ascii_codec(name: str):
    """The 'eureka-ascii' text encoding: ASCII with the fallback above.

    Click rewraps a stream whose encoding is plain ASCII as UTF-8; under this name it is
    left alone.
    """
    if name != "eureka_ascii":
        return None
    return codecs.CodecInfo(name="eureka-ascii",
                            encode=lambda text, errors="strict":
                            codecs.ascii_encode(text, "eureka-ascii"),
                            decode=codecs.ascii_decode,
                            incrementalencoder=_AsciiEncoder,
                            incrementaldecoder=_AsciiDecoder)


codecs.register(_ascii_codec)


def fall_back_to_ascii(stream) -> None:
    """Makes `stream` write - * / where it cannot show − × ÷, instead of a traceback.

    A plain ASCII stream is switched to the 'eureka-ascii' encoding, any other keeps its
    encoding with the fallback as its error handler; a stream that cannot be reconfigured
    is left alone.
    """
    if not hasattr(stream, "reconfigure"):
        return
    if codecs.lookup(stream.encoding or "ascii").name == "ascii":
        stream.reconfigure(encoding="eureka-ascii")
    else:
        stream.reconfigure(errors="eureka-ascii")


def ascii_lines(lines, as_ascii: bool) -> list:
    """The `lines` as printed, every one in ASCII under `as_ascii` (--ascii).

    − × ÷ become - * /, dashes -, and so on (see _ascii_signs); any other sign becomes
    '?'. Returns a list.
    """
    if not as_ascii:
        return list(lines)
    return [line.encode("ascii", "eureka-ascii").decode("ascii") for line in lines]
