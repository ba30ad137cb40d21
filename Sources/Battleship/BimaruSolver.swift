// BimaruSolver: all solutions of a Solitaire Battleships puzzle up to a cap, by placing ships
// largest first. Placements that contradict a given cell (wrong end, water, or a given ship
// cell in their no-touch halo) are dropped before the search; during it, a placement must fit
// the remaining row and column counts, ships of equal length are placed in increasing order
// (each grid found once), and every row and column must keep enough free cells for its count.

struct BimaruSolution: Sendable {
    /// Solutions found, at most the cap.
    var count: Int
    /// The first solution's ship cells (row-major bits).
    var first: UInt128?
    /// Every solution found (at most the cap), in search order: the generator looks at where
    /// a second solution differs from the first.
    var grids: [UInt128] = []
    var nodes: UInt64
    var complete: Bool
}

struct BimaruSolver {
    struct Placement {
        var mask: UInt128
        /// The placement and its eight-neighbour ring: cells no other ship may use.
        var halo: UInt128
        var row: Int, col: Int, length: Int, vertical: Bool
    }

    let puzzle: BimaruPuzzle
    /// Valid placements per ship (fleet sorted by decreasing length).
    var options: [[Placement]] = []
    var lengths: [Int] = []
    var water: UInt128 = 0
    var mustShip: UInt128 = 0
    var rowMasks: [UInt128] = []
    var colMasks: [UInt128] = []

    init(_ puzzle: BimaruPuzzle) {
        self.puzzle = puzzle
        let w = puzzle.width, h = puzzle.height
        func bit(_ r: Int, _ c: Int) -> UInt128 { UInt128(1) << UInt128(r * w + c) }
        var hintAt: [Int: BimaruHint] = [:]
        for (cell, hint) in puzzle.hints {
            hintAt[cell] = hint
            if hint == .water { water |= UInt128(1) << UInt128(cell) } else { mustShip |= UInt128(1) << UInt128(cell) }
        }
        rowMasks = (0..<h).map { r in (0..<w).reduce(UInt128(0)) { $0 | bit(r, $1) } }
        colMasks = (0..<w).map { c in (0..<h).reduce(UInt128(0)) { $0 | bit($1, c) } }
        lengths = puzzle.fleet.sorted(by: >)
        var byLength: [Int: [Placement]] = [:]
        for length in Set(lengths) {
            var list: [Placement] = []
            for vertical in length == 1 ? [false] : [false, true] {
                for r in 0..<h {
                    for c in 0..<w {
                        if vertical ? r + length > h : c + length > w { continue }
                        var mask: UInt128 = 0, halo: UInt128 = 0
                        var fits = true
                        for k in 0..<length {
                            let (rr, cc) = vertical ? (r + k, c) : (r, c + k)
                            mask |= bit(rr, cc)
                            // The segment this cell would be, against the given hint.
                            if let hint = hintAt[rr * w + cc] {
                                let expected: BimaruHint = length == 1 ? .single
                                    : k == 0 ? (vertical ? .top : .left)
                                    : k == length - 1 ? (vertical ? .bottom : .right) : .middle
                                if hint != expected && hint != .ship { fits = false }
                            }
                        }
                        for dr in -1...(vertical ? length : 1) {
                            for dc in -1...(vertical ? 1 : length) {
                                let rr = r + dr, cc = c + dc
                                if rr >= 0 && rr < h && cc >= 0 && cc < w { halo |= bit(rr, cc) }
                            }
                        }
                        if !fits || mask & water != 0 || (halo & ~mask) & mustShip != 0 { continue }
                        // Counts: a horizontal ship needs `length` in its row, 1 in each column.
                        if vertical {
                            if puzzle.colSums[c] < length { continue }
                            if (r..<(r + length)).contains(where: { puzzle.rowSums[$0] < 1 }) { continue }
                        } else {
                            if puzzle.rowSums[r] < length { continue }
                            if (c..<(c + length)).contains(where: { puzzle.colSums[$0] < 1 }) { continue }
                        }
                        list.append(Placement(mask: mask, halo: halo, row: r, col: c, length: length, vertical: vertical))
                    }
                }
            }
            byLength[length] = list
        }
        options = lengths.map { byLength[$0] ?? [] }
    }

