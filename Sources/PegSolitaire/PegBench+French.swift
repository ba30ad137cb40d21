// `perfectplay bench peg-french-table`: every single-vacancy -> single-peg pair of the French
// board decided (position class, exhaustive depth-first search, or a replayed solution), with
// the fewest moves of every solvable pair (a level sweep per start); `peg-french-d3d5`: the pair the depth-first search
// leaves open (d3 -> d5), decided independently by meeting in the middle.
import Foundation
import SolverKit

extension PegBench {
    /// A meet-in-the-middle verdict: the replayed solution, or the positions examined.
    static func meetingRow(board: Board, start: Int, finish: Int, _ r: MeetInTheMiddleResult) -> BenchRow {
        let solvable: JSON = r.solvable.map { JSON.bool($0) } ?? JSON.null
        let begin = board.allHoles & ~(UInt64(1) << UInt64(start))
        let replayed = r.solvable == true && board.replay(r.jumps, from: begin) == UInt64(1) << UInt64(finish)
        let proof = r.solvable == true ? "solution replayed" : r.solvable == false ? "exhaustive meet in the middle" : "stopped"
        return BenchRow("\(board.names[start])->\(board.names[finish]) (meet in the middle)", [
            ("solvable", solvable), ("proof", .string(proof)), ("replayed", .bool(replayed)), ("jumps", .int(r.jumps.count)),
            ("moves", .int(board.moveCount(r.jumps))), ("solution", .string(board.moveStrings(r.jumps).joined(separator: " "))),
            ("forwardLevels", .string(r.forwardLevels.map(String.init).joined(separator: " "))),
            ("positions", JSON(UInt64(r.forwardLevels.reduce(0, +) + r.backwardLevels.reduce(0, +)))),
            ("children", JSON(r.children)), ("peakMB", .int(r.peakBytes >> 20)), ("seconds", JSON(r.seconds)),
        ])
    }

    /// Fewest moves of `pairs` (start vacancy, finish hole) by one level sweep (FewestMoveLevels)
    /// from the least hole of each orbit of starts, mapped onto the other starts of the orbit by
    /// the board's symmetries; each orbit representative pair's solution is walked back from the
    /// sweep's level files (in a temporary directory, removed after) and replayed. Rows: one per
    /// sweep.
    static func sweptMovesTable(board: Board, pairs: [(Int, Int)], threads: Int,
                                log: @escaping (String) -> Void) -> ([[PairMoves?]], [BenchRow]) {
        let n = board.holeCount
        let perms = board.automorphisms()
        var table = [[PairMoves?]](repeating: [PairMoves?](repeating: nil, count: n), count: n)
        var rows: [BenchRow] = []
        let starts = Set(pairs.map { s, _ in perms.map { $0[s] }.min()! }).sorted()
        for r in starts {
            let start = board.allHoles & ~(UInt64(1) << UInt64(r))
            let sweep = FewestMoveLevels(board: board, start: start, threads: threads)
            sweep.log = { log("sweep from \(board.names[r]): " + $0) }
            let dir = NSTemporaryDirectory() + "perfectplay-sweep-\(getpid())-\(board.names[r])"
            sweep.levelDirectory = dir
            defer { sweep.removeLevels(directory: dir) }
            let result = sweep.run()
            var walked: [Int: [Int]] = [:]
            var walkSeconds = 0.0
            for (s, f) in pairs {
                let (rs, rf) = pairRepresentative(s, f, perms)
                guard rs == r, result.complete, let moves = result.finishMoves[rf] else { continue }
                var wall = 0.0
                if walked[rf] == nil {
                    let (jumps, seconds, _) = timed { sweep.solution(finish: rf, directory: dir) }
                    (wall, walkSeconds) = (seconds, walkSeconds + seconds)
                    walked[rf] = jumps ?? []
                }
                // the sweep's nodes and time are in its own row; the pair's: the walk back
                var entry = PairMoves(seconds: wall)
                let jumps = walked[rf]!
                if board.replay(jumps, from: start) == UInt64(1) << UInt64(rf), board.moveCount(jumps) == moves {
                    entry.moves = moves
                    entry.jumps = jumps
                }
                table[s][f] = entry
            }
            log("sweep from \(board.names[r]): \(result.complete ? "done" : "stopped"), \(Int(result.seconds)) s")
            rows.append(BenchRow("sweep from \(board.names[r])", [
                ("complete", .bool(result.complete)), ("positions", JSON(result.positions)), ("nodes", JSON(result.children)),
                ("finishes (fewest moves)", .string((0..<n).compactMap { f in result.finishMoves[f].map { "\(board.names[f]) \($0)" } }.joined(separator: ", "))),
                ("peakMB", .int(sweep.peakBytes >> 20)), ("levelFilesMB", .int(sweep.bytesWritten >> 20)),
                ("seconds", JSON(result.seconds)), ("cpuSeconds", JSON(result.cpuSeconds)), ("walkSeconds", JSON(walkSeconds)),
            ]))
        }
        return (table, rows)
    }

