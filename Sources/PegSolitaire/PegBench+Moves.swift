// `perfectplay bench peg-triangle-moves`, `peg-english-moves`, `peg-french-moves`: fewest
// moves by the bidirectional search over moves, every solution replayed.
import SolverKit

extension PegBench {
    /// Fewest moves over every problem "one vacancy -> one peg" of the triangle of side n:
    /// all single vacancies are starts and all single pegs finishes of one search (published:
    /// OEIS A127500, Bell, JIS 11, 2008).
    static let triangleMoves: [Int: Int] = [4: 5, 5: 9, 6: 9, 7: 12, 8: 13, 9: 16, 10: 18]

    /// Both sides' tables stop at `byteLimit` (the row then gives the lower bound reached).
    static let moveSearchByteLimit = 3 << 30

    /// The larger published triangles stop after this many CPU seconds too.
    static let triangleSecondsLimit = 1800.0

    /// Fewest moves over every problem "one vacancy -> one peg" of the triangle of side n. The
    /// pilot beam search (`FewestMoves+Pilot.swift`) finds a solution of U moves, replayed; the
    /// bidirectional searches bounded by L, L + 1, ..., U - 1 moves (`MoveSearch`, Merson
    /// regions) then find a shorter one or show that none exists, so U is the fewest. Stopped
    /// by `byteLimit` or `seconds` (CPU), the row gives the bracket reached.
    static func triangleRow(side n: Int, threads: Int, byteLimit: Int = moveSearchByteLimit, seconds: Double? = nil,
                            log: @escaping (String) -> Void) -> BenchRow {
        let board = triangle(side: n, vacancy: 1).board
        let holes = (0..<board.holeCount).map { UInt64(1) << UInt64($0) }
        let starts = holes.map { board.allHoles & ~$0 }
        let pilot = trianglePilot(board, log: log)
        let (upper, pilotWall, pilotCPU) = timed { pilot.solve() }
        let upperMoves = replaysToOnePeg(board, upper.jumps, from: upper.start, moves: upper.moves) ? upper.moves : nil
        let search = MoveSearch(board: board, starts: starts, finishes: holes, symmetries: board.automorphisms(), threads: threads)
        search.log = log
        search.byteLimit = byteLimit
        if let seconds {
            // CPU time, so that the bound reached does not depend on the machine's load.
            let deadline = processCPUSeconds() + seconds
            search.shouldStop = { processCPUSeconds() > deadline }
        }
        // Bounds L, L + 1, ..., U - 1 (MoveSearch+Deepening.swift); without a pilot solution, unbounded.
        let (r, wall, cpu) = timed { upperMoves.map { search.solveDeepening(through: $0 - 1) } ?? search.solve() }
        // The fewest: a shorter solution a bounded search met, or the pilot's when the searches
        // showed none within U - 1.
        var moves: Int? = nil, start: UInt64 = 0, jumps: [Int] = []
        if replaysToOnePeg(board, r.jumps, from: r.start, moves: r.moves) {
            (moves, start, jumps) = (r.moves, r.start, r.jumps)
        } else if let u = upperMoves, r.moves == nil, r.movesAtLeast >= u {
            (moves, start, jumps) = (u, upper.start, upper.jumps)
        }
        let published: JSON = triangleMoves[n].map { .int($0) } ?? .null
        let stoppedBy = seconds.map { cpu >= $0 } == true ? "time" : "memory"
        let value: JSON = moves.map { JSON.int($0) }
            ?? .string("\(r.movesAtLeast)..\(upperMoves.map(String.init) ?? "?") (\(stoppedBy) bound)")
        // Which bounds were searched: from the Merson bound at the starts to the last one.
        let first = search.startBound
        let proof = r.moves.map { "bounds \(first)..\($0): met within \($0)" }
            ?? (r.movesAtLeast - 1 < first ? "Merson bound at the starts: \(first)"
                : "bounds \(first)..\(r.movesAtLeast - 1): none" + (moves == nil ? ", then stopped" : ""))
        let end = board.replay(jumps, from: start)
        return BenchRow("triangle-\(n)", [
            ("moves", value), ("published", published), ("ok", .bool(moves != nil && moves == triangleMoves[n])),
            ("vacancy", .string(moves == nil ? "-" : board.names[(board.allHoles & ~start).trailingZeroBitCount])),
            ("finish", .string(moves == nil ? "-" : end.map { board.names[$0.trailingZeroBitCount] } ?? "-")),
            ("solution", .string(board.moveStrings(jumps).joined(separator: " "))),
            ("pilot", upperMoves.map { JSON.int($0) } ?? .null), ("proof", .string(proof)),
            ("depths", .string(r.forwardLevels.isEmpty ? "-" : "\(r.forwardLevels.count - 1)+\(r.backwardLevels.count - 1)" + (r.levelsPastBound > 0 ? " +\(r.levelsPastBound) past the bound" : ""))),
            ("nodes", JSON(r.children &+ upper.children)), ("peakMB", .int(r.peakBytes >> 20)),
            ("seconds", JSON(wall + pilotWall)), ("cpuSeconds", JSON(cpu + pilotCPU)),
        ])
    }


    /// Fewest moves of one start/finish pair per orbit of the board's symmetries (a move count
    /// is kept by a symmetry, not by the complement duality: reversed, a chain is no chain).
    struct PairMoves {
        var moves: Int?
        var impossible = false
        var atLeast = 0
        /// Moves of a known solution (an upper bound while the fewest are not decided).
        var atMost: Int? = nil
        var jumps: [Int] = []
        var nodes: UInt64 = 0
        var seconds = 0.0
    }

