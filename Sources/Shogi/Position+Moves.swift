// Legal move generation: all moves, check evasions, and checking moves (for the mate solver).
// Rules: promotion zone with optional / forced promotion, drops, two-pawn rule, no piece placed
// where it could never move again, king safety, and no pawn drop that mates.

extension Position {
    /// Largest number of legal moves in any position is 593; buffers hold this many.
    package static let maxMoves = 1024

    /// Appends the promotion variants of a board move of piece `p` (colour c) from -> to.
    @inline(__always)
    static func addBoardMove(_ buf: UnsafeMutablePointer<Move>, _ n: inout Int, p: Int, c: Int, from: Int, to: Int) {
        let t = Piece.type(p)
        if Piece.canPromote(t), Geometry.inZone(from, c) || Geometry.inZone(to, c) {
            buf[n] = .board(from: from, to: to, promote: true); n += 1
            let rr = Geometry.relativeRank(to, c)
            let forced = (t == Piece.pawn || t == Piece.lance) ? rr == 0 : (t == Piece.knight ? rr < 2 : false)
            if !forced { buf[n] = .board(from: from, to: to, promote: false); n += 1 }
        } else {
            buf[n] = .board(from: from, to: to, promote: false); n += 1
        }
    }

    /// Pseudo-legal board moves of the piece on `from` to squares in `targets`.
    @inline(__always)
    func addPieceMoves(_ buf: UnsafeMutablePointer<Move>, _ n: inout Int, from: Int, targets: UInt128) {
        let g = Geometry.shared
        let p = piece(from), c = Piece.color(p)
        let step = g.stepMask[p], slide = g.slideMask[p]
        // nothing to do when no target is within the piece's empty-board reach (evasions and
        // checks pass a few squares)
        if g.reach[p * 81 + from] & targets == 0 { return }
        if Piece.type(p) == Piece.knight {
            for i in 0..<2 {
                let to = Int(g.knightTo[(c * 81 + from) * 2 + i])
                if to >= 0, Geometry.has(targets, to) { Position.addBoardMove(buf, &n, p: p, c: c, from: from, to: to) }
            }
            return
        }
        let occ = occupiedAll
        // the piece's directions in increasing order (the order the moves have always come in)
        var dirs = step | slide
        while dirs != 0 {
            let d = dirs.trailingZeroBitCount
            dirs &= dirs &- 1
            let bit = UInt8(1) << d
            if step & bit != 0 {
                let to = Int(g.neighbor[from * 8 + d])
                if to >= 0, Geometry.has(targets, to) { Position.addBoardMove(buf, &n, p: p, c: c, from: from, to: to) }
            } else if slide & bit != 0 {
                // the squares up to and including the first piece, nearest first
                var reach = g.ray[from * 8 + d]
                if reach & targets == 0 { continue }
                let stop = g.firstAlong(from, d, in: occ)
                if stop >= 0 { reach &= ~g.ray[stop * 8 + d] }
                var bits = reach & targets
                if Geometry.increasing(d) {
                    while bits != 0 {
                        let to = bits.trailingZeroBitCount
                        bits &= bits &- 1
                        Position.addBoardMove(buf, &n, p: p, c: c, from: from, to: to)
                    }
                } else {
                    while bits != 0 {
                        let to = 127 - bits.leadingZeroBitCount
                        bits &= ~Geometry.bit(to)
                        Position.addBoardMove(buf, &n, p: p, c: c, from: from, to: to)
                    }
                }
            }
        }
    }

    /// Can colour c drop a piece of type t on the empty square `to` (ignoring pawn-drop mate)?
    @inline(__always)
    func dropAllowed(_ t: Int, _ c: Int, _ to: Int) -> Bool {
        switch t {
        case Piece.pawn:
            return Geometry.relativeRank(to, c) > 0 && pawnCount[c * 9 + to / 9] == 0
        case Piece.lance: return Geometry.relativeRank(to, c) > 0
        case Piece.knight: return Geometry.relativeRank(to, c) > 1
        default: return true
        }
    }

    /// True when dropping a pawn of the side to move on `to` would give check and mate (illegal).
    @inline(__always)
    mutating func isPawnDropMate(_ to: Int) -> Bool {
        let us = sideToMove
        let ek = Int(kingSquare[1 - us])
        if ek < 0 || Int(Geometry.shared.neighbor[to * 8 + (us == 0 ? 0 : 1)]) != ek { return false }
        let m = Move.drop(Piece.pawn, to: to)
        play(m)
        let mated = !hasLegalMove()
        undo(m, captured: 0)
        return mated
    }

    /// Squares of colour `c`'s pieces (and empty squares), as 81-bit sets.
    @inline(__always)
    func occupancy() -> (own: UInt128, empty: UInt128) {
        (occupied[sideToMove], Position.allSquares & ~occupiedAll)
    }

    static let allSquares: UInt128 = (UInt128(1) << 81) - 1

