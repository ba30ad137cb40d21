// Count-only move generation for the mate solver's df-pn+ initial numbers: how many check
// evasions the defender has and how many checks the attacker has, by the same rules as
// `generateEvasions` / `generateChecks` (Position+Moves.swift) but without writing a move list.
// The profile of a long proof (Microcosmos) had a third of its time generating moves that were
// only counted.

extension Position {
    /// Are the free squares `free` around a king in check tested one by one for attacks
    /// (`isAttacked`: each square's neighbours, lines and knight squares), or all at once by the
    /// step attacks of the checking side's pieces near the king (then the sliders square by square)? Up to 2
    /// squares one by one cost fewer instructions (callgrind, Zuko 003 and Microcosmos: 2 beat
    /// 1 and 4).
    @inline(__always)
    func testsKingStepsAlone(_ free: UInt128) -> Bool {
        free.nonzeroBitCount <= 2
    }

    /// The squares of rank a (relative rank 0 for black), one per file.
    static let firstRank: UInt128 = 0x1008040201008040201

    /// Squares of relative rank below n for colour c (n = 3: its promotion zone).
    @inline(__always)
    static func farRanks(_ n: Int, _ c: Int) -> UInt128 {
        let m = firstRank &* ((UInt128(1) &<< UInt128(truncatingIfNeeded: n)) &- 1)
        return c == 0 ? m : m &<< UInt128(truncatingIfNeeded: 9 - n)
    }

    /// Squares at most r files and r ranks away from sq. A stepping piece (no slide, promoted or
    /// not) moves and attacks at most 2 files and ranks (a knight): one further than 4 from a
    /// king cannot give it check by itself.
    @inline(__always)
    static func nearSquares(_ sq: Int, _ r: Int) -> UInt128 {
        let f = sq / 9, k = sq % 9
        let f0 = max(0, f - r), f1 = min(8, f + r), k0 = max(0, k - r), k1 = min(8, k + r)
        let files = ((UInt128(1) &<< UInt128(truncatingIfNeeded: (f1 - f0 + 1) * 9)) &- 1) &<< UInt128(truncatingIfNeeded: f0 * 9)
        let ranks = (firstRank &* ((UInt128(1) &<< UInt128(truncatingIfNeeded: k1 - k0 + 1)) &- 1)) &<< UInt128(truncatingIfNeeded: k0)
        return files & ranks
    }

    /// The squares the piece on `from` attacks with the board occupied by `occ` (own pieces
    /// included): its steps and jumps, and each slide up to and including the first piece.
    @inline(__always)
    func attacksFrom(_ from: Int, occupied occ: UInt128) -> UInt128 {
        let g = Geometry.shared
        let p = piece(from)
        var a = g.stepReach[p * 81 + from]
        var slide = g.slideMask[p]
        while slide != 0 {
            let d = slide.trailingZeroBitCount
            slide &= slide &- 1
            var r = g.ray[from * 8 + d]
            let stop = g.firstAlong(from, d, in: occ)
            if stop >= 0 { r &= ~g.ray[stop * 8 + d] }
            a |= r
        }
        return a
    }

    /// The pieces of colour c that move onto `to` (the board occupied by `occ`): per direction
    /// the first piece, if it steps or slides back towards `to`, and the two knight squares.
    @inline(__always)
    func movers(to: Int, by c: Int, occupied occ: UInt128) -> UInt128 {
        let g = Geometry.shared
        var r: UInt128 = 0
        for d in 0..<8 {
            let s = g.firstAlong(to, d, in: occ)
            if s < 0 { continue }
            let p = piece(s)
            if Piece.color(p) != c { continue }
            let mask = Int(g.neighbor[to * 8 + d]) == s ? g.stepMask[p] | g.slideMask[p] : g.slideMask[p]
            if mask & (UInt8(1) << Geometry.opposite[d]) != 0 { r |= Geometry.bit(s) }
        }
        let knight = Piece.make(Piece.knight, c)
        for i in 0..<2 {
            let s = Int(g.knightTo[((1 - c) * 81 + to) * 2 + i])
            if s >= 0, piece(s) == knight { r |= Geometry.bit(s) }
        }
        return r
    }

