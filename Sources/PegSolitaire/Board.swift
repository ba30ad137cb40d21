// The board: its holes, their names, and the jump table derived from the lattice geometry.

/// Which lattice the holes sit on. Square boards jump orthogonally (optionally diagonally),
/// triangular boards jump in the six directions of the hexagonal lattice.
enum Lattice: String, Sendable {
    case square, triangular
}

/// One jump: the peg on `from` jumps over `over` into the empty hole `to`.
struct Jump: Sendable, Hashable {
    var from: Int
    var over: Int
    var to: Int
    /// Bits of `from` and `over` (must be pegs).
    var need: UInt64
    /// Bits of `from`, `over` and `to`: a legal jump flips exactly these.
    var flip: UInt64
}

/// A board: up to 64 holes; position bit `i` is hole `i` (holes in reading order).
struct Board: Sendable {
    let lattice: Lattice
    let diagonal: Bool
    /// Hole coordinates: `row` from the top, `col` the column (square) or the doubled
    /// x coordinate of the drawing (triangular: neighbours are 2 apart in a row).
    let rows: [Int]
    let cols: [Int]
    let names: [String]
    let jumps: [Jump]
    /// `jumpsFrom[i]`: indices into `jumps` of the jumps whose peg starts on hole i.
    let jumpsFrom: [[Int]]
    var holeCount: Int { rows.count }
    /// All holes as a bitmask.
    var allHoles: UInt64 { holeCount == 64 ? ~0 : (UInt64(1) << UInt64(holeCount)) - 1 }

    /// Build the geometry from hole coordinates (already in reading order).
    init(lattice: Lattice, diagonal: Bool, rows: [Int], cols: [Int]) {
        self.lattice = lattice
        self.diagonal = diagonal && lattice == .square
        self.rows = rows
        self.cols = cols
        var index: [Coordinate: Int] = [:]
        for i in rows.indices { index[Coordinate(rows[i], cols[i])] = i }
        let minCol = cols.min() ?? 0
        let minRow = rows.min() ?? 0
        var names: [String] = []
        for i in rows.indices {
            switch lattice {
            case .square: names.append(Board.columnName(cols[i] - minCol) + String(rows[i] - minRow + 1))
            case .triangular: names.append(String(i + 1))
            }
        }
        self.names = names
        var jumps: [Jump] = []
        var jumpsFrom = [[Int]](repeating: [], count: rows.count)
        for i in rows.indices {
            for (dr, dc) in Board.directions(lattice, diagonal: self.diagonal) {
                guard let over = index[Coordinate(rows[i] + dr, cols[i] + dc)],
                      let to = index[Coordinate(rows[i] + 2 * dr, cols[i] + 2 * dc)] else { continue }
                let need = (UInt64(1) << UInt64(i)) | (UInt64(1) << UInt64(over))
                jumpsFrom[i].append(jumps.count)
                jumps.append(Jump(from: i, over: over, to: to, need: need, flip: need | (UInt64(1) << UInt64(to))))
            }
        }
        self.jumps = jumps
        self.jumpsFrom = jumpsFrom
    }

    /// Unit steps between neighbouring holes.
    static func directions(_ lattice: Lattice, diagonal: Bool) -> [(Int, Int)] {
        switch lattice {
        case .square:
            let orthogonal = [(0, 1), (1, 0), (0, -1), (-1, 0)]
            return diagonal ? orthogonal + [(1, 1), (1, -1), (-1, 1), (-1, -1)] : orthogonal
        case .triangular:
            return [(0, 2), (1, 1), (1, -1), (0, -2), (-1, -1), (-1, 1)]
        }
    }

    /// a, b, ..., z, aa, ab, ... like spreadsheet columns (boards wider than 26 are unusual).
    static func columnName(_ c: Int) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        if c < 26 { return String(letters[c]) }
        return columnName(c / 26 - 1) + String(letters[c % 26])
    }

    /// Hole index of a name (`d4`, or `13` on a triangle), or nil.
    func hole(named name: String) -> Int? {
        names.firstIndex(of: name.lowercased())
    }

    /// Number of pegs.
    static func pegs(_ p: UInt64) -> Int { p.nonzeroBitCount }

    /// The positions reached by one jump from `p`.
    func children(_ p: UInt64) -> [(jump: Int, position: UInt64)] {
        var out: [(Int, UInt64)] = []
        for (j, jump) in jumps.enumerated() where p & jump.flip == jump.need {
            out.append((j, p ^ jump.flip))
        }
        return out
    }

    /// Whether any jump is legal.
    func hasMove(_ p: UInt64) -> Bool {
        for jump in jumps where p & jump.flip == jump.need { return true }
        return false
    }
}

struct Coordinate: Hashable {
    var row: Int
    var col: Int
    init(_ row: Int, _ col: Int) { self.row = row; self.col = col }
}