    /// All legal moves of the side to move. Returns the count written to `buf`.
    package mutating func generateLegal(_ buf: UnsafeMutablePointer<Move>) -> Int {
        let us = sideToMove, them = 1 - us
        let ksq = Int(kingSquare[us])
        if ksq >= 0 {
            let chk = attackers(of: ksq, by: them)
            if chk.count > 0 { return generateEvasions(buf, checkers: chk) }
        }
        let (own, empty) = occupancy()
        let pinned: UInt128 = ksq >= 0 ? blockers(king: ksq, blockerColor: us, sliderColor: them) : 0
        let g = Geometry.shared
        var n = 0
        var pieces = own
        while pieces != 0 {
            let from = pieces.trailingZeroBitCount
            pieces &= pieces &- 1
            let start = n
            addPieceMoves(buf, &n, from: from, targets: Position.allSquares & ~own)
            if from == ksq {
                var k = start
                for i in start..<n where !isAttacked(buf[i].to, by: them, vacated: ksq) { buf[k] = buf[i]; k += 1 }
                n = k
            } else if Geometry.has(pinned, from) {
                let line = g.direction[ksq * 81 + from]
                var k = start
                for i in start..<n where g.direction[ksq * 81 + buf[i].to] == line { buf[k] = buf[i]; k += 1 }
                n = k
            }
        }
        n = addDrops(buf, n, targets: empty)
        return n
    }

    /// Legal drops of the side to move on the squares of `targets` (all empty).
    @inline(__always)
    mutating func addDrops(_ buf: UnsafeMutablePointer<Move>, _ start: Int, targets: UInt128) -> Int {
        var n = start
        let us = sideToMove
        let hand = hands[us]
        if hand.isEmpty || targets == 0 { return n }
        for t in 1...7 where hand.count(t) > 0 {
            var bits = targets
            while bits != 0 {
                let to = bits.trailingZeroBitCount
                bits &= bits - 1
                if !dropAllowed(t, us, to) { continue }
                if t == Piece.pawn, isPawnDropMate(to) { continue }
                buf[n] = .drop(t, to: to); n += 1
            }
        }
        return n
    }

    /// Squares strictly between a and b (aligned), as a set.
    @inline(__always)
    static func between(_ a: Int, _ b: Int) -> UInt128 {
        let g = Geometry.shared
        let d = Int(g.direction[a * 81 + b])
        if d < 0 { return 0 }
        return g.between(a, b, d)
    }

    /// Legal moves out of check.
    mutating func generateEvasions(_ buf: UnsafeMutablePointer<Move>, checkers chk: (count: Int, first: Int, second: Int)) -> Int {
        let g = Geometry.shared
        let us = sideToMove, them = 1 - us
        let ksq = Int(kingSquare[us])
        var n = 0
        // king steps, tested as in `evasionCount`
        let free = g.reach[Piece.king * 81 + ksq] & ~occupied[us]
        if free != 0 {
            let alone = testsKingStepsAlone(free)
            let stepped: UInt128 = alone ? 0 : stepAttacks(by: them, around: ksq)
            for d in 0..<8 {
                let to = Int(g.neighbor[ksq * 8 + d])
                if to < 0 || !Geometry.has(free, to) { continue }
                let attacked = alone ? isAttacked(to, by: them, vacated: ksq)
                    : Geometry.has(stepped, to) || isAttackedBySlider(to, by: them, vacated: ksq)
                if !attacked { buf[n] = .board(from: ksq, to: to, promote: false); n += 1 }
            }
        }
        if chk.count > 1 { return n }
        let cs = chk.first
        let cp = piece(cs)
        let between: UInt128 = Piece.type(cp) == Piece.knight ? 0 : Position.between(ksq, cs)
        let targets = between | Geometry.bit(cs)
        let pinned = blockers(king: ksq, blockerColor: us, sliderColor: them)
        // a piece that could not reach any target square on an empty board has nothing to add
        var pieces = occupied[us] & ~Geometry.bit(ksq)
        while pieces != 0 {
            let from = pieces.trailingZeroBitCount
            pieces &= pieces &- 1
            let p = piece(from)
            if g.reach[p * 81 + from] & targets == 0 { continue }
            let start = n
            addPieceMoves(buf, &n, from: from, targets: targets)
            if n > start, Geometry.has(pinned, from) {
                let line = g.direction[ksq * 81 + from]
                var k = start
                for i in start..<n where g.direction[ksq * 81 + buf[i].to] == line { buf[k] = buf[i]; k += 1 }
                n = k
            }
        }
        n = addDrops(buf, n, targets: between)
        return n
    }

    /// Does the side to move have any legal move? (Used for mate detection.)
    /// In check, king steps are tried first and the answer returns at the first one found.
    package mutating func hasLegalMove() -> Bool {
        let us = sideToMove, them = 1 - us
        let ksq = Int(kingSquare[us])
        if ksq >= 0 {
            let chk = attackers(of: ksq, by: them)
            if chk.count > 0 {
                let g = Geometry.shared
                for d in 0..<8 {
                    let to = Int(g.neighbor[ksq * 8 + d])
                    if to < 0 { continue }
                    let q = piece(to)
                    if q != 0, Piece.color(q) == us { continue }
                    if !isAttacked(to, by: them, vacated: ksq) { return true }
                }
                if chk.count > 1 { return false }
                return withUnsafeTemporaryAllocation(of: Move.self, capacity: Position.maxMoves) { b in
                    generateEvasions(b.baseAddress!, checkers: chk) > 0
                }
            }
        }
        return withUnsafeTemporaryAllocation(of: Move.self, capacity: Position.maxMoves) { b in generateLegal(b.baseAddress!) > 0 }
    }

