// A learned pattern evaluation of 8x8 positions, for move ordering only (the exact search
// proves every value). The patterns are Buro's ("Experiments with Multi-ProbCut and a new
// high-quality evaluation function for Othello", 1997) as Edax uses them: corner 3x3,
// corner 2x5, edge + 2 X-squares, the lines of ranks 2-4, the diagonals of 4-8 squares, plus
// the mobility of both sides; one weight table a pattern shape (all its symmetric
// instances share it) and one set of tables a game stage (by empties; one stage for now:
// two ordered FFO #20-#39 worse with our 860 k training positions). The weights are
// fitted by `reversi-train` on exact scores of our own solver and live, base64-coded, in
// PatternWeights+Generated.swift.

import Foundation

/// Pattern indices from bitboards, and the weights.
package enum PatternEvaluation {
    /// Units of the evaluation per disc of final disc difference.
    package static let unitsPerDisc = 16

    /// The shapes: (name, squares). Tables are concatenated in this order.
    package static let shapes: [(name: String, size: Int)] = [
        ("corner3x3", 19683), ("corner2x5", 59049), ("edge2x", 59049),
        ("line2", 6561), ("line3", 6561), ("line4", 6561),
        ("diagonal8", 6561), ("diagonal7", 2187), ("diagonal6", 729), ("diagonal5", 243), ("diagonal4", 81),
        ("mobility", 64), ("bias", 1),
    ]

    /// Start of each shape's table within a stage's weights.
    package static let offsets: [Int] = {
        var o: [Int] = [], sum = 0
        for s in shapes { o.append(sum); sum += s.size }
        return o
    }()
    /// Weights of one stage.
    package static let stageSize = shapes.reduce(0) { $0 + $1.size }
    /// Features (table entries summed) of every position.
    package static let featureCount = 4 + 8 + 4 + 12 + 2 + 16 + 2 + 1

    /// Stages by empties: stage s covers `stageEmpties[s]` and up (below the next one); the
    /// generated file says where its weight sets start.
    package static let stageEmpties = PatternWeights.stageEmpties
    package static let stageCount = stageEmpties.count
    /// [empties] -> stage.
    nonisolated(unsafe) package static var stageOf: UnsafeMutablePointer<Int> = stageTable(stageEmpties)

    package static func stageTable(_ starts: [Int]) -> UnsafeMutablePointer<Int> {
        let t = UnsafeMutablePointer<Int>.allocate(capacity: 65)
        for e in 0...64 { t[e] = stage(empties: e, starts) }
        return t
    }

    package static func stage(empties: Int, _ starts: [Int] = stageEmpties) -> Int {
        var s = 0
        while s + 1 < starts.count && starts[s + 1] <= empties { s += 1 }
        return s
    }

    /// [bits] -> the base-3 number with digit 1 where a bit is set (10 bits at most).
    nonisolated(unsafe) static let ternary: UnsafeMutablePointer<Int32> = {
        let t = UnsafeMutablePointer<Int32>.allocate(capacity: 1024)
        for x in 0..<1024 {
            var v: Int32 = 0, power: Int32 = 1
            for b in 0..<10 {
                if x >> b & 1 != 0 { v += power }
                power *= 3
            }
            t[x] = v
        }
        return t
    }()

    // MARK: symmetries (a1 = bit 0, h1 = bit 7, a8 = bit 56)

    @inline(__always)
    static func flipVertical(_ x: UInt64) -> UInt64 { x.byteSwapped }

    @inline(__always)
    static func flipHorizontal(_ x: UInt64) -> UInt64 {
        var x = x
        x = ((x >> 1) & 0x5555_5555_5555_5555) | ((x & 0x5555_5555_5555_5555) << 1)
        x = ((x >> 2) & 0x3333_3333_3333_3333) | ((x & 0x3333_3333_3333_3333) << 2)
        x = ((x >> 4) & 0x0F0F_0F0F_0F0F_0F0F) | ((x & 0x0F0F_0F0F_0F0F_0F0F) << 4)
        return x
    }

    /// Mirror in the a1-h8 diagonal (chessprogramming.org, flipDiagA1H8).
    @inline(__always)
    static func transpose(_ x: UInt64) -> UInt64 {
        var x = x, t: UInt64
        t = 0x0F0F_0F0F_0000_0000 & (x ^ (x << 28)); x ^= t ^ (t >> 28)
        t = 0x3333_0000_3333_0000 & (x ^ (x << 14)); x ^= t ^ (t >> 14)
        t = 0x5500_5500_5500_5500 & (x ^ (x << 7)); x ^= t ^ (t >> 7)
        return x
    }

    // MARK: extraction

    @inline(__always)
    static func cell(_ t: UnsafeMutablePointer<Int32>, _ p: UInt64, _ o: UInt64) -> Int32 {
        t[Int(truncatingIfNeeded: p)] &+ 2 &* t[Int(truncatingIfNeeded: o)]
    }

    /// The a1 corner 3x3 (a1-c3) as 9 bits.
    @inline(__always)
    static func corner3x3Bits(_ x: UInt64) -> UInt64 { (x & 7) | ((x >> 5) & 0x38) | ((x >> 10) & 0x1C0) }
    /// a1-e1 and a2-e2 as 10 bits.
    @inline(__always)
    static func corner2x5Bits(_ x: UInt64) -> UInt64 { (x & 0x1F) | ((x >> 3) & 0x3E0) }
    /// Rank 1 with b2 and g2 as 10 bits.
    @inline(__always)
    static func edgeBits(_ x: UInt64) -> UInt64 { (x & 0xFF) | ((x >> 1) & 0x100) | ((x >> 5) & 0x200) }
    /// The diagonal from (file k, rank 1) up to the h-file, as 8 - k bits.
    @inline(__always)
    static func diagonalBits(_ x: UInt64, _ k: UInt64) -> UInt64 {
        // the a1-h8 diagonal moved k files right, without the squares that wrapped round
        let m = (0x8040_2010_0804_0201 as UInt64) << k & (k == 0 ? ~0 : (UInt64(1) << (8 * (8 - k))) &- 1)
        return ((x & m) &* 0x0101_0101_0101_0101) >> (56 + k)
    }

    /// Table starts (literal, for the hot path; a test checks them against `offsets`).
    static let corner3x3At = 0, corner2x5At = 19683, edgeAt = 78732, line2At = 137781, diagonal8At = 157464
    static let diagonal7At = 164025, diagonal6At = 166212, diagonal5At = 166941, diagonal4At = 167184
    static let mobilityAt = 167265, biasAt = 167329
    /// One stage's weights (= stageSize, as a literal for the hot path).
    static let stageStride = 167330

    /// The features of one symmetric image (a, b) of the position: the shapes seen in its
    /// a1 corner, rank 1 (and ranks 2-4), a1-h8 diagonal, b1-h7 diagonal and its shorter ones.
    @inline(__always)
    static func imageFeatures(_ a: UInt64, _ b: UInt64, corner3x3: Bool, edge: Bool, diagonal8: Bool,
                              diagonals: Bool, _ t: UnsafeMutablePointer<Int32>, _ body: (Int) -> Void) {
        if corner3x3 { body(corner3x3At + Int(cell(t, corner3x3Bits(a), corner3x3Bits(b)))) }
        body(corner2x5At + Int(cell(t, corner2x5Bits(a), corner2x5Bits(b))))
        if edge {
            body(edgeAt + Int(cell(t, edgeBits(a), edgeBits(b))))
            body(line2At + Int(cell(t, (a >> 8) & 0xFF, (b >> 8) & 0xFF)))
            body(line2At + 6561 + Int(cell(t, (a >> 16) & 0xFF, (b >> 16) & 0xFF)))
            body(line2At + 2 * 6561 + Int(cell(t, (a >> 24) & 0xFF, (b >> 24) & 0xFF)))
        }
        if diagonal8 { body(diagonal8At + Int(cell(t, diagonalBits(a, 0), diagonalBits(b, 0)))) }
        if diagonals {
            body(diagonal7At + Int(cell(t, diagonalBits(a, 1), diagonalBits(b, 1))))
            body(diagonal6At + Int(cell(t, diagonalBits(a, 2), diagonalBits(b, 2))))
            body(diagonal5At + Int(cell(t, diagonalBits(a, 3), diagonalBits(b, 3))))
            body(diagonal4At + Int(cell(t, diagonalBits(a, 4), diagonalBits(b, 4))))
        }
    }

    /// Calls `body(index)` with the weight index (within a stage) of every feature of (p, o):
    /// each shape in every symmetric image of the board where it is a distinct instance.
    @inline(__always)
    static func forEachFeature(_ p: UInt64, _ o: UInt64, _ t: UnsafeMutablePointer<Int32>, _ body: (Int) -> Void) {
        let ph = flipHorizontal(p), oh = flipHorizontal(o)
        let pt = transpose(p), ot = transpose(o)
        let pth = flipHorizontal(pt), oth = flipHorizontal(ot)
        // identity: corner a1, rank 1 (ranks 2-4), a1-h8, b1-h7 (and c1-h6 ... e1-h4)
        imageFeatures(p, o, corner3x3: true, edge: true, diagonal8: true, diagonals: true, t, body)
        // mirrored files: corner h1, h1-a8, g1-a7
        imageFeatures(ph, oh, corner3x3: true, edge: false, diagonal8: true, diagonals: true, t, body)
        // mirrored ranks: corner a8, rank 8, b8-h2
        imageFeatures(flipVertical(p), flipVertical(o), corner3x3: true, edge: true, diagonal8: false,
                      diagonals: true, t, body)
        imageFeatures(flipVertical(ph), flipVertical(oh), corner3x3: true, edge: false, diagonal8: false,
                      diagonals: false, t, body)
        // transposed: file a, a2-g8, and the 2x5 corners the other way round; file h
        imageFeatures(pt, ot, corner3x3: false, edge: true, diagonal8: false, diagonals: true, t, body)
        imageFeatures(pth, oth, corner3x3: false, edge: false, diagonal8: false, diagonals: false, t, body)
        imageFeatures(flipVertical(pt), flipVertical(ot), corner3x3: false, edge: true, diagonal8: false,
                      diagonals: false, t, body)
        imageFeatures(flipVertical(pth), flipVertical(oth), corner3x3: false, edge: false, diagonal8: false,
                      diagonals: false, t, body)
        let mp = Bitboard.moves(p, o).nonzeroBitCount, mo = Bitboard.moves(o, p).nonzeroBitCount
        body(mobilityAt + min(mp, 31))
        body(mobilityAt + 32 + min(mo, 31))
        body(biasAt)
    }

    /// The weight indices (within a stage) of the features of an 8x8 position (for training).
    package static func features(_ position: Position) -> [Int32] {
        var list: [Int32] = []
        list.reserveCapacity(featureCount)
        forEachFeature(position.player, position.opponent, ternary) { list.append(Int32($0)) }
        return list
    }

    /// The weights, [stage * stageSize + index], decoded once from the generated file (all 0
    /// when it holds none of this layout).
    nonisolated(unsafe) package static var weights: UnsafeMutablePointer<Int16> = {
        let total = stageCount * stageSize
        let w = UnsafeMutablePointer<Int16>.allocate(capacity: total)
        w.initialize(repeating: 0, count: total)
        if hasWeights { for i in 0..<total { w[i] = decoded![i] } }
        return w
    }()

    /// The generated file's values, decoded once.
    static let decoded: [Int16]? = WeightCoding.decode(PatternWeights.base64)

    /// true when the generated file holds weights of the current layout.
    nonisolated(unsafe) package static var hasWeights: Bool = decoded?.count == stageCount * stageSize

    /// Replaces the weights (and their stages) that searches created from now on use: for
    /// reversi-train, which measures a fit by the nodes it saves before writing it out.
    package static func install(stageEmpties starts: [Int], weights values: [Int16]) {
        precondition(values.count == starts.count * stageSize)
        let w = UnsafeMutablePointer<Int16>.allocate(capacity: values.count)
        for i in values.indices { w[i] = values[i] }
        weights = w
        stageOf = stageTable(starts)
        hasWeights = true
    }

    /// Value of (p, o) for the side to move, in `unitsPerDisc` units of disc difference, from
    /// forEachFeature (the search uses the faster `evaluate` of PatternEvaluation+Gather.swift).
    @inline(__always)
    static func evaluateReference(_ p: UInt64, _ o: UInt64, _ w: UnsafeMutablePointer<Int16>,
                                  _ t: UnsafeMutablePointer<Int32>, _ stageOf: UnsafeMutablePointer<Int>) -> Int {
        let empties = 64 - (p | o).nonzeroBitCount
        let base = w + stageOf[empties] * stageStride
        var s = 0
        forEachFeature(p, o, t) { s &+= Int(base[$0]) }
        return s
    }
}

