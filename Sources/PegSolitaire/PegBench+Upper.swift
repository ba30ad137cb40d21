// `perfectplay bench peg-triangle-moves-upper`: fewest moves on the triangles of side 4..10
// bounded from above by the pilot beam search (PilotBeam on a Board), every solution replayed;
// `peg-triangle-moves-wide`: the same on the triangles past 64 holes (PilotBeam on a WideTriangle).
import SolverKit
import Foundation
import Synchronization

extension PegBench {
    /// Positions kept per move level by the pilot beam, and candidates completed per kept one.
    static let trianglePilotWidth = 20_000
    static let trianglePilotPrefilter = 8

    /// The pilot beam from every single vacancy of `board` to one peg anywhere.
    static func trianglePilot(_ board: Board, width: Int = trianglePilotWidth, log: @escaping (String) -> Void) -> PilotBeamSearch {
        let holes = (0..<board.holeCount).map { UInt64(1) << UInt64($0) }
        let pilot = PilotBeamSearch(board: board, starts: holes.map { board.allHoles & ~$0 }, finishes: board.allHoles,
                                    symmetries: board.automorphisms(), width: width)
        pilot.prefilter = trianglePilotPrefilter
        pilot.log = log
        return pilot
    }

    /// `jumps` from the one-vacancy `start` replay to one peg in exactly `moves` moves.
    static func replaysToOnePeg(_ board: Board, _ jumps: [Int], from start: UInt64, moves: Int?) -> Bool {
        moves != nil && board.replay(jumps, from: start)?.nonzeroBitCount == 1
            && (board.allHoles & ~start).nonzeroBitCount == 1 && board.moveCount(jumps) == moves
    }

    static func trianglePilotRow(side n: Int, width: Int = trianglePilotWidth, log: @escaping (String) -> Void) -> BenchRow {
        let board = triangle(side: n, vacancy: 1).board
        let pilot = trianglePilot(board, width: width, log: log)
        let (r, wall, cpu) = timed { pilot.solve() }
        let end = board.replay(r.jumps, from: r.start)
        let replayed = replaysToOnePeg(board, r.jumps, from: r.start, moves: r.moves)
        let published = triangleMoves[n]
        return BenchRow("triangle-\(n)-pilot", [
            ("moves at most", r.moves.map { JSON.int($0) } ?? .null), ("published", published.map { JSON.int($0) } ?? .null),
            ("replayed", .bool(replayed)), ("equals published", .bool(replayed && r.moves == published)),
            ("vacancy", .string(replayed ? board.names[(board.allHoles & ~r.start).trailingZeroBitCount] : "-")),
            ("finish", .string(replayed ? end.map { board.names[$0.trailingZeroBitCount] } ?? "-" : "-")),
            ("solution", .string(board.moveStrings(r.jumps).joined(separator: " "))),
            ("width", .int(width)), ("completions", JSON(pilot.rollouts)), ("nodes", JSON(r.children)),
            ("peakRSSMB", .int(peakResidentBytes() >> 20)),
            ("seconds", JSON(wall)), ("cpuSeconds", JSON(cpu)),
        ])
    }

