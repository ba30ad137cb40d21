// A small hand-written evaluation and a shallow alpha-beta on it, used only to order moves
// at nodes with many empties (the exact search proves every value; this only guesses which
// move to try first). The terms are the classic ones of Rosenbloom's IAGO (1982) and Buro's
// Logistello: mobility, potential mobility (frontier discs), corners, X-squares next to an
// empty corner, and Edax's corner stability (corners and the edge discs held next to them).
// Edax orders its endgame moves the same way, by a shallow search of its evaluation at nodes
// far from the end. The weights were tuned by node counts on FFO #20-#39 (#40-#49 kept for
// validation): corner stability at 8 took #20-#39 from 492 M to 424 M nodes; 10-14 is flat.
// On 8x8 the leaves use the learned pattern evaluation instead (PatternEvaluation.swift);
// the hand one stays for 4x4 and 6x6.

extension EndgameSearch {
    /// Heuristic value of (p, o) for the side to move (larger is better); no exact meaning.
    /// `playerMoves`: the moves of (p, o).
    @inline(__always)
    func evaluate(_ p: UInt64, _ o: UInt64, playerMoves mp: UInt64) -> Int {
        let corners = geometry.corners
        let empties = mask & ~(p | o)
        let mo = Bitboard.moves(o, p) & mask
        var s = 8 * (mp.nonzeroBitCount - mo.nonzeroBitCount)
        s += 8 * ((mp & corners).nonzeroBitCount - (mo & corners).nonzeroBitCount)
        s += 24 * ((p & corners).nonzeroBitCount - (o & corners).nonzeroBitCount)
        s += 12 * (cornerStability(p) - cornerStability(o))
        // Frontier discs give the opponent moves later: fewer of ours, more of theirs.
        s += 2 * (Bitboard.frontier(o, empties).nonzeroBitCount - Bitboard.frontier(p, empties).nonzeroBitCount)
        // X-squares (diagonal neighbours of an empty corner) hand the corner over.
        let x = xSquares(emptyCorners: corners & empties)
        s -= 12 * ((p & x).nonzeroBitCount - (o & x).nonzeroBitCount)
        return s
    }

    /// Discs of `d` that no move can flip by the corner rule alone: its corners and the edge
    /// squares next to them (C-squares) held by `d` too (Edax's get_corner_stability).
    @inline(__always)
    func cornerStability(_ d: UInt64) -> Int {
        let c = geometry.corners & d
        let edgeNeighbours = ((c << 1) & ~Bitboard.fileA | (c >> 1) & ~Bitboard.fileH | (c << 8) | (c >> 8)) & d
        return (c | edgeNeighbours).nonzeroBitCount
    }

    /// The diagonal neighbours of the given corners, inside the board.
    @inline(__always)
    func xSquares(emptyCorners c: UInt64) -> UInt64 {
        ((c << 9) & ~Bitboard.fileA | (c >> 9) & ~Bitboard.fileH | (c << 7) & ~Bitboard.fileH
            | (c >> 7) & ~Bitboard.fileA) & mask
    }

    /// Fail-soft alpha-beta of `depth` plies on `evaluate` (passes cost no ply; a finished
    /// game scores its disc difference, scaled far beyond any heuristic value).
    @inline(__always)
    mutating func evalSearch(_ p: UInt64, _ o: UInt64, _ alpha: Int, _ beta: Int, _ depth: Int) -> Int {
        evalSearch(p, o, alpha, beta, depth, moves: Bitboard.moves(p, o) & mask)
    }

    /// `evalSearch` given the moves of (p, o) (the ordering has them already).
    mutating func evalSearch(_ p: UInt64, _ o: UInt64, _ alphaIn: Int, _ beta: Int, _ depth: Int, moves: UInt64) -> Int {
        nodes &+= 1
        if depth == 0 {
            if let w = patternWeights { return PatternEvaluation.evaluate(p, o, w, gather, stageTable, playerMoves: moves) }
            return evaluate(p, o, playerMoves: moves)
        }
        if moves == 0 {
            if Bitboard.moves(o, p) & mask == 0 {
                return (patternWeights != nil ? 4 * PatternEvaluation.unitsPerDisc : 1000) * (p.nonzeroBitCount - o.nonzeroBitCount)
            }
            return -evalSearch(o, p, -beta, -alphaIn, depth)
        }
        var alpha = alphaIn
        var best = Int.min
        var m = moves
        // Corners first: a cheap ordering that makes the cut-offs come early.
        var cornerFirst = moves & geometry.corners
        while m != 0 {
            let sq: Int
            if cornerFirst != 0 {
                sq = cornerFirst.trailingZeroBitCount
                cornerFirst &= cornerFirst &- 1
                m &= ~(UInt64(1) << UInt64(sq))
            } else {
                sq = m.trailingZeroBitCount
                m &= m &- 1
            }
            let f = flips(sq, p, o)
            let score = -evalSearch(o ^ f, p ^ f ^ (UInt64(1) << UInt64(sq)), -beta, -alpha, depth - 1)
            if score > best {
                best = score
                if score > alpha {
                    alpha = score
                    if alpha >= beta { break }
                }
            }
        }
        return best
    }
}
