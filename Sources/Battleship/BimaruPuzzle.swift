// BimaruPuzzle: a Solitaire Battleships puzzle (row and column ship counts, a fleet, given
// cells; ships straight and never touching, not even at a corner), and an independent checker
// that reads a solved grid back into ships and tests every rule.

enum BimaruHint: Character, Sendable, Hashable {
    case water = "w", single = "c", middle = "m", top = "t", bottom = "b", left = "l", right = "r", ship = "s"
}

struct BimaruPuzzle: Sendable {
    var name: String
    var width: Int
    var height: Int
    var fleet: [Int]
    var rowSums: [Int]
    var colSums: [Int]
    var hints: [(cell: Int, hint: BimaruHint)]
    /// The line the puzzle starts on in its file.
    var line = 1
    /// The puzzle's lines of the file (one CSPLib line, or the readable grid), which parse back alone.
    var text = ""

    init(name: String, width: Int, height: Int, fleet: [Int], rowSums: [Int], colSums: [Int],
                hints: [(cell: Int, hint: BimaruHint)]) {
        self.name = name; self.width = width; self.height = height; self.fleet = fleet
        self.rowSums = rowSums; self.colSums = colSums; self.hints = hints
    }

    /// Rows of `#` (ship) and `.` (water) for a set of ship cells.
    func rows(_ ships: UInt128) -> [String] {
        (0..<height).map { r in
            String((0..<width).map { c in ships >> UInt128(r * width + c) & 1 != 0 ? "#" : "." })
        }
    }

    /// Whether `ships` solves the puzzle: counts, hints, fleet, straight ships, no touching.
    /// Written apart from the solver: it finds the ships as connected groups of cells.
    func check(_ ships: UInt128) -> Bool {
        func on(_ r: Int, _ c: Int) -> Bool {
            r >= 0 && r < height && c >= 0 && c < width && ships >> UInt128(r * width + c) & 1 != 0
        }
        for r in 0..<height where (0..<width).filter({ on(r, $0) }).count != rowSums[r] { return false }
        for c in 0..<width where (0..<height).filter({ on($0, c) }).count != colSums[c] { return false }
        // Ships: maximal runs; a ship cell with a diagonal neighbour, or with both a horizontal
        // and a vertical neighbour, breaks the rules.
        var lengths: [Int] = []
        for r in 0..<height {
            for c in 0..<width where on(r, c) {
                for (dr, dc) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] where on(r + dr, c + dc) { return false }
                let horizontal = on(r, c - 1) || on(r, c + 1), vertical = on(r - 1, c) || on(r + 1, c)
                if horizontal && vertical { return false }
                if !on(r, c - 1) && !on(r - 1, c) {
                    var n = 1
                    if horizontal { while on(r, c + n) { n += 1 } } else { while on(r + n, c) { n += 1 } }
                    lengths.append(n)
                }
            }
        }
        if lengths.sorted() != fleet.sorted() { return false }
        for (cell, hint) in hints {
            let r = cell / width, c = cell % width
            let here = on(r, c)
            let expected: Bool
            switch hint {
            case .water: expected = !here
            case .ship: expected = here
            case .single: expected = here && !on(r - 1, c) && !on(r + 1, c) && !on(r, c - 1) && !on(r, c + 1)
            case .top: expected = here && !on(r - 1, c) && on(r + 1, c)
            case .bottom: expected = here && on(r - 1, c) && !on(r + 1, c)
            case .left: expected = here && !on(r, c - 1) && on(r, c + 1)
            case .right: expected = here && on(r, c - 1) && !on(r, c + 1)
            case .middle: expected = here && ((on(r - 1, c) && on(r + 1, c)) || (on(r, c - 1) && on(r, c + 1)))
            }
            if !expected { return false }
        }
        return true
    }
}
