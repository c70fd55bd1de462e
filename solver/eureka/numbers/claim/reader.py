"""JSON lines of claims read by compiled code, for the common shape only.

`read` takes a chunk of input lines (bytes, one after another) and reads each line that
is exactly a JSON object with the keys "cards" (an array of whole numbers), "target" (a
whole number; optional where the game has its own) and "answer" (a string without
escapes), with cards the game could deal: from its deck, as many as it deals, within its
rules' range. Every other line (a key of another name or given twice, an escape, a
number past 18 digits, a hand or target the game refuses, anything that is not JSON) is
marked for the Python reading in batch.py, which reads it as json.loads does or words
what is wrong with it. The tests compare the two on lines of every shape.
"""

import numpy as np

from eureka.jit import njit

FAST, BLANK, SLOW = 0, 1, 2
"""A line's reading: read here, blank (no verdict), left to the Python reading."""
DIGITS = 18
_CARDS, _TARGET, _ANSWER = 1, 2, 4
_WORDS = (np.frombuffer(b"cards", np.uint8), np.frombuffer(b"target", np.uint8),
          np.frombuffer(b"answer", np.uint8))
_W_CARDS, _W_TARGET, _W_ANSWER = _WORDS


def game_limits(game) -> tuple:
    """The arguments of `read` for the `game`, after the line offsets: what it deals.

    (deck, hand size, lowest card, highest card, own target): its deck as copies per value
    (empty: any numbers), its hand size (-1: any), the rules' lowest and highest card, its
    own target (-1: none).
    """
    deck = np.zeros(0 if game.deck is None else max(game.deck) + 1, np.int64)
    for value, copies in (game.deck or {}).items():
        deck[value] = copies
    own = game.target if game.target is not None else -1
    return (deck, -1 if game.hand_size is None else game.hand_size, game.rules.lowest,
            game.rules.cap, own)


def room(buf_size: int, lines: int) -> int:
    """Room for the cards of a chunk of `buf_size` bytes in `lines` lines.

    A card takes at least two bytes ('1,').
    """
    return buf_size // 2 + lines + 1


@njit(cache=True, inline="always")
def _ws(c):
    """Whether the byte `c` is JSON white space (space, tab, line feed, carriage return)."""
    return c == 32 or c == 9 or c == 10 or c == 13


@njit(cache=True)
def _skip(buf, i, end):
    """The first byte of `buf` from `i` on that is not white space (`end` if none is before it)."""
    while i < end and _ws(buf[i]):
        i += 1
    return i


@njit(cache=True)
def _whole(buf, i, end):
    """The JSON whole number at byte `i` of `buf`, read up to `end`: (value, next byte).

    The next byte is -1 where there is none, or the number has a sign, a fraction, an
    exponent, a leading zero or more than DIGITS digits.
    """
    j = i
    value = 0
    while j < end and 48 <= buf[j] <= 57 and j - i < DIGITS + 1:
        value = value * 10 + (buf[j] - 48)
        j += 1
    digits = j - i
    if digits == 0 or digits > DIGITS or (digits > 1 and buf[i] == 48):
        return 0, -1
    if j < end and (buf[j] == 46 or buf[j] == 101 or buf[j] == 69 or 48 <= buf[j] <= 57):
        return 0, -1
    return value, j


@njit(cache=True)
def _is(buf, start, end, word):
    """Whether the bytes `buf`[`start`:`end`] are those of `word`."""
    if end - start != len(word):
        return False
    for k in range(len(word)):
        if buf[start + k] != word[k]:
            return False
    return True


@njit(cache=True)
def _key(buf, start, end):
    """The key named by the bytes `buf`[`start`:`end`]: _CARDS, _TARGET, _ANSWER, or 0."""
    if _is(buf, start, end, _W_CARDS):
        return _CARDS
    if _is(buf, start, end, _W_TARGET):
        return _TARGET
    if _is(buf, start, end, _W_ANSWER):
        return _ANSWER
    return 0


