// The symmetry group of a rule set (board maps computed from its lines, times the 384 piece maps)
// and the canonical form of a position under the whole group.

/// Board maps: the square permutations that map the set of lines onto itself (found by a
/// backtracking search over square images), 32 for classic, 8 for squares. Piece maps: the 384
/// maps that permute the four attributes and complement any of them; they are not enumerated:
/// the canonical form normalises them away directly (see `canonicalKey`).
final class SymmetryGroup: @unchecked Sendable {
    let rules: RuleSet
    /// Square images of each board map (identity first): square s goes to `boardMaps[g][s]`.
    let boardMaps: [[Int]]
    /// `maskTable[g * 512 + b]` maps the low byte b of a square mask, `[g * 512 + 256 + b]` the high byte.
    let maskTable: UnsafeMutablePointer<UInt16>

    static let pieceMapCount = 384
    var order: Int { boardMaps.count * SymmetryGroup.pieceMapCount }

    init(rules: RuleSet) {
        self.rules = rules
        let maps = SymmetryGroup.boardMaps(lines: rules.lines)
        boardMaps = maps
        maskTable = .allocate(capacity: maps.count * 512)
        for (g, img) in maps.enumerated() {
            for b in 0..<256 {
                var lo: UInt16 = 0, hi: UInt16 = 0
                for i in 0..<8 where b >> i & 1 == 1 {
                    lo |= UInt16(1) << img[i]
                    hi |= UInt16(1) << img[i + 8]
                }
                maskTable[g * 512 + b] = lo
                maskTable[g * 512 + 256 + b] = hi
            }
        }
    }

    deinit { maskTable.deallocate() }

    /// Every permutation of the 16 squares that maps each line to a line. Backtracking: squares
    /// get images in order; a partial map survives only while the images of the assigned squares
    /// of every line lie together in some line.
    static func boardMaps(lines: [UInt16]) -> [[Int]] {
        var img = [Int](repeating: -1, count: 16)
        var used: UInt16 = 0
        var found: [[Int]] = []
        func consistent(upTo s: Int) -> Bool {
            for l in lines where l >> s & 1 == 1 {
                var image: UInt16 = 0
                var m = l
                while m != 0 {
                    let t = m.trailingZeroBitCount
                    m &= m - 1
                    if img[t] >= 0 { image |= UInt16(1) << img[t] }
                }
                if !lines.contains(where: { $0 & image == image }) { return false }
            }
            return true
        }
        func extend(_ s: Int) {
            if s == 16 { found.append(img); return }
            for t in 0..<16 where used >> t & 1 == 0 {
                img[s] = t
                used |= UInt16(1) << t
                if consistent(upTo: s) { extend(s + 1) }
                used &= ~(UInt16(1) << t)
                img[s] = -1
            }
        }
        extend(0)
        // identity first
        if let i = found.firstIndex(of: Array(0..<16)), i != 0 { found.swapAt(0, i) }
        return found
    }

    @inline(__always) func map(_ mask: UInt16, _ g: Int) -> UInt16 {
        maskTable[g &* 512 &+ Int(mask & 0xFF)] | maskTable[g &* 512 &+ 256 &+ Int(mask >> 8)]
    }

    /// The canonical key of (board, piece in hand) under the whole group: for each board map, the
    /// piece maps are normalised away by complementing attributes so that the first piece (lowest
    /// occupied square, else the piece in hand) becomes `tdsh`, then sorting the four attribute
    /// columns; the key is the least over the board maps. 85 bits: hand flag, occupied mask,
    /// four 17-bit columns (16 squares and the hand).
    func canonicalKey(_ board: Board, hand: Int?) -> UInt128 {
        canonicalKey(occupied: board.occupied, attributes: board.attributes, hand: hand ?? -1)
    }

    func canonicalKey(occupied: UInt16, attributes: UInt64, hand: Int) -> UInt128 {
        var best = UInt128.max
        let handFlag: UInt128 = hand >= 0 ? UInt128(1) << 84 : 0
        let h = hand >= 0 ? UInt32(hand) : 0
        for g in 0..<boardMaps.count {
            let o = map(occupied, g)
            var c0 = UInt32(map(UInt16(truncatingIfNeeded: attributes), g)) | (h & 1) << 16
            var c1 = UInt32(map(UInt16(truncatingIfNeeded: attributes >> 16), g)) | (h >> 1 & 1) << 16
            var c2 = UInt32(map(UInt16(truncatingIfNeeded: attributes >> 32), g)) | (h >> 2 & 1) << 16
            var c3 = UInt32(map(UInt16(truncatingIfNeeded: attributes >> 48), g)) | (h >> 3 & 1) << 16
            // complement so the first element becomes 0; the column of all elements is `full`
            let full = UInt32(o) | (hand >= 0 ? 0x10000 : 0)
            let first = full & (0 &- full)
            if c0 & first != 0 { c0 ^= full }
            if c1 & first != 0 { c1 ^= full }
            if c2 & first != 0 { c2 ^= full }
            if c3 & first != 0 { c3 ^= full }
            // sort descending (a 5-comparator network)
            if c0 < c1 { swap(&c0, &c1) }
            if c2 < c3 { swap(&c2, &c3) }
            if c0 < c2 { swap(&c0, &c2) }
            if c1 < c3 { swap(&c1, &c3) }
            if c1 < c2 { swap(&c1, &c2) }
            let key = handFlag | UInt128(o) << 68 | UInt128(c0) << 51 | UInt128(c1) << 34 | UInt128(c2) << 17 | UInt128(c3)
            if key < best { best = key }
        }
        return best
    }
}
