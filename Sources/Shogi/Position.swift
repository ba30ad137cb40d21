// The shogi position: board, hands, side to move, Zobrist keys, and making / unmaking moves.

/// Zobrist keys: key k is the k-th output of SplitMix64 (Steele, Lea and Flood, "Fast
/// splittable pseudorandom number generators", 2014) from a fixed seed, low bit cleared;
/// pieces first ([code * 81 + square]), then the hands ([colour * 8 + type]). Computed, not
/// looked up: a table behind a lazily made global cost an initialisation check on every
/// make and unmake of a move.
enum Zobrist {
    @inline(__always)
    static func key(_ k: Int) -> UInt64 {
        var z = 0x9E37_79B9_7F4A_7C15 &* UInt64(truncatingIfNeeded: k &+ 2)
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return (z ^ (z >> 31)) & ~1
    }

    /// Piece `code` on `square`.
    @inline(__always)
    static func piece(_ code: Int, _ square: Int) -> UInt64 { key(code &* 81 &+ square) }

    /// One piece of `type` in `colour`'s hand (added once per piece held).
    @inline(__always)
    static func hand(_ colour: Int, _ type: Int) -> UInt64 { key(32 * 81 &+ colour &* 8 &+ type) }

    /// White to move (the only odd key).
    static let side: UInt64 = 1
}

package struct Position: Sendable {
    /// Piece code per square (0 empty).
    package var board: InlineArray<81, Int8>
    package var hands: InlineArray<2, Hand>
    package var sideToMove: Int
    /// King square per colour, -1 when that side has no king (tsume attackers often have none).
    package var kingSquare: InlineArray<2, Int8>
    /// Zobrist key of board and side to move (hands excluded: the mate table keys on this).
    package var boardKey: UInt64
    /// Zobrist key of both hands.
    package var handKey: UInt64
    /// Unpromoted pawns per colour and file, [color*9 + file] (two-pawn rule). Counts, not bits:
    /// some published problems start with two pawns on a file.
    package var pawnCount: InlineArray<18, UInt8>
    /// Move number from the SFEN.
    package var moveNumber: Int
    /// Squares of each colour's pieces (bit sq), kept with the board: attack detection finds the
    /// first piece along a line with one mask and a bit scan (Position+Attacks.swift).
    package var occupied: InlineArray<2, UInt128>
    /// Squares of each colour's sliding pieces (lance, bishop, rook, horse, dragon): only these
    /// attack from afar, so most lines need no look.
    package var sliders: InlineArray<2, UInt128>

    package init() {
        board = InlineArray(repeating: 0); hands = InlineArray(repeating: Hand())
        sideToMove = 0; kingSquare = InlineArray(repeating: -1); boardKey = 0; handKey = 0
        pawnCount = InlineArray(repeating: 0); moveNumber = 1; occupied = InlineArray(repeating: 0)
        sliders = InlineArray(repeating: 0)
    }

    /// Squares holding any piece.
    @inline(__always) var occupiedAll: UInt128 { occupied[0] | occupied[1] }

    /// Key of the whole position (board, side, hands): repetition detection.
    @inline(__always) package var fullKey: UInt64 { boardKey ^ handKey }

    @inline(__always) func piece(_ sq: Int) -> Int { Int(board[sq]) }

    @inline(__always) mutating func put(_ p: Int, _ sq: Int) {
        board[sq] = Int8(p)
        occupied[Piece.color(p)] |= Geometry.bit(sq)
        if Piece.slides(p) { sliders[Piece.color(p)] |= Geometry.bit(sq) }
        boardKey ^= Zobrist.piece(p, sq)
        if Piece.type(p) == Piece.pawn { pawnCount[Piece.color(p) * 9 + sq / 9] &+= 1 }
        if Piece.type(p) == Piece.king { kingSquare[Piece.color(p)] = Int8(sq) }
    }
    @inline(__always) mutating func lift(_ sq: Int) {
        let p = Int(board[sq])
        board[sq] = 0
        occupied[Piece.color(p)] &= ~Geometry.bit(sq)
        if Piece.slides(p) { sliders[Piece.color(p)] &= ~Geometry.bit(sq) }
        boardKey ^= Zobrist.piece(p, sq)
        if Piece.type(p) == Piece.pawn { pawnCount[Piece.color(p) * 9 + sq / 9] &-= 1 }
    }
    @inline(__always) mutating func addHand(_ c: Int, _ t: Int) {
        hands[c].add(t); handKey &+= Zobrist.hand(c, t)
    }
    @inline(__always) mutating func removeHand(_ c: Int, _ t: Int) {
        hands[c].remove(t); handKey &-= Zobrist.hand(c, t)
    }

    /// Plays `m` (assumed legal); returns the captured piece code (0 if none) for `undo`.
    @inline(__always) @discardableResult
    package mutating func play(_ m: Move) -> Int {
        let us = sideToMove
        let to = m.to
        var captured = 0
        if m.isDrop {
            removeHand(us, m.dropType)
            put(Piece.make(m.dropType, us), to)
        } else {
            let from = m.from
            let p = piece(from)
            captured = piece(to)
            if captured != 0 {
                lift(to)
                let t = Piece.type(captured)
                if t == Piece.king { kingSquare[1 - us] = -1 } else { addHand(us, Piece.base(t)) }
            }
            lift(from)
            put(m.isPromotion ? p | Piece.promoteBit : p, to)
        }
        sideToMove = 1 - us
        boardKey ^= Zobrist.side
        assert(invariantsHold(), "play \(m): the position's derived state disagrees with its board")
        return captured
    }

    /// The keys `play(m)` would leave (board key, full key) and the hand colour `c` would then
    /// hold, without playing it: the mate search reads its children's table entries first and
    /// plays only the moves it must look into.
    @inline(__always)
    func keysAfter(_ m: Move, handOf c: Int) -> (boardKey: UInt64, fullKey: UInt64, hand: Hand) {
        let us = sideToMove
        let to = m.to
        var bk = boardKey ^ Zobrist.side, hk = handKey
        var h = hands[us]
        if m.isDrop {
            let t = m.dropType
            h.remove(t); hk &-= Zobrist.hand(us, t)
            bk ^= Zobrist.piece(Piece.make(t, us), to)
        } else {
            let from = m.from
            let p = piece(from)
            let captured = piece(to)
            if captured != 0 {
                bk ^= Zobrist.piece(captured, to)
                let t = Piece.type(captured)
                if t != Piece.king { h.add(Piece.base(t)); hk &+= Zobrist.hand(us, Piece.base(t)) }
            }
            bk ^= Zobrist.piece(p, from) ^ Zobrist.piece(m.isPromotion ? p | Piece.promoteBit : p, to)
        }
        return (bk, bk ^ hk, c == us ? h : hands[c])
    }

    @inline(__always)
    package mutating func undo(_ m: Move, captured: Int) {
        sideToMove = 1 - sideToMove
        boardKey ^= Zobrist.side
        let us = sideToMove
        let to = m.to
        if m.isDrop {
            lift(to)
            addHand(us, m.dropType)
        } else {
            let p = piece(to)
            lift(to)
            put(m.isPromotion ? p & ~Piece.promoteBit : p, m.from)
            if captured != 0 {
                let t = Piece.type(captured)
                if t != Piece.king { removeHand(us, Piece.base(t)) }
                put(captured, to)
            }
        }
        assert(invariantsHold(), "undo \(m): the position's derived state disagrees with its board")
    }
}
