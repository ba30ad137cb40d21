// Piece codes, colours and the move geometry of every piece type (YaneuraOu's numbering).

/// A piece on the board: type in bits 0-3, colour in bit 4 (0 black/sente, 16 white/gote); 0 = empty.
package enum Piece {
    package static let pawn = 1, lance = 2, knight = 3, silver = 4, bishop = 5, rook = 6, gold = 7, king = 8
    package static let proPawn = 9, proLance = 10, proKnight = 11, proSilver = 12, horse = 13, dragon = 14
    package static let promoteBit = 8
    @inline(__always) package static func type(_ p: Int) -> Int { p & 15 }
    @inline(__always) package static func color(_ p: Int) -> Int { p >> 4 }
    @inline(__always) package static func make(_ type: Int, _ color: Int) -> Int { type | (color << 4) }
    /// Unpromoted type, the one a captured piece goes to hand as.
    @inline(__always) package static func base(_ type: Int) -> Int { type == king ? king : (type > king ? type - 8 : type) }
    @inline(__always) package static func canPromote(_ type: Int) -> Bool { type <= rook }
    /// Lance, bishop, rook, horse, dragon: the pieces that move more than one square along a line.
    @inline(__always) package static func slides(_ p: Int) -> Bool {
        (1 << lance | 1 << bishop | 1 << rook | 1 << horse | 1 << dragon) >> (p & 15) & 1 != 0
    }
    /// SFEN letters for black (upper case) types 1...14 (promoted written with '+').
    static let letters: [Character] = [" ", "P", "L", "N", "S", "B", "R", "G", "K", "P", "L", "N", "S", "B", "R"]
    static func typeFromLetter(_ c: Character) -> Int? {
        switch c.uppercased() {
        case "P": return pawn; case "L": return lance; case "N": return knight; case "S": return silver
        case "B": return bishop; case "R": return rook; case "G": return gold; case "K": return king
        default: return nil
        }
    }
    /// Japanese names (KIF), index by type.
    static let kanji: [String] = ["", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "成香", "成桂", "成銀", "馬", "龍"]
}

/// Board geometry: square = (file-1)*9 + (rank-1), file 1...9, rank 1 (a) ... 9 (i).
/// Black moves towards rank 1. Directions (df, dr): 0 N(0,-1) 1 S(0,1) 2 (1,0) 3 (-1,0)
/// 4 (1,-1) 5 (-1,-1) 6 (1,1) 7 (-1,1), "N" meaning towards rank 1.
final class Geometry: @unchecked Sendable {
    static let shared = Geometry()
    static let df = [0, 0, 1, -1, 1, -1, 1, -1], dr = [-1, 1, 0, 0, -1, -1, 1, 1]
    static let opposite = [1, 0, 3, 2, 7, 6, 5, 4]
    /// Colour mirror of a direction (swap north and south).
    static let mirror = [1, 0, 2, 3, 6, 7, 4, 5]

    /// neighbor[sq*8+d]: the next square in direction d, or -1.
    let neighbor: UnsafeMutablePointer<Int8>
    /// knightFrom[(color*81+sq)*2+i]: the two squares a knight of `color` on sq jumps to (-1 if off board).
    let knightTo: UnsafeMutablePointer<Int8>
    /// direction[a*81+b]: the direction from a towards b when aligned (queen lines), else -1.
    let direction: UnsafeMutablePointer<Int8>
    /// stepMask[color*16+type] / slideMask: the directions a piece steps / slides in.
    let stepMask: UnsafeMutablePointer<UInt8>
    let slideMask: UnsafeMutablePointer<UInt8>
    /// ray[sq*8+d]: the squares from sq (excluded) to the edge in direction d, as an 81-bit set.
    let ray: UnsafeMutablePointer<UInt128>
    /// lines[sq]: the union of the eight rays from sq (every square a slider could attack it from).
    let lines: UnsafeMutablePointer<UInt128>
    /// reach[code*81+sq]: the squares piece `code` on sq attacks on an empty board (a superset of
    /// its moves on any board).
    let reach: UnsafeMutablePointer<UInt128>
    /// checkFrom[code*81+sq]: the squares from which piece `code` attacks sq on an empty board.
    let checkFrom: UnsafeMutablePointer<UInt128>
    /// stepReach[code*81+sq]: the squares piece `code` on sq attacks by a step or a knight's jump,
    /// which nothing can block (its slides left out).
    let stepReach: UnsafeMutablePointer<UInt128>