    /// Number of legal moves when the side to move is in check (fast path for mate tests).
    package mutating func legalMoveCount() -> Int {
        withUnsafeTemporaryAllocation(of: Move.self, capacity: Position.maxMoves) { b in generateLegal(b.baseAddress!) }
    }

    /// Squares from which a piece of type t dropped by colour c would attack the king on `ek`
    /// (empty or not; the caller keeps the empty ones).
    @inline(__always)
    func dropChecks(_ t: Int, _ c: Int, king ek: Int) -> UInt128 {
        let g = Geometry.shared
        let p = Piece.make(t, c)
        let slide = g.slideMask[p]
        // steps and jumps: nothing blocks them
        if slide == 0 { return g.checkFrom[p * 81 + ek] }
        // lance, bishop, rook: each line back from the king up to its first piece
        var cand: UInt128 = 0
        for d in 0..<8 where slide & (UInt8(1) << d) != 0 {
            let back = Geometry.opposite[d]
            var line = g.ray[ek * 8 + back]
            let first = g.firstAlong(ek, back, in: occupiedAll)
            if first >= 0 { line &= ~g.ray[first * 8 + back] }
            cand |= line
        }
        return cand
    }

    /// Legal moves of the side to move that give check to the opponent's king.
    package mutating func generateChecks(_ buf: UnsafeMutablePointer<Move>) -> Int {
        let us = sideToMove, them = 1 - us
        let ek = Int(kingSquare[them])
        if ek < 0 { return 0 }
        let ksq = Int(kingSquare[us])
        if ksq >= 0, isAttacked(ksq, by: them) {
            // Out of check while giving check: filter the evasions.
            let n = generateLegal(buf)
            var k = 0
            for i in 0..<n {
                let m = buf[i]
                let cap = play(m)
                let gives = isAttacked(ek, by: us)
                undo(m, captured: cap)
                if gives { buf[k] = m; k += 1 }
            }
            return k
        }
        let g = Geometry.shared
        let (own, empty) = occupancy()
        let pinned: UInt128 = ksq >= 0 ? blockers(king: ksq, blockerColor: us, sliderColor: them) : 0
        let discoverers = blockers(king: ek, blockerColor: us, sliderColor: us)
        var n = 0
        // a stepping piece far from the king can only check by discovery (`nearSquares`)
        var pieces = own & (Position.nearSquares(ek, 4) | sliders[us] | discoverers)
        while pieces != 0 {
            let from = pieces.trailingZeroBitCount
            pieces &= pieces &- 1
            let p = piece(from)
            let isDiscoverer = Geometry.has(discoverers, from)
            var targets = Position.allSquares & ~own
            if !isDiscoverer {
                // only squares from which the piece, promoted or not, could attack the king on an
                // empty board: a superset of the checks, which the test below still sorts out
                var checking = g.checkFrom[p * 81 + ek]
                if Piece.canPromote(Piece.type(p)) { checking |= g.checkFrom[(p | Piece.promoteBit) * 81 + ek] }
                targets &= checking
                if targets & g.reach[p * 81 + from] == 0 { continue }
            }
            let start = n
            addPieceMoves(buf, &n, from: from, targets: targets)
            let discLine = g.direction[ek * 81 + from]
            let isPinned = Geometry.has(pinned, from)
            let pinLine: Int8 = isPinned ? g.direction[ksq * 81 + from] : -1
            var k = start
            for i in start..<n {
                let m = buf[i]
                let to = m.to
                if from == ksq {
                    if isAttacked(to, by: them, vacated: ksq) { continue }
                } else if isPinned, g.direction[ksq * 81 + to] != pinLine { continue }
                let np = m.isPromotion ? p | Piece.promoteBit : p
                let check = (isDiscoverer && g.direction[ek * 81 + to] != discLine)
                    || pieceAttacks(np, from: to, to: ek, vacated: from)
                if check { buf[k] = m; k += 1 }
            }
            n = k
        }
        // drops on the squares from which the dropped piece would attack the king
        let hand = hands[us]
        if !hand.isEmpty {
            for t in 1...7 where hand.count(t) > 0 {
                var bits = dropChecks(t, us, king: ek) & empty
                while bits != 0 {
                    let to = bits.trailingZeroBitCount
                    bits &= bits - 1
                    if !dropAllowed(t, us, to) { continue }
                    if t == Piece.pawn, isPawnDropMate(to) { continue }
                    buf[n] = .drop(t, to: to); n += 1
                }
            }
        }
        return n
    }
}
