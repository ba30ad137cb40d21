// Attack detection: is a square attacked, who gives check, which pieces are pinned or can discover check.

extension Position {
    /// Are squares a and b next to each other (king distance 1)?
    @inline(__always)
    static func adjacent(_ a: Int, _ b: Int) -> Bool {
        let df = a / 9 - b / 9, dr = a % 9 - b % 9
        return a != b && df >= -1 && df <= 1 && dr >= -1 && dr <= 1
    }

    /// True when a piece of colour `c` attacks `sq`. `vacated` is treated as empty (a king stepping
    /// away must not shield the square behind it). Per direction, the first piece along the line
    /// (a mask and a bit scan) is the only one that can attack from there.
    @inline(__always)
    package func isAttacked(_ sq: Int, by c: Int, vacated: Int = -1) -> Bool {
        let g = Geometry.shared
        let gone = vacated >= 0 ? Geometry.bit(vacated) : 0
        // pieces of colour c next to sq: each attacks if it moves (steps or slides) towards sq
        var near = occupied[c] & g.reach[Piece.king * 81 + sq] & ~gone
        while near != 0 {
            let s = near.trailingZeroBitCount
            near &= near &- 1
            let p = piece(s)
            if (g.stepMask[p] | g.slideMask[p]) & (UInt8(1) << g.direction[s * 81 + sq]) != 0 { return true }
        }
        // from afar only sliders attack
        if slidesOnto(sq, from: sliders[c] & g.lines[sq] & ~gone, occupied: occupiedAll & ~gone) { return true }
        let knight = Piece.make(Piece.knight, c)
        for i in 0..<2 {
            let s = Int(g.knightTo[((1 - c) * 81 + sq) * 2 + i])
            if s >= 0, piece(s) == knight { return true }
        }
        return false
    }

    /// Does one of the sliders `far` (on lines through sq) slide onto sq over empty squares of `occ`?
    @inline(__always)
    func slidesOnto(_ sq: Int, from far: UInt128, occupied occ: UInt128) -> Bool {
        let g = Geometry.shared
        var rest = far
        while rest != 0 {
            let s = rest.trailingZeroBitCount
            rest &= rest &- 1
            let d = Int(g.direction[sq * 81 + s])
            if g.slideMask[piece(s)] & (UInt8(1) << Geometry.opposite[d]) != 0, g.between(sq, s, d) & occ == 0 { return true }
        }
        return false
    }

    /// The squares next to `ksq` that colour `c` attacks by steps and knight jumps (which no
    /// piece blocks), and maybe others: only pieces within 3 files and ranks of `ksq` can step
    /// or jump next to it (a knight jumps 2 ranks and 1 file), the others are left out.
    @inline(__always)
    func stepAttacks(by c: Int, around ksq: Int) -> UInt128 {
        let g = Geometry.shared
        var m: UInt128 = 0
        var pieces = occupied[c] & Position.nearSquares(ksq, 3)
        while pieces != 0 {
            let s = pieces.trailingZeroBitCount
            pieces &= pieces &- 1
            m |= g.stepReach[piece(s) * 81 + s]
        }
        return m
    }

    /// Does a slider of colour `c` attack `sq` along a line, `vacated` treated as empty?
    /// With `stepAttacks(by: c, around:)` this is `isAttacked`, for many squares at once (the king's steps
    /// out of check when it has several free squares).
    @inline(__always)
    func isAttackedBySlider(_ sq: Int, by c: Int, vacated: Int) -> Bool {
        let g = Geometry.shared
        return slidesOnto(sq, from: sliders[c] & g.lines[sq], occupied: occupiedAll & ~Geometry.bit(vacated))
    }

    /// Squares of the pieces of colour `c` attacking `sq` (at most 2 are returned; count may say more).
    @inline(__always)
    func attackers(of sq: Int, by c: Int) -> (count: Int, first: Int, second: Int) {
        let g = Geometry.shared
        var n = 0, a = -1, b = -1
        @inline(__always) func note(_ s: Int) { if n == 0 { a = s } else if n == 1 { b = s }; n += 1 }
        let occ = occupiedAll
        for d in 0..<8 {
            let s = g.firstAlong(sq, d, in: occ)
            if s < 0 { continue }
            let p = piece(s)
            if Piece.color(p) != c { continue }
            let od = UInt8(1) << Geometry.opposite[d]
            let mask = Int(g.neighbor[sq * 8 + d]) == s ? g.stepMask[p] | g.slideMask[p] : g.slideMask[p]
            if mask & od != 0 { note(s) }
        }
        let knight = Piece.make(Piece.knight, c)
        for i in 0..<2 {
            let s = Int(g.knightTo[((1 - c) * 81 + sq) * 2 + i])
            if s >= 0, piece(s) == knight { note(s) }
        }
        return (n, a, b)
    }

    /// True when the side to move is in check.
    package var inCheck: Bool {
        let k = Int(kingSquare[sideToMove])
        return k >= 0 && isAttacked(k, by: 1 - sideToMove)
    }

    /// Pieces of colour `c` standing between `ksq` and a slider of colour `sliderColor` that would
    /// attack `ksq` without them. With c == king's colour: pinned pieces. With c == slider colour:
    /// pieces whose move can discover a check.
    @inline(__always)
    func blockers(king ksq: Int, blockerColor c: Int, sliderColor sc: Int) -> UInt128 {
        let g = Geometry.shared
        var result: UInt128 = 0
        let occ = occupiedAll
        // each slider of colour sc sliding towards the king with exactly one piece, of colour
        // c, between them
        var far = sliders[sc] & g.lines[ksq]
        while far != 0 {
            let s = far.trailingZeroBitCount
            far &= far &- 1
            let d = Int(g.direction[ksq * 81 + s])
            if g.slideMask[piece(s)] & (UInt8(1) << Geometry.opposite[d]) == 0 { continue }
            let b = g.between(ksq, s, d) & occ
            if b != 0, b & (b &- 1) == 0, occupied[c] & b != 0 { result |= b }
        }
        return result
    }

    /// Does piece code `p` standing on `s` attack `target`, with `vacated` treated as empty?
    @inline(__always)
    func pieceAttacks(_ p: Int, from s: Int, to target: Int, vacated: Int) -> Bool {
        let g = Geometry.shared
        if Piece.type(p) == Piece.knight {
            let base = (Piece.color(p) * 81 + s) * 2
            return Int(g.knightTo[base]) == target || Int(g.knightTo[base + 1]) == target
        }
        let d = Int(g.direction[s * 81 + target])
        if d < 0 { return false }
        let bit = UInt8(1) << d
        if g.stepMask[p] & bit != 0, Int(g.neighbor[s * 8 + d]) == target { return true }
        if g.slideMask[p] & bit != 0 {
            let occ = vacated >= 0 ? occupiedAll & ~Geometry.bit(vacated) : occupiedAll
            return g.between(s, target, d) & occ == 0
        }
        return false
    }
}
