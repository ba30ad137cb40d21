#!/usr/bin/env python3
"""Drives perfectplay's USI engine with a USI client we did not write: cshogi.usi.Engine.

    swift build -c release            # builds .build/release/perfectplay-usi
    pip install cshogi
    python3 Tests/cshogi/usi_mate_check.py [--engine PATH] [--limit-ms MS] [--lengths 7,9,11]

cshogi's Engine starts the engine as a GUI does (one executable, no arguments: perfectplay-usi is
`perfectplay usi` under a name of its own), reads `usiok`, `readyok`, then for every published
problem of the chosen lengths in Puzzles/tsume/tour/tanuki_public.tsv (column mate_length, the exact
length, re-checked independently) and Puzzles/tsume/tour/yaneuraou_mate_samples.tsv (column
kh_minlength_len, KomoringHeights' exact shortest mate) sends `position sfen ...` and
`go mate <ms>` and takes the `checkmate ...` answer. cshogi then replays the line from the
problem's position: every move must be legal, every attacker move a check, the last position
mate (the defender in check with no legal move), and the line as long as the published length.
cshogi's own mate solver (cshogi.DfPn, df-pn bounded by a number of plies) also checks the
length: it must prove a mate within the engine's length and none within two plies fewer.

Eight of these published lengths are two plies too long (Puzzles/tsume/README.md, "Lengths we
dispute"): the engine answers the shorter mate, and the script shows cshogi.DfPn proving that
shorter mate; those count as confirmed disputes, not failures.

Prints a line per problem and a summary; exits 1 if any problem fails. Not part of the Swift
package (the product has no Python); a cross-check by hand, its output kept in the report.
"""
import argparse
import os
import sys
import time

from importlib.metadata import version

import cshogi
from cshogi.usi.Engine import Engine

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def problems(lengths):
    """(id, sfen, published length) of every problem of those lengths in the two sets."""
    out = []
    for name, length_column in (('tanuki_public.tsv', 'mate_length'), ('yaneuraou_mate_samples.tsv', 'kh_minlength_len')):
        with open(os.path.join(ROOT, 'Puzzles', 'tsume', 'tour', name), encoding='utf-8') as f:
            rows = [l.rstrip('\n').split('\t') for l in f if l.strip()]
        header = [h.lstrip('# ').strip() for h in rows[0]]
        for row in rows[1:]:
            record = dict(zip(header, row))
            length = record.get(length_column, '')
            if length.isdigit() and int(length) in lengths:
                out.append((record['id'], record['sfen'], int(length)))
    return out


def replay(sfen, moves):
    """None when cshogi finds the moves a mate from sfen, else what is wrong."""
    board = cshogi.Board(sfen)
    attacker = board.turn
    for i, usi in enumerate(moves):
        move = board.move_from_usi(usi)
        if move == 0 or not board.is_legal(move):
            return 'ply %d %s is not legal' % (i + 1, usi)
        board.push(move)
        if board.turn != attacker and not board.is_check():
            return 'ply %d %s gives no check' % (i + 1, usi)
    if board.turn == attacker:
        return 'the line ends with a defender move'
    if not (board.is_check() and board.is_game_over()):
        return 'the last position is not mate'
    return None


def dfpn_mates(sfen, plies):
    """cshogi's own df-pn: is there a forced mate within `plies` plies?"""
    return plies > 0 and cshogi.DfPn(depth=plies, nodes=10_000_000).search(cshogi.Board(sfen))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--engine', default=os.path.join(ROOT, '.build', 'release', 'perfectplay-usi'))
    parser.add_argument('--limit-ms', type=int, default=60000)
    parser.add_argument('--lengths', default='7,9,11')
    args = parser.parse_args()
    lengths = {int(x) for x in args.lengths.split(',')}

    engine = Engine(args.engine)
    print('engine: %s (%s), cshogi %s' % (engine.name, os.path.relpath(args.engine, ROOT), version('cshogi')))
    engine.setoption('USI_Hash', 256)
    engine.isready()
    failures = disputes = 0
    chosen = problems(lengths)
    by_length = {}
    start = time.time()
    for pid, sfen, length in chosen:
        engine.usinewgame()
        engine.position(sfen='sfen ' + sfen)
        t = time.time()
        answer = engine.go_mate(byoyomi=args.limit_ms)
        seconds = time.time() - t
        moves = answer.split()
        problem = note = None
        if answer in ('nomate', 'timeout', 'notimplemented') or not moves:
            problem = 'checkmate ' + answer
        else:
            problem = replay(sfen, moves)
        if problem is None:
            within, shorter = dfpn_mates(sfen, len(moves)), dfpn_mates(sfen, len(moves) - 2)
            if not within or shorter:
                problem = 'cshogi.DfPn: mate within %d %s, within %d %s' % (len(moves), within, len(moves) - 2, shorter)
            elif len(moves) > length:
                problem = 'a mate of %d plies, published %d' % (len(moves), length)
            elif len(moves) < length:
                note = 'published %d is not the shortest: cshogi.DfPn proves this mate in %d' % (length, len(moves))
                disputes += 1
        ok = problem is None
        failures += not ok
        by_length.setdefault(length, [0, 0])[0 if ok and note is None else 1] += 1
        print('%s %-16s %2d plies  %6.3f s  checkmate %s%s' % ('ok  ' if ok else 'FAIL', pid, length, seconds, answer,
                                                             '   <- ' + problem if problem else '   <- ' + note if note else ''))
    engine.quit()
    for length in sorted(by_length):
        good, other = by_length[length]
        print('published mate in %d: %d of %d answered with a mating line of that length, replayed by cshogi; '
              'cshogi.DfPn proves it shortest' % (length, good, good + other))
    print('%d problems, %d shorter than published (confirmed by cshogi.DfPn), %d failed, %.1f s'
          % (len(chosen), disputes, failures, time.time() - start))
    return 1 if failures or not chosen else 0


if __name__ == '__main__':
    sys.exit(main())