@njit(cache=True)
def read(buf, starts, deck, hand_size, lowest, cap, own_target, status, cards,
         card_starts, targets, answer_starts, answer_ends):
    """Reads each line k = `buf`[`starts`[k]:starts[k + 1]] of a chunk, FAST, BLANK or SLOW.

    The line's reading goes to `status`[k]. For a FAST line, its cards go to
    `cards`[`card_starts`[k]:card_starts[k + 1]] (cards: room() values), its target to
    `targets`[k] and its answer is buf[`answer_starts`[k]:`answer_ends`[k]]. `deck`,
    `hand_size`, `lowest`, `cap` and `own_target` are game_limits'; a line whose cards the
    game could not deal, or with no target where the game has none, is SLOW.
    """
    for k in range(len(starts) - 1):
        c0 = card_starts[k]
        status[k], n = _line(buf, starts[k], starts[k + 1], cards, c0, targets,
                             answer_starts, answer_ends, k)
        if status[k] == FAST and not _dealt(cards, c0, c0 + n, deck, hand_size, lowest,
                                            cap):
            status[k] = SLOW
        if status[k] == FAST and targets[k] < 0:
            if own_target < 0:
                status[k] = SLOW
            targets[k] = own_target
        card_starts[k + 1] = c0 + (n if status[k] == FAST else 0)


@njit(cache=True)
def _line(buf, i, end, cards, c0, targets, answer_starts, answer_ends, k):
    """The (status, number of cards) of the line `buf`[`i`:`end`], its fields written as read does.

    The cards go to `cards` from `c0` on, the target to `targets`[`k`] (-1: not given), the
    answer's bounds to `answer_starts`[k] and `answer_ends`[k].
    """
    i = _skip(buf, i, end)
    if i == end:
        return BLANK, 0
    if buf[i] != 123:
        return SLOW, 0
    i += 1
    seen = 0
    n = 0
    targets[k] = -1
    while True:
        i = _skip(buf, i, end)
        if i >= end or buf[i] != 34:
            return SLOW, 0
        j = i + 1
        while j < end and buf[j] != 34 and buf[j] != 92:
            j += 1
        if j >= end or buf[j] != 34:
            return SLOW, 0
        key = _key(buf, i + 1, j)
        if key == 0 or seen & key:
            return SLOW, 0
        seen |= key
        i = _skip(buf, j + 1, end)
        if i >= end or buf[i] != 58:
            return SLOW, 0
        i = _skip(buf, i + 1, end)
        if i >= end:
            return SLOW, 0
        if key == _CARDS:
            if buf[i] != 91:
                return SLOW, 0
            i = _skip(buf, i + 1, end)
            if i < end and buf[i] == 93:
                i += 1
            else:
                while True:
                    value, i = _whole(buf, i, end)
                    if i < 0:
                        return SLOW, 0
                    cards[c0 + n] = value
                    n += 1
                    i = _skip(buf, i, end)
                    if i < end and buf[i] == 44:
                        i = _skip(buf, i + 1, end)
                    elif i < end and buf[i] == 93:
                        i += 1
                        break
                    else:
                        return SLOW, 0
        elif key == _TARGET:
            value, i = _whole(buf, i, end)
            if i < 0:
                return SLOW, 0
            targets[k] = value
        else:
            if buf[i] != 34:
                return SLOW, 0
            j = i + 1
            while j < end and buf[j] != 34:
                if buf[j] == 92 or buf[j] < 32:
                    return SLOW, 0
                j += 1
            if j >= end:
                return SLOW, 0
            answer_starts[k], answer_ends[k] = i + 1, j
            i = j + 1
        i = _skip(buf, i, end)
        if i < end and buf[i] == 44:
            i += 1
        elif i < end and buf[i] == 125:
            break
        else:
            return SLOW, 0
    if _skip(buf, i + 1, end) != end or seen & (_CARDS | _ANSWER) != _CARDS | _ANSWER:
        return SLOW, 0
    return FAST, n


@njit(cache=True)
def _dealt(cards, c0, c1, deck, hand_size, lowest, cap):
    """Whether the game could deal the cards `cards`[`c0`:`c1`] (else the Python reading says why).

    `deck` holds the copies per value (empty: any numbers), `hand_size` the cards dealt (-1:
    any number), `lowest` and `cap` the range of a card.
    """
    if hand_size >= 0 and c1 - c0 != hand_size:
        return False
    for a in range(c0, c1):
        v = cards[a]
        if v < lowest or v > cap:
            return False
        if len(deck) > 0:
            if v >= len(deck):
                return False
            copies = 0
            for b in range(c0, c1):
                copies += cards[b] == v
            if copies > deck[v]:
                return False
    return True
