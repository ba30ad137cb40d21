#!/usr/bin/env python3
"""An independent check of the composer length (rules 2-4 of Puzzles/tsume/README.md, "The rules
we implement"), on cshogi's move generation, sharing no code with perfectplay.

    pip install cshogi
    python3 Tests/cshogi/composer_check.py SFEN FROM TO      # mate within FROM, FROM+2, ... TO?
    python3 -c 'import composer_check as c; print(c.line_check(SFEN, "USI LINE"))'

An interposition is a defender's non-king move onto an empty square (in check from one distant
slider these are exactly the moves between it and the king; otherwise no such move is legal). It
is futile when the checking piece can capture it with check and, for one such capture, the
position D'' (the captured piece moved from the attacker's hand to the defender's) is mated within
L0, the exact composer length of the node over its replies that are not interpositions (0 when
none). Plain depth-first minimax with a memo by (position, bound): small bounds only (zukou-007,
mate within 15: 39 M nodes, 18 min, 4.6 GB).
"""
import sys, cshogi, time
sys.setrecursionlimit(100000)
amemo = {}; dmemo = {}
nodes = 0
def is_interposition(b, m):
    if cshogi.move_is_drop(m): return True
    fr = cshogi.move_from(m)
    if cshogi.piece_to_piece_type(b.piece(fr)) == cshogi.KING: return False
    return b.piece(cshogi.move_to(m)) == 0
def checks(b):
    out = []
    for m in b.legal_moves:
        b.push(m)
        if b.is_check(): out.append(m)
        b.pop()
    return out
def attacker(b, n, path):
    """mate within n plies (attacker to move); path: hashes of the line"""
    global nodes
    nodes += 1
    if n < 1: return False
    k = (b.zobrist_hash(), n)
    if k in amemo: return amemo[k]
    res = False
    for m in checks(b):
        b.push(m)
        h = b.zobrist_hash()
        ok = h not in path and defender(b, n - 1, path | {h})
        b.pop()
        if ok: res = True; break
    amemo[k] = res
    return res
def attacker_value(b, atmost, path):
    """exact composer length of an attacker node known mated within atmost"""
    x = atmost
    while x >= 3 and attacker(b, x - 2, path): x -= 2
    return x
def defender(b, n, path):
    """is the defender node (to move, in check) mated within n plies under rules 2-4?"""
    global nodes
    nodes += 1
    k = (b.zobrist_hash(), n)
    if k in dmemo: return dmemo[k]
    replies = list(b.legal_moves)
    others = [m for m in replies if not is_interposition(b, m)]
    inters = [m for m in replies if is_interposition(b, m)]
    res = True
    for m in others:
        if n < 2: res = False; break
        b.push(m); h = b.zobrist_hash()
        ok = h not in path and attacker(b, n - 1, path | {h})
        b.pop()
        if not ok: res = False; break
    if res and inters:
        L0 = None
        for m in inters:
            if n >= 2:
                b.push(m); h = b.zobrist_hash()
                ok = h not in path and attacker(b, n - 1, path | {h})
                b.pop()
                if ok: continue
            if L0 is None:
                L0 = 0
                for r in others:
                    b.push(r); h = b.zobrist_hash()
                    L0 = max(L0, 1 + attacker_value(b, n - 1, path | {h}))
                    b.pop()
            if not futile(b, m, L0, path): res = False; break
    dmemo[k] = res
    return res

HANDIDX = {1: 0, 2: 1, 3: 2, 4: 3, 5: 5, 6: 6, 7: 4}
def sign(x): return (x > 0) - (x < 0)
def futile(b, m, L0, path):
    """rule 3: the checking piece captures the interposition m (promoting or not) with check, the
    piece goes to the defender's hand, and D'' is mated within L0"""
    k = b.king_square(b.turn)
    to = cshogi.move_to(m)
    df, dr = sign(to // 9 - k // 9), sign(to % 9 - k % 9)
    f, r = to // 9 + df, to % 9 + dr
    while b.piece(f * 9 + r) == 0: f += df; r += dr
    checker = f * 9 + r
    defender_side = b.turn
    b.push(m)
    p = b.piece(to) & 15
    base = p - 8 if p >= 9 else p
    caps = [c for c in b.legal_moves if not cshogi.move_is_drop(c) and cshogi.move_from(c) == checker and cshogi.move_to(c) == to]
    found = False
    for c in caps:
        b.push(c)
        if b.is_check():
            d2 = b.copy()
            hb, hw = [list(x) for x in d2.pieces_in_hand]
            ah, dh = (hb, hw) if defender_side == 1 else (hw, hb)
            ah[HANDIDX[base]] -= 1; dh[HANDIDX[base]] += 1
            d2 = cshogi.Board(with_hands(d2.sfen(), hb, hw))
            h = d2.zobrist_hash()
            if h not in path and defender(d2, L0, path | {h}): found = True
        b.pop()
        if found: break
    b.pop()
    return found
def with_hands(sfen, hb, hw):
    board, turn, _, ply = sfen.split(' ')
    order = ['P', 'L', 'N', 'S', 'G', 'B', 'R']
    hs = ''
    for i in [6, 5, 4, 3, 2, 1, 0]:
        if hb[i]: hs += (str(hb[i]) if hb[i] > 1 else '') + order[i]
    for i in [6, 5, 4, 3, 2, 1, 0]:
        if hw[i]: hs += (str(hw[i]) if hw[i] > 1 else '') + order[i].lower()
    return ' '.join([board, turn, hs or '-', ply])
def line_check(sfen, usi):
    """replays a line: legality, checks, interpositions and their futility, the end mate"""
    b = cshogi.Board(sfen); path = {b.zobrist_hash()}
    moves = usi.split()
    for i, u in enumerate(moves):
        m = b.move_from_usi(u)
        if not b.is_legal(m): return f'ply {i+1} {u} illegal'
        if i % 2 == 1 and is_interposition(b, m): print(f'ply {i+1} {u} is an interposition')
        b.push(m); path.add(b.zobrist_hash())
        if i % 2 == 0 and not b.is_check(): return f'ply {i+1} {u} not a check'
    return 'mate' if b.is_game_over() else 'not mate (plain)'
if __name__ == '__main__':
    sfen = sys.argv[1]; lo = int(sys.argv[2]); hi = int(sys.argv[3])
    b = cshogi.Board(sfen)
    for n in range(lo, hi + 1, 2):
        t = time.time()
        r = attacker(b, n, {b.zobrist_hash()})
        print(n, r, nodes, round(time.time() - t, 1), flush=True)
        if r: break
