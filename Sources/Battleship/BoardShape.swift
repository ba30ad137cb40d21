// BoardShape: a W x H board of at most 128 cells as UInt128 bitboards (cell = row * W + col,
// row 0 on top), cell names like `e5` (column letter, row number from 1), and the board's
// symmetries (4 for a rectangle, 8 for a square) as cell permutations.

struct BoardShape: Sendable, Hashable {
    let width: Int
    let height: Int
    var cellCount: Int { width * height }

    /// Largest board the bitboards hold.
    static let maxCells = 128

    init?(width: Int, height: Int) {
        guard width >= 1, height >= 1, width <= 26, height <= 99, width * height <= BoardShape.maxCells else { return nil }
        self.width = width
        self.height = height
    }

    @inline(__always) func cell(col: Int, row: Int) -> Int { row * width + col }

    /// `e5`: column letter, then the 1-based row number.
    func name(of cell: Int) -> String {
        let col = cell % width, row = cell / width
        return String(UnicodeScalar(UInt8(97 + col))) + String(row + 1)
    }

    /// The cell a name like `e5` or `E5` denotes, or nil.
    func cell(named text: Substring) -> Int? {
        guard let first = text.unicodeScalars.first, first.isASCII else { return nil }
        let lower = first.properties.lowercaseMapping.unicodeScalars.first!.value
        guard lower >= 97, lower < 97 + UInt32(width) else { return nil }
        let digits = text.dropFirst()
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let row = Int(digits),
              row >= 1, row <= height else { return nil }
        return cell(col: Int(lower - 97), row: row - 1)
    }

    @inline(__always) func bit(_ cell: Int) -> UInt128 { UInt128(1) << UInt128(cell) }

    var fullMask: UInt128 {
        cellCount == 128 ? ~UInt128(0) : (UInt128(1) << UInt128(cellCount)) - 1
    }

    /// Every symmetry of the board as a permutation of cells (identity first).
    var symmetries: [[Int]] {
        var maps: [(Int, Int) -> (Int, Int)] = [
            { c, r in (c, r) },
            { c, r in (self.width - 1 - c, r) },
            { c, r in (c, self.height - 1 - r) },
            { c, r in (self.width - 1 - c, self.height - 1 - r) },
        ]
        if width == height {
            maps += [
                { c, r in (r, c) },
                { c, r in (self.width - 1 - r, c) },
                { c, r in (r, self.height - 1 - c) },
                { c, r in (self.width - 1 - r, self.height - 1 - c) },
            ]
        }
        return maps.map { f in
            (0..<cellCount).map { cell in
                let (c, r) = f(cell % width, cell / width)
                return self.cell(col: c, row: r)
            }
        }
    }

    /// The image of a bitboard under a cell permutation.
    func apply(_ perm: [Int], to mask: UInt128) -> UInt128 {
        var out: UInt128 = 0
        var m = mask
        while m != 0 {
            let c = m.trailingZeroBitCount
            out |= bit(perm[c])
            m &= m &- 1
        }
        return out
    }
}