    /// The process's peak resident memory (Linux `VmHWM`; 0 where it cannot be read).
    static func peakResidentBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kB = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kB << 10
    }

    /// Published bounds on the fewest moves of the triangles past side 10 (Bell, "Solving
    /// Triangular Peg Solitaire", JIS 11, 2008, and OEIS A127500): 19..28 for n = 11, 21..29 for 12.
    static let wideTriangleBounds: [Int: ClosedRange<Int>] = [11: 19...28, 12: 21...29]
    /// Pilot beams a side in `peg-triangle-moves-wide` with `PERFECTPLAY_PEG_PILOT=1`, each with
    /// its own tie-break seed.
    static let wideTriangleSeeds = 4

    /// The wide beam on side `n`, the plain one ranked by Merson regions or (`completions`) the
    /// pilot, with each of `seeds` tie-break seeds (`threads` at a time): the row of the best
    /// solution (fewest moves, then the lowest seed).
    static func wideTriangleRow(side n: Int, width: Int, completions: Bool, seeds: Int = 1, threads: Int = 1, timeLimit: Double?,
                                log: @escaping @Sendable (String) -> Void) -> BenchRow {
        let board = WideTriangle(side: n)
        let deadline = timeLimit.map { monotonicSeconds() + $0 }
        let found = Mutex<[(seed: Int, solution: WideTriangleSolution)]>([])
        let next = Mutex(0)
        let (_, wall, cpu) = timed {
            DispatchQueue.concurrentPerform(iterations: max(1, min(threads, seeds))) { _ in
                while true {
                    let seed = next.withLock { v -> Int in defer { v += 1 }; return v }
                    if seed >= seeds { return }
                    let pilot = WideTrianglePilot(board: board, width: width)
                    pilot.prefilter = trianglePilotPrefilter
                    pilot.completions = completions
                    pilot.seed = UInt64(seed)
                    if seeds == 1 { pilot.log = log }
                    if let deadline { pilot.shouldStop = { monotonicSeconds() > deadline } }
                    let r = pilot.solve()
                    log("triangle \(n), width \(width), seed \(seed): \(r.moves.map { "\($0) moves" } ?? "no solution")")
                    found.withLock { $0.append((seed, r)) }
                }
            }
        }
        let all = found.withLock { $0 }
        let best = all.min { a, b in (a.solution.moves ?? Int.max, a.seed) < (b.solution.moves ?? Int.max, b.seed) }
        let r = best?.solution ?? WideTriangleSolution()
        // Checked again here, from the start: every jump legal, one peg left, the moves counted.
        let end = board.replay(r.chains, from: r.start)
        let replayed = r.moves != nil && end?.nonzeroBitCount == 1 && (board.allHoles & ~r.start).nonzeroBitCount == 1
            && WideTriangle.moveCount(r.chains) == r.moves
        let published = wideTriangleBounds[n] ?? triangleMoves[n].map { $0...$0 }
        return BenchRow("triangle-\(n)-wide-\(completions ? "pilot" : "beam")", [
            ("moves at most", r.moves.map { JSON.int($0) } ?? .null),
            ("published", .string(published.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)..\($0.upperBound)" } ?? "-")),
            ("replayed", .bool(replayed)),
            ("vacancy", .string(replayed ? String((board.allHoles & ~r.start).trailingZeroBitCount + 1) : "-")),
            ("finish", .string(replayed ? end.map { String($0.trailingZeroBitCount + 1) } ?? "-" : "-")),
            ("solution", .string(WideTriangle.notation(r.chains))),
            ("width", .int(width)), ("seeds", .int(seeds)), ("best seed", best.map { .int($0.seed) } ?? .null),
            ("completions", JSON(all.reduce(0) { $0 + $1.solution.rollouts })),
            ("nodes", JSON(all.reduce(0) { $0 + $1.solution.children })),
            ("peakRSSMB", .int(peakResidentBytes() >> 20)),
            ("seconds", JSON(wall)), ("cpuSeconds", JSON(cpu)),
        ])
    }

    static var upperSuites: [BenchSuite] {
        [BenchSuite(name: "peg-triangle-moves-upper",
                    summary: "Triangles n = 4..10: fewest moves bounded from above by the pilot beam search of width \(trianglePilotWidth) (OEIS A127500)") { context in
            (4...10).map { n in trianglePilotRow(side: n, log: { context.log($0) }) }
        },
         BenchSuite(name: "peg-triangle-moves-wide",
                    summary: "Triangles n = 11 and 12 (66 and 78 holes; or PERFECTPLAY_PEG_SIDE=n, 4...15, PERFECTPLAY_PEG_WIDTH=w): fewest moves bounded from above on 128-bit positions by the beam search of width \(triangleBeamWidth) ranked as peg-triangle-moves-beam ranks (pegs plus three per Merson region still full), or with PERFECTPLAY_PEG_PILOT=1 the pilot beam of width \(trianglePilotWidth) (PERFECTPLAY_PEG_SEEDS=k seeds, default \(wideTriangleSeeds): k beams whose ties rank differently, the best kept, --threads at a time); every solution replayed (OEIS A127500: open, 19..28 and 21..29, Bell 2008); --time-limit stops a side's beam, keeping the best found") { context in
            let env = ProcessInfo.processInfo.environment
            var sides = [11, 12]
            if let n = env["PERFECTPLAY_PEG_SIDE"].flatMap({ Int($0) }), (4...15).contains(n) { sides = [n] }
            let pilot = env["PERFECTPLAY_PEG_PILOT"] == "1"
            let width = env["PERFECTPLAY_PEG_WIDTH"].flatMap { Int($0) }.map { max(1, $0) }
                ?? (pilot ? trianglePilotWidth : triangleBeamWidth)
            let seeds = pilot ? env["PERFECTPLAY_PEG_SEEDS"].flatMap { Int($0) }.map { max(1, $0) } ?? wideTriangleSeeds : 1
            return sides.map { n in
                wideTriangleRow(side: n, width: width, completions: pilot, seeds: seeds, threads: context.threads,
                                timeLimit: context.timeLimit, log: context.log)
            }
        }]
    }
}