/// The weights' text form: each Int16 zig-zag coded as a LEB128 varint, a run of zeros as a
/// 0 byte and the run's length (varint), the bytes in Base64 (RFC 4648, Foundation's). Most weights are
/// small or never seen in training (0), so this is about a third of plain Base64.
package enum WeightCoding {
    package static func encode(_ values: [Int16]) -> String {
        var bytes: [UInt8] = []
        func varint(_ v: Int) {
            var v = v
            while v >= 0x80 { bytes.append(UInt8(v & 0x7F | 0x80)); v >>= 7 }
            bytes.append(UInt8(v))
        }
        var i = 0
        while i < values.count {
            if values[i] == 0 {
                var run = 0
                while i < values.count && values[i] == 0 { run += 1; i += 1 }
                bytes.append(0)
                varint(run)
            } else {
                let v = Int(values[i])
                varint(v >= 0 ? 2 * v : -2 * v - 1)
                i += 1
            }
        }
        return Data(bytes).base64EncodedString()
    }

    package static func decode(_ text: String) -> [Int16]? {
        // the generated file breaks and indents the text; anything else outside Base64 is an error
        let compact = String(text.unicodeScalars.filter { $0 != "\n" && $0 != " " })
        guard let data = Data(base64Encoded: compact) else { return nil }
        let bytes = [UInt8](data)
        var values: [Int16] = []
        var k = 0
        func varint() -> Int? {
            var v = 0, shift = 0
            while k < bytes.count {
                let b = Int(bytes[k]); k += 1
                v |= (b & 0x7F) << shift
                if b < 0x80 { return v }
                shift += 7
                if shift > 28 { return nil }
            }
            return nil
        }
        while k < bytes.count {
            if bytes[k] == 0 {
                k += 1
                guard let run = varint() else { return nil }
                values.append(contentsOf: repeatElement(0, count: run))
            } else {
                guard let z = varint(), z <= 65535 else { return nil }
                values.append(Int16(truncatingIfNeeded: z & 1 == 0 ? z >> 1 : -(z >> 1) - 1))
            }
        }
        return values
    }
}
