#!/usr/bin/env python3
"""Checks the KIF files perfectplay writes with a KIF reader we did not write: cshogi's.

    pip install cshogi
    python3 Tests/cshogi/kif_check.py Reports/examples/kif [REPORT_DIR ...]

A REPORT_DIR is a collection folder of a run (it holds results.jsonl and kif/). For every solved
record with a kif/<name>.kif and kif/<name>.kifu:

- the .kif is read as cp932 (Shift_JIS) and the .kifu as UTF-8, the encodings
  cshogi.KIF.Parser.parse_file picks by extension; both hold the same KIF text;
- the board diagram equals cshogi.KIF.board_to_bod() of the record's own position
  (result.position), so cshogi draws the problem as we wrote it;
- cshogi.KIF.Parser.parse_str reads the main line, and the USI of its moves is the record's main
  line (result.composerLine when the record has one that ends in mate, else result.pv). cshogi's KIF parser reads
  neither board diagrams nor variations: its 手合割 table is pointed at the record's position,
  and the text handed to it stops at the first 変化 block;
- cshogi replays the main line from the record's position: every move legal, every attacker move
  a check, the last position mate, the length `まで N 手で詰み` states;
- every 変化：N手 block: its moves are read with cshogi's KIF move parser on the position the KIF
  rule gives (the line just read, taken back to ply N - 1), each one is legal there, and a
  variation that ends in 詰み ends in a position cshogi finds mate.

Prints a line per file and a summary; exits 1 if any check fails. Not part of the Swift package.
"""
import json
import os
import re
import sys
from importlib.metadata import version

import cshogi
import cshogi.KIF


def file_name(name, source):
    """TsumeKIFFile.fileName: the record's name with path separators and control characters replaced."""
    cleaned = ''.join('_' if c in '/\\:' or ord(c) < 32 or ord(c) == 127 else c for c in name).strip(' ')
    if cleaned in ('', '.', '..'):
        return 'line-' + source.rsplit(':', 1)[-1]
    return cleaned


def ends_in_mate(sfen, line):
    """The line replays legally for cshogi and ends with the defender mated."""
    board = cshogi.Board(sfen)
    for usi in line:
        move = board.move_from_usi(usi)
        if not board.is_legal(move):
            return False
        board.push(move)
    return board.is_check() and board.is_game_over()


def main_line(result):
    """The record's composers' line when it ends in mate for cshogi (a line that ends where
    only futile interpositions remain is no checkmate), else its plain shortest line."""
    composer = result.get('composerLine')
    if composer and ends_in_mate(result['position'], composer):
        return composer
    return result.get('pv')


def diagram_lines(text):
    """Our board diagram: from 後手の持駒 to 先手の持駒, trailing full-width spaces of the hands dropped."""
    lines = text.splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith('後手の持駒：'))
    end = next(i for i, l in enumerate(lines) if l.startswith('先手の持駒：'))
    return [l.rstrip('\u3000') for l in lines[start:end + 1]]


def check_file(directory, record):
    result = record['result']
    stem = os.path.join(directory, 'kif', file_name(record['name'], record['source']))
    if not os.path.exists(stem + '.kif'):
        line = record['source'].rsplit(':', 1)[-1]
        stem = stem + '-' + line
    problems = []
    with open(stem + '.kif', encoding='cp932') as f:
        kif = f.read()
    with open(stem + '.kifu', encoding='utf-8') as f:
        kifu = f.read()
    if kifu.replace('#KIF version=2.0 encoding=UTF-8\n', '', 1) != kif:
        problems.append('.kif (cp932) and .kifu (UTF-8) differ')
    sfen = result['position']
    expected = main_line(result)

    # the diagram, as cshogi draws the record's position
    board = cshogi.Board(sfen)
    theirs = [l.rstrip('\u3000') for l in cshogi.KIF.board_to_bod(board).splitlines() if l != '後手番']
    if diagram_lines(kif) != theirs:
        problems.append('diagram differs from cshogi.KIF.board_to_bod:\n' + '\n'.join(diagram_lines(kif)) + '\n---\n' + '\n'.join(theirs))

    # the main line, read by cshogi's parser from the record's position
    saved = cshogi.KIF.Parser.HANDYCAP_SFENS['平手']
    cshogi.KIF.Parser.HANDYCAP_SFENS['平手'] = sfen
    try:
        main_text = re.split(r'\n変化：', kif, maxsplit=1)[0]
        parser = cshogi.KIF.Parser.parse_str(main_text)
    finally:
        cshogi.KIF.Parser.HANDYCAP_SFENS['平手'] = saved
    read = [cshogi.move_to_usi(m) for m in parser.moves]
    if read != expected:
        problems.append('cshogi reads the main line %s, the record has %s' % (' '.join(read), ' '.join(expected)))

    # cshogi replays it: legal, checks, mate
    board = cshogi.Board(sfen)
    attacker = board.turn
    for i, usi in enumerate(expected):
        move = board.move_from_usi(usi)
        if not board.is_legal(move):
            problems.append('ply %d %s is not legal for cshogi' % (i + 1, usi))
            break
        board.push(move)
        if board.turn != attacker and not board.is_check():
            problems.append('ply %d %s gives no check' % (i + 1, usi))
    else:
        if not (board.is_check() and board.is_game_over()):
            problems.append('cshogi: the main line does not end in mate')
    m = re.search(r'まで(\d+)手で詰み', kif)
    if not m or int(m.group(1)) != len(expected):
        problems.append('まで N 手で詰み does not give the length %d' % len(expected))

    # every variation: legal where KIF's rule puts it
    variations = variation_moves = 0
    line = []           # the USI moves of the line just read
    board = None
    for text_line in kif.splitlines():
        b = re.match(r'変化：(\d+)手', text_line)
        if b:
            variations += 1
            ply = int(b.group(1))
            line = line[:ply - 1]
            board = cshogi.Board(sfen)
            for usi in line:
                board.push_usi(usi)
            continue
        if board is None:
            if text_line.startswith('まで'):
                line = list(expected)       # the main line was read above
            continue
        move, _, end = cshogi.KIF.Parser.parse_move_str(text_line, board)
        if end == '詰み' and not (board.is_check() and board.is_game_over()):
            problems.append('a variation ends in 詰み where cshogi sees no mate: %s' % ' '.join(line))
        if move is None:
            if re.match(r' *\d+ ', text_line) and end is None:
                problems.append('cshogi cannot read the variation move "%s"' % text_line.strip())
            continue
        variation_moves += 1
        if not board.is_legal(move):
            problems.append('variation move "%s" is not legal for cshogi' % text_line.strip())
            break
        board.push(move)
        line.append(cshogi.move_to_usi(move))
    return stem, len(expected), (variations, variation_moves), problems


def main(directories):
    files = failures = 0
    for directory in directories:
        with open(os.path.join(directory, 'results.jsonl'), encoding='utf-8') as f:
            records = [json.loads(l) for l in f if l.strip()]
        for record in records:
            if record['status'] != 'solved' or not record['result'].get('mate'):
                continue
            stem, plies, variations, problems = check_file(directory, record)
            files += 1
            status = 'ok' if not problems else 'FAIL'
            print('%s %s.kif: main line of %d plies read by cshogi = the record\'s; %d variations, their %d moves legal for cshogi'
                  % (status, stem, plies, variations[0], variations[1]))
            for p in problems:
                print('    ' + p)
            failures += bool(problems)
    print('%d KIF files checked with cshogi %s, %d failed' % (files, version('cshogi'), failures))
    return 1 if failures or not files else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:] or ['Reports/examples/kif']))