    private init() {
        neighbor = .allocate(capacity: 81 * 8)
        knightTo = .allocate(capacity: 2 * 81 * 2)
        direction = .allocate(capacity: 81 * 81)
        stepMask = .allocate(capacity: 32)
        slideMask = .allocate(capacity: 32)
        ray = .allocate(capacity: 81 * 8)
        lines = .allocate(capacity: 81)
        reach = .allocate(capacity: 32 * 81)
        reach.initialize(repeating: 0, count: 32 * 81)
        checkFrom = .allocate(capacity: 32 * 81)
        checkFrom.initialize(repeating: 0, count: 32 * 81)
        stepReach = .allocate(capacity: 32 * 81)
        stepReach.initialize(repeating: 0, count: 32 * 81)
        for sq in 0..<81 {
            let f = sq / 9, r = sq % 9
            for d in 0..<8 {
                let nf = f + Geometry.df[d], nr = r + Geometry.dr[d]
                neighbor[sq * 8 + d] = (0..<9).contains(nf) && (0..<9).contains(nr) ? Int8(nf * 9 + nr) : -1
            }
            for c in 0..<2 {
                let fwd = c == 0 ? -2 : 2
                for (i, dfk) in [1, -1].enumerated() {
                    let nf = f + dfk, nr = r + fwd
                    knightTo[(c * 81 + sq) * 2 + i] = (0..<9).contains(nf) && (0..<9).contains(nr) ? Int8(nf * 9 + nr) : -1
                }
            }
        }
        for sq in 0..<81 {
            for b in 0..<81 { direction[sq * 81 + b] = -1 }
            for d in 0..<8 {
                var s = Int(neighbor[sq * 8 + d])
                var line: UInt128 = 0
                while s >= 0 { direction[sq * 81 + s] = Int8(d); line |= Geometry.bit(s); s = Int(neighbor[s * 8 + d]) }
                ray[sq * 8 + d] = line
            }
            lines[sq] = (0..<8).reduce(0) { $0 | ray[sq * 8 + $1] }
        }
        let orth: UInt8 = 0b0000_1111, diag: UInt8 = 0b1111_0000
        let goldLike: UInt8 = 0b0011_1111, silverLike: UInt8 = 0b1111_0001
        var black = [UInt8](repeating: 0, count: 16), blackSlide = [UInt8](repeating: 0, count: 16)
        black[Piece.pawn] = 1
        blackSlide[Piece.lance] = 1
        black[Piece.silver] = silverLike
        for t in [Piece.gold, Piece.proPawn, Piece.proLance, Piece.proKnight, Piece.proSilver] { black[t] = goldLike }
        black[Piece.king] = 0xFF
        blackSlide[Piece.bishop] = diag; blackSlide[Piece.rook] = orth
        blackSlide[Piece.horse] = diag; black[Piece.horse] = orth
        blackSlide[Piece.dragon] = orth; black[Piece.dragon] = diag
        func mirrored(_ m: UInt8) -> UInt8 {
            var r: UInt8 = 0
            for d in 0..<8 where m & (1 << d) != 0 { r |= 1 << Geometry.mirror[d] }
            return r
        }
        for t in 0..<16 {
            stepMask[t] = black[t]; slideMask[t] = blackSlide[t]
            stepMask[16 + t] = mirrored(black[t]); slideMask[16 + t] = mirrored(blackSlide[t])
        }
        for code in 0..<32 where code & 15 != 0 && code & 15 <= Piece.dragon {
            let c = code >> 4
            for sq in 0..<81 {
                var r: UInt128 = 0, steps: UInt128 = 0
                if code & 15 == Piece.knight {
                    for i in 0..<2 where knightTo[(c * 81 + sq) * 2 + i] >= 0 { r |= Geometry.bit(Int(knightTo[(c * 81 + sq) * 2 + i])) }
                    steps = r
                } else {
                    for d in 0..<8 {
                        if slideMask[code] & (1 << d) != 0 { r |= ray[sq * 8 + d] }
                        else if stepMask[code] & (1 << d) != 0, neighbor[sq * 8 + d] >= 0 {
                            r |= Geometry.bit(Int(neighbor[sq * 8 + d])); steps |= Geometry.bit(Int(neighbor[sq * 8 + d]))
                        }
                    }
                }
                reach[code * 81 + sq] = r
                stepReach[code * 81 + sq] = steps
                for t in 0..<81 where Geometry.has(r, t) { checkFrom[code * 81 + t] |= Geometry.bit(sq) }
            }
        }
    }

    /// The one-square set {sq}.
    @inline(__always) static func bit(_ sq: Int) -> UInt128 { UInt128(1) &<< UInt128(truncatingIfNeeded: sq) }
    /// Is sq in the set?
    @inline(__always) static func has(_ set: UInt128, _ sq: Int) -> Bool { (set &>> UInt128(truncatingIfNeeded: sq)) & 1 != 0 }
    /// Directions 1 (0,1), 2 (1,0), 4 (1,-1), 6 (1,1) step to higher square numbers (+1, +9, +8,
    /// +10), the others to lower ones: the first square of a set along a ray is its lowest set
    /// bit or its highest.
    @inline(__always) static func increasing(_ d: Int) -> Bool { (0b0101_0110 >> d) & 1 != 0 }
    /// The first square of `set` along direction d from sq (set restricted to the ray), or -1.
    @inline(__always) func firstAlong(_ sq: Int, _ d: Int, in set: UInt128) -> Int {
        let b = set & ray[sq * 8 + d]
        if b == 0 { return -1 }
        return Geometry.increasing(d) ? b.trailingZeroBitCount : 127 - b.leadingZeroBitCount
    }
    /// Squares strictly between a and b along direction d (b on the ray from a).
    @inline(__always) func between(_ a: Int, _ b: Int, _ d: Int) -> UInt128 {
        ray[a * 8 + d] & ~ray[b * 8 + d] & ~Geometry.bit(b)
    }

    @inline(__always) static func rank(_ sq: Int) -> Int { sq % 9 }  // 0 = rank a
    @inline(__always) static func file(_ sq: Int) -> Int { sq / 9 }  // 0 = file 1
    /// Rank counted from the colour's own far side: 0 = the last rank for that colour.
    @inline(__always) static func relativeRank(_ sq: Int, _ color: Int) -> Int { color == 0 ? sq % 9 : 8 - sq % 9 }
    @inline(__always) static func inZone(_ sq: Int, _ color: Int) -> Bool { relativeRank(sq, color) < 3 }
}