    /// Number of board moves of piece `p` (colour c) from `from` to the squares of `dest`, counting
    /// promotion variants as `addBoardMove` writes them: promoting and not, or only promoting where
    /// the unpromoted piece could never move again.
    @inline(__always)
    static func boardMoveCount(p: Int, c: Int, from: Int, to dest: UInt128) -> Int {
        let t = Piece.type(p)
        var n = dest.nonzeroBitCount
        if Piece.canPromote(t) {
            let zone = farRanks(3, c)
            var optional = Geometry.has(zone, from) ? dest : dest & zone
            if t == Piece.pawn || t == Piece.lance { optional &= ~farRanks(1, c) }
            else if t == Piece.knight { optional &= ~farRanks(2, c) }
            n += optional.nonzeroBitCount
        }
        return n
    }

    /// The number of legal replies of the side to move, in check by `chk`, as the mate solver
    /// counts a new defender node: every evasion of `generateEvasions`, except that drops on a
    /// square not next to the king count once per square (lazy interposition searches one of them
    /// at a time, see `MateSolver.mid`).
    mutating func evasionCount(checkers chk: (count: Int, first: Int, second: Int)) -> Int {
        let g = Geometry.shared
        let us = sideToMove, them = 1 - us
        let ksq = Int(kingSquare[us])
        var n = 0
        // king steps: with few free squares each is tested on its own (its neighbours, lines and
        // knight squares), cheaper than the step attacks of every attacking piece on a crowded
        // board; with more, those step attacks once for all of them, then the sliders
        let free = g.reach[Piece.king * 81 + ksq] & ~occupied[us]
        if testsKingStepsAlone(free) {
            var steps = free
            while steps != 0 {
                let to = steps.trailingZeroBitCount
                steps &= steps &- 1
                if !isAttacked(to, by: them, vacated: ksq) { n += 1 }
            }
        } else {
            var steps = free & ~stepAttacks(by: them, around: ksq)
            while steps != 0 {
                let to = steps.trailingZeroBitCount
                steps &= steps &- 1
                if !isAttackedBySlider(to, by: them, vacated: ksq) { n += 1 }
            }
        }
        if chk.count > 1 { return n }
        let cs = chk.first
        let between: UInt128 = Piece.type(piece(cs)) == Piece.knight ? 0 : Position.between(ksq, cs)
        let targets = between | Geometry.bit(cs)
        let pinned = blockers(king: ksq, blockerColor: us, sliderColor: them)
        let occ = occupiedAll
        if targets.nonzeroBitCount <= 1 {
            // few targets (a contact check, a knight's, one square between): look from each
            // target for the pieces that move onto it, instead of at every piece of a full board
            var ts = targets
            while ts != 0 {
                let to = ts.trailingZeroBitCount
                ts &= ts &- 1
                var from = movers(to: to, by: us, occupied: occ) & ~Geometry.bit(ksq)
                while from != 0 {
                    let s = from.trailingZeroBitCount
                    from &= from &- 1
                    // a pinned piece stays on the line through its king
                    if Geometry.has(pinned, s), !Geometry.has(g.ray[ksq * 8 + Int(g.direction[ksq * 81 + s])], to) { continue }
                    n += Position.boardMoveCount(p: piece(s), c: us, from: s, to: Geometry.bit(to))
                }
            }
        } else {
            var pieces = occupied[us] & ~Geometry.bit(ksq)
            while pieces != 0 {
                let from = pieces.trailingZeroBitCount
                pieces &= pieces &- 1
                let p = piece(from)
                if g.reach[p * 81 + from] & targets == 0 { continue }
                var dest = attacksFrom(from, occupied: occ) & targets
                if dest == 0 { continue }
                if Geometry.has(pinned, from) { dest &= g.ray[ksq * 8 + Int(g.direction[ksq * 81 + from])] }
                n += Position.boardMoveCount(p: p, c: us, from: from, to: dest)
            }
        }
        let hand = hands[us]
        if hand.isEmpty { return n }
        var bits = between
        while bits != 0 {
            let to = bits.trailingZeroBitCount
            bits &= bits &- 1
            let near = Position.adjacent(to, ksq)
            // the pawn last: its mate test plays moves, and a distant square needs one drop only
            var t = 7
            while t >= 1 {
                if hand.count(t) > 0, dropAllowed(t, us, to), t != Piece.pawn || !isPawnDropMate(to) {
                    n += 1
                    if !near { break }
                }
                t -= 1
            }
        }
        return n
    }