    static func pairRepresentative(_ s: Int, _ f: Int, _ perms: [[Int]]) -> (Int, Int) {
        perms.map { ($0[s], $0[f]) }.min { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }!
    }

    /// Fewest moves for `pairs` (start vacancy, finish hole), one search per orbit; every
    /// solution is replayed (a pair whose solution does not replay is left undecided).
    static func fewestMovesTable(board: Board, pairs: [(Int, Int)], threads: Int, byteLimit: Int = moveSearchByteLimit,
                                 log: @escaping (String) -> Void) -> [[PairMoves?]] {
        let n = board.holeCount
        let perms = board.automorphisms()
        var table = [[PairMoves?]](repeating: [PairMoves?](repeating: nil, count: n), count: n)
        var done: [Int: PairMoves] = [:]
        for (s, f) in pairs {
            let (rs, rf) = pairRepresentative(s, f, perms)
            if let known = done[rs * n + rf] { table[s][f] = known; continue }
            let start = board.allHoles & ~(UInt64(1) << UInt64(rs))
            let search = MoveSearch(board: board, start: start, finish: rf, threads: threads)
            search.byteLimit = byteLimit
            search.log = { log("\(board.names[rs]) -> \(board.names[rf]): " + $0) }
            let (r, wall, _) = timed { search.solve() }
            var entry = PairMoves(atLeast: r.movesAtLeast, nodes: r.children, seconds: wall)
            if let m = r.moves, board.replay(r.jumps, from: start) == UInt64(1) << UInt64(rf), board.moveCount(r.jumps) == m {
                entry.moves = m
                entry.jumps = r.jumps
            }
            entry.impossible = r.impossible
            log("\(board.names[rs]) -> \(board.names[rf]): \(entry.moves.map(String.init) ?? (entry.impossible ? "impossible" : ">= \(entry.atLeast)")) moves, \(r.children) nodes, \(Int(wall)) s")
            done[rs * n + rf] = entry
            table[s][f] = entry
        }
        return table
    }

    /// Rows: one per orbit representative pair (with its replayed solution), then one per start.
    static func movesRows(board: Board, table: [[PairMoves?]]) -> [BenchRow] {
        let n = board.holeCount
        let perms = board.automorphisms()
        var rows: [BenchRow] = []
        for s in 0..<n {
            for f in 0..<n {
                guard let e = table[s][f], pairRepresentative(s, f, perms) == (s, f) else { continue }
                let moves: JSON = e.moves.map { JSON.int($0) }
                    ?? JSON.string(e.impossible ? "impossible" : "\(e.atLeast)-\(e.atMost.map(String.init) ?? "?") (memory bound)")
                rows.append(BenchRow("\(board.names[s])->\(board.names[f])", [
                    ("moves", moves), ("jumps", .int(e.jumps.count)), ("replayed", .bool(e.moves != nil)),
                    ("solution", .string(board.moveStrings(e.jumps).joined(separator: " "))),
                ] + (e.nodes > 0 ? [("nodes", JSON(e.nodes))] : []) + [("seconds", JSON(e.seconds))]))
            }
        }
        for s in 0..<n {
            let finishes = (0..<n).compactMap { f -> String? in
                guard let e = table[s][f], !e.impossible else { return nil }
                return "\(board.names[f]) \(e.moves.map(String.init) ?? "\(e.atLeast)-\(e.atMost.map(String.init) ?? "?")")"
            }
            rows.append(BenchRow(board.names[s], [("finishes (fewest moves)", .string(finishes.isEmpty ? "none" : finishes.joined(separator: ", ")))]))
        }
        return rows
    }

    static var moveSuites: [BenchSuite] {
        [
            BenchSuite(name: "peg-triangle-moves", summary: "Triangles n = 4..8: fewest moves over all one-vacancy -> one-peg problems (OEIS A127500): the pilot beam's solution, then none shorter by the Merson-bounded bidirectional search") { context in
                (4...8).map { n in triangleRow(side: n, threads: context.threads, log: { context.log($0) }) }
            },
        // n = 11 (66 holes, open: 19-28) is past the solver's 64-hole positions.
        ] + (9...10).map { n in
            BenchSuite(name: "peg-triangle-moves-\(n)",
                       summary: "Triangle n = \(n): fewest moves (OEIS A127500: \(triangleMoves[n]!)) as peg-triangle-moves, to a 3 GB bound (or --hash-mb, if larger) and 30 CPU minutes (or --time-limit)") { context in
                [triangleRow(side: n, threads: context.threads, byteLimit: max(moveSearchByteLimit, context.hashMB << 20),
                             seconds: context.timeLimit ?? triangleSecondsLimit, log: { context.log($0) })]
            }
        } + [
            BenchSuite(name: "peg-english-moves", summary: "English 33: fewest moves of every single-vacancy -> single-peg problem the position class allows") { context in
                let board = problem(english).board
                let classes = PositionClass(board: board)
                let pairs = (0..<board.holeCount).flatMap { s in
                    (0..<board.holeCount).filter { f in
                        classes.of(board.allHoles & ~(UInt64(1) << UInt64(s))) == classes.of(UInt64(1) << UInt64(f))
                    }.map { (s, $0) }
                }
                let (table, wall, cpu) = timed { fewestMovesTable(board: board, pairs: pairs, threads: context.threads, log: { context.log($0) }) }
                return movesRows(board: board, table: table) + [BenchRow("total", [("seconds", JSON(wall)), ("cpuSeconds", JSON(cpu))])]
            },
        ]
    }
}