    /// Solutions up to `cap`. `shouldStop` is asked every few thousand nodes.
    func solve(cap: Int, shouldStop: ((UInt64) -> Bool)? = nil) -> BimaruSolution {
        var state = SearchState(rowNeed: puzzle.rowSums, colNeed: puzzle.colSums)
        let fleetCells = lengths.reduce(0, +)
        if puzzle.rowSums.reduce(0, +) != fleetCells || puzzle.colSums.reduce(0, +) != fleetCells
            || puzzle.rowSums.contains(where: { $0 < 0 }) || puzzle.colSums.contains(where: { $0 < 0 }) {
            return BimaruSolution(count: 0, first: nil, grids: [], nodes: 0, complete: true)
        }
        search(0, start: 0, occupied: 0, blocked: 0, state: &state, cap: cap, shouldStop: shouldStop)
        return BimaruSolution(count: state.found, first: state.first, grids: state.grids, nodes: state.nodes, complete: !state.stopped)
    }

    struct SearchState {
        var rowNeed: [Int]
        var colNeed: [Int]
        var found = 0
        var first: UInt128?
        var grids: [UInt128] = []
        var nodes: UInt64 = 0
        var stopped = false
    }

    func search(_ i: Int, start: Int, occupied: UInt128, blocked: UInt128, state: inout SearchState, cap: Int,
                shouldStop: ((UInt64) -> Bool)?) {
        assert(invariantsHold(occupied: occupied, blocked: blocked, state))
        if i == lengths.count {
            if mustShip & ~occupied == 0 {
                state.found += 1
                if state.first == nil { state.first = occupied }
                state.grids.append(occupied)
            }
            return
        }
        let list = options[i]
        // Equal lengths in increasing placement order: each grid once.
        let from = i > 0 && lengths[i - 1] == lengths[i] ? start : 0
        var k = from
        while k < list.count {
            defer { k += 1 }
            if state.found >= cap || state.stopped { return }
            let p = list[k]
            if p.mask & blocked != 0 { continue }
            state.nodes &+= 1
            if state.nodes & 4095 == 0, let shouldStop, shouldStop(4096) { state.stopped = true; return }
            if p.vertical {
                if state.colNeed[p.col] < p.length { continue }
                var ok = true
                for r in p.row..<(p.row + p.length) where state.rowNeed[r] < 1 { ok = false; break }
                if !ok { continue }
                state.colNeed[p.col] -= p.length
                for r in p.row..<(p.row + p.length) { state.rowNeed[r] -= 1 }
            } else {
                if state.rowNeed[p.row] < p.length { continue }
                var ok = true
                for c in p.col..<(p.col + p.length) where state.colNeed[c] < 1 { ok = false; break }
                if !ok { continue }
                state.rowNeed[p.row] -= p.length
                for c in p.col..<(p.col + p.length) { state.colNeed[c] -= 1 }
            }
            let nowBlocked = blocked | p.halo
            // Every row and column must keep room for what it still needs.
            let free = ~nowBlocked & ~water
            var feasible = true
            for r in 0..<puzzle.height where state.rowNeed[r] > (free & rowMasks[r]).nonzeroBitCount { feasible = false; break }
            if feasible {
                for c in 0..<puzzle.width where state.colNeed[c] > (free & colMasks[c]).nonzeroBitCount { feasible = false; break }
            }
            // Given ship cells not yet covered must stay free.
            if feasible && mustShip & ~(occupied | p.mask) & nowBlocked != 0 { feasible = false }
            if feasible {
                search(i + 1, start: k + 1, occupied: occupied | p.mask, blocked: nowBlocked, state: &state, cap: cap, shouldStop: shouldStop)
            }
            if p.vertical {
                state.colNeed[p.col] += p.length
                for r in p.row..<(p.row + p.length) { state.rowNeed[r] += 1 }
            } else {
                state.rowNeed[p.row] += p.length
                for c in p.col..<(p.col + p.length) { state.colNeed[c] += 1 }
            }
        }
    }
}