    /// The number of legal moves of the side to move that give check: `generateChecks(scratch)`,
    /// counted without writing the moves out of check (`scratch` is used only when the side to
    /// move is itself in check, which the generator handles by filtering its evasions).
    mutating func checkCount(scratch: UnsafeMutablePointer<Move>) -> Int {
        let us = sideToMove, them = 1 - us
        let ek = Int(kingSquare[them])
        if ek < 0 { return 0 }
        let ksq = Int(kingSquare[us])
        if ksq >= 0, isAttacked(ksq, by: them) { return generateChecks(scratch) }
        let g = Geometry.shared
        let (own, empty) = occupancy()
        let occ = occupiedAll
        let pinned: UInt128 = ksq >= 0 ? blockers(king: ksq, blockerColor: us, sliderColor: them) : 0
        let discoverers = blockers(king: ek, blockerColor: us, sliderColor: us)
        let zone = Position.farRanks(3, us)
        var n = 0
        var pieces = own & (Position.nearSquares(ek, 4) | sliders[us] | discoverers)
        while pieces != 0 {
            let from = pieces.trailingZeroBitCount
            pieces &= pieces &- 1
            let p = piece(from)
            let t = Piece.type(p)
            let isDiscoverer = Geometry.has(discoverers, from)
            var targets = Position.allSquares & ~own
            if !isDiscoverer {
                var checking = g.checkFrom[p * 81 + ek]
                if Piece.canPromote(t) { checking |= g.checkFrom[(p | Piece.promoteBit) * 81 + ek] }
                targets &= checking
                if targets & g.reach[p * 81 + from] == 0 { continue }
            }
            var dest = attacksFrom(from, occupied: occ) & targets
            if dest == 0 { continue }
            if ksq >= 0, Geometry.has(pinned, from) { dest &= g.ray[ksq * 8 + Int(g.direction[ksq * 81 + from])] }
            let discLine = g.direction[ek * 81 + from]
            let promotable = Piece.canPromote(t)
            let fromZone = Geometry.has(zone, from)
            let forcedRanks = t == Piece.pawn || t == Piece.lance ? 1 : (t == Piece.knight ? 2 : 0)
            while dest != 0 {
                let to = dest.trailingZeroBitCount
                dest &= dest &- 1
                if from == ksq, isAttacked(to, by: them, vacated: ksq) { continue }
                let promote = promotable && (fromZone || Geometry.has(zone, to))
                let plain = !promote || Geometry.relativeRank(to, us) >= forcedRanks
                if isDiscoverer && g.direction[ek * 81 + to] != discLine {
                    n += (promote ? 1 : 0) + (plain ? 1 : 0)
                    continue
                }
                if promote, pieceAttacks(p | Piece.promoteBit, from: to, to: ek, vacated: from) { n += 1 }
                if plain, pieceAttacks(p, from: to, to: ek, vacated: from) { n += 1 }
            }
        }
        // drops on the squares from which the dropped piece would attack the king
        let hand = hands[us]
        if !hand.isEmpty {
            for t in 1...7 where hand.count(t) > 0 {
                var bits = dropChecks(t, us, king: ek) & empty
                if t == Piece.knight || t == Piece.lance {
                    bits &= ~Position.farRanks(t == Piece.knight ? 2 : 1, us)
                    n += bits.nonzeroBitCount
                } else if t == Piece.pawn {
                    while bits != 0 {
                        let to = bits.trailingZeroBitCount
                        bits &= bits &- 1
                        if dropAllowed(t, us, to), !isPawnDropMate(to) { n += 1 }
                    }
                } else {
                    n += bits.nonzeroBitCount
                }
            }
        }
        return n
    }
}