    static var frenchSuites: [BenchSuite] {
        [
            BenchSuite(name: "peg-french-table", summary: "French 37: every single-vacancy -> single-peg pair decided, with the fewest moves") { context in
                let board = problem(french).board
                let n = board.holeCount
                let classes = PositionClass(board: board)
                let wall0 = monotonicSeconds(), cpu0 = processCPUSeconds()
                let (table, _, _) = timed { FinishTable.compute(board: board, shouldStop: { _ in false }) }
                var byClass = 0, bySearch = 0, open: [(Int, Int)] = []
                var pairs: [(Int, Int)] = []
                for s in 0..<n {
                    for f in 0..<n {
                        switch table.entries[s][f] {
                        case .solvable: pairs.append((s, f))
                        case .unknown: pairs.append((s, f)); open.append((s, f))
                        case .impossible:
                            if classes.of(board.allHoles & ~(UInt64(1) << UInt64(s))) != classes.of(UInt64(1) << UInt64(f)) { byClass += 1 } else { bySearch += 1 }
                        }
                    }
                }
                context.log("depth-first table: \(pairs.count - open.count) solvable, \(byClass) impossible by class, \(bySearch) by search, \(open.count) open")
                // The pairs the depth-first search leaves open: meet in the middle.
                var meetRows: [BenchRow] = []
                let perms = board.automorphisms()
                var decidedByMeeting: [Int: MeetInTheMiddleResult] = [:]
                for (s, f) in open {
                    let (rs, rf) = pairRepresentative(s, f, perms)
                    if decidedByMeeting[rs * n + rf] == nil {
                        let r = MeetInTheMiddle(board: board, start: rs, finish: rf, log: { context.log($0) }).solve()
                        decidedByMeeting[rs * n + rf] = r
                        meetRows.append(meetingRow(board: board, start: rs, finish: rf, r))
                    }
                }
                pairs.removeAll { decidedByMeeting[pairRepresentative($0.0, $0.1, perms).0 * n + pairRepresentative($0.0, $0.1, perms).1]?.solvable == false }
                // Fewest moves of every solvable pair: one level sweep per orbit of starts.
                let (movesFound, sweepRows) = sweptMovesTable(board: board, pairs: pairs, threads: context.threads, log: { context.log($0) })
                var moves = movesFound
                for (s, f) in open {
                    let (rs, rf) = pairRepresentative(s, f, perms)
                    if let r = decidedByMeeting[rs * n + rf], r.solvable == true, moves[s][f]?.moves == nil {
                        moves[s][f]?.atMost = board.moveCount(r.jumps)
                    }
                    if decidedByMeeting[rs * n + rf]?.solvable == false { moves[s][f] = PairMoves(impossible: true) }
                }
                var stillOpen = 0
                for (s, f) in open where decidedByMeeting[pairRepresentative(s, f, perms).0 * n + pairRepresentative(s, f, perms).1]?.solvable == nil { stillOpen += 1 }
                // The depth-first solutions bound the fewest moves from above.
                for s in 0..<n {
                    for f in 0..<n {
                        if case .solvable(let jumps) = table.entries[s][f], moves[s][f]?.moves == nil {
                            let bound = min(moves[s][f]?.atMost ?? Int.max, board.moveCount(jumps))
                            moves[s][f]?.atMost = bound
                        }
                    }
                }
                var rows = movesRows(board: board, table: moves) + sweepRows + meetRows
                rows.append(BenchRow("total", [
                    ("pairs", .int(n * n)), ("solvable", .int(pairs.count - stillOpen)),
                    ("impossibleByClass", .int(byClass)), ("impossibleBySearch", .int(bySearch + open.filter { moves[$0.0][$0.1]?.impossible == true }.count)),
                    ("openAfterDepthFirst", .string(open.map { "\(board.names[$0.0])->\(board.names[$0.1])" }.joined(separator: " "))),
                    ("undecided", .int(stillOpen)), ("depthFirstNodes", JSON(table.nodes)),
                    ("seconds", JSON(monotonicSeconds() - wall0)), ("cpuSeconds", JSON(processCPUSeconds() - cpu0)),
                ]))
                return rows
            },
            BenchSuite(name: "peg-french-d3d5", summary: "French 37: vacancy d3 -> one peg on d5, by meeting in the middle") { context in
                let p = problem(french)
                let board = p.board
                let search = MeetInTheMiddle(board: board, start: board.hole(named: "d3")!, finish: board.hole(named: "d5")!,
                                             log: { context.log($0) })
                let r = search.solve()
                return [meetingRow(board: board, start: board.hole(named: "d3")!, finish: board.hole(named: "d5")!, r)]
            },
        ]
    }
}
