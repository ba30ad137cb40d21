// `count` on boards whose state space outgrows StateSpace (8 bytes a canonical position,
// every level kept for the backward sweep): the positions reachable after each number of
// jumps, forward only, each level a LevelBitmap (one bit a position with that many pegs).
// Two levels live at once, so the memory is fixed in advance by the board: on the French
// 37-hole board the widest pair, 18 and 19 pegs, takes 2 x C(37, 18) bits = 4.4 GB, however
// many positions are reached (from c1: 22,920,760,254 in all, J.-C. Meyrignac 2003).
//
// Orbits come from Burnside's lemma instead of canonical forms: a level is a union of orbits
// of the symmetries fixing the start and target, so its orbit count is the mean, over those
// symmetries, of the positions each one fixes. Threads split the level by words and set the
// next level's bits with atomic ORs.
import Dispatch
import Foundation
import SolverKit
import Synchronization

final class ReachableLevels: @unchecked Sendable {
    let problem: PegProblem
    let threads: Int
    let shouldStop: @Sendable () -> Bool
    /// A line per level (the count of a large board takes hours).
    var log: (String) -> Void = { _ in }
    /// Where to keep the checkpoint (nil: none).
    var checkpoint: String?
    /// Count the (position, last-moved peg) pairs too.
    var countsLastPeg = false
    let ranks: CombinationRank
    let groups: JumpGroups
    let tables: SymmetryTables

    init(problem: PegProblem, threads: Int, shouldStop: @escaping @Sendable () -> Bool = { false }) {
        self.problem = problem
        self.threads = max(1, threads)
        self.shouldStop = shouldStop
        let board = problem.board
        ranks = CombinationRank(holes: board.holeCount)
        groups = JumpGroups(board: board)
        var fixed = [problem.start]
        if case .hole(let t) = problem.target { fixed.append(UInt64(1) << UInt64(t)) }
        tables = SymmetryTables(permutations: board.symmetries(fixing: fixed), holes: board.holeCount)
    }

    deinit { ranks.free(); groups.free() }

    /// The most memory two consecutive levels take (the bound of `run`).
    static func bytesNeeded(_ problem: PegProblem, countsLastPeg: Bool = false) -> Int {
        let holes = problem.board.holeCount
        let ranks = CombinationRank(holes: holes)
        defer { ranks.free() }
        let start = problem.start.nonzeroBitCount
        var most = LevelBitmap.bytes(holes: holes, pegs: start, ranks: ranks)
        if start >= 2 {
            for pegs in 1..<start {
                let before = countsLastPeg && pegs + 2 <= start ? LevelBitmap.bytes(holes: holes, pegs: pegs + 2, ranks: ranks) : 0
                most = max(most, LevelBitmap.bytes(holes: holes, pegs: pegs, ranks: ranks)
                           + LevelBitmap.bytes(holes: holes, pegs: pegs + 1, ranks: ranks) + before)
            }
        }
        return most
    }

    /// Every level from the start until no jump is left (or a limit): positions, orbits and
    /// dead ends per level; `children` counts the jumps made.
    func run() -> StateSpaceResult {
        var result = StateSpaceResult()
        result.groupOrder = tables.order
        let holes = problem.board.holeCount
        var jumps = 0
        var level: LevelBitmap
        var previous: LevelBitmap? = nil
        if let saved = resume() {
            (level, previous, jumps) = (saved.level, saved.previous, saved.levels.count)
            result.levels = saved.levels
            result.children = saved.children
            (result.generateSeconds, result.generateCPU) = (saved.seconds, saved.cpuSeconds)
            log("resumed at jumps \(jumps) from \(checkpoint ?? "")")
        } else {
            clearCheckpoint()
            guard let first = LevelBitmap(holes: holes, pegs: problem.start.nonzeroBitCount, ranks: ranks) else { return result }
            first.insert(ranks.rank(problem.start))
            level = first
        }
        while true {
            if shouldStop() { return result }
            let t0 = monotonicSeconds(), cpu0 = processCPUSeconds()
            let next = level.pegs > 1 ? LevelBitmap(holes: holes, pegs: level.pegs - 1, ranks: ranks) : nil
            if level.pegs > 1 && next == nil { return result }  // the mapping failed: out of memory
            guard let counts = expand(level, into: next, previous: previous, jumps: jumps) else { return result }
            result.levels.append(counts.level)
            result.children &+= counts.children
            result.generateSeconds += monotonicSeconds() - t0
            result.generateCPU += processCPUSeconds() - cpu0
            log("jumps \(jumps): \(NumberFormat.grouped(counts.level.positions)) positions "
                + "(\(NumberFormat.grouped(counts.level.canonicalPositions)) up to symmetry), "
                + (countsLastPeg ? "\(NumberFormat.grouped(counts.level.lastPegStates)) with the last peg, " : "")
                + String(format: "%.1f s", monotonicSeconds() - t0))
            guard let next, counts.children > 0 else { break }
            if countsLastPeg { previous = level }
            level = next
            jumps += 1
            save(level, previous: previous, result)
        }
        result.complete = true
        return result
    }

    /// Counts `level` and, into `next`, sets its children; nil when stopped. With `previous`
    /// (the level before), also the holes each position can have been entered by last.
    func expand(_ level: LevelBitmap, into next: LevelBitmap?, previous: LevelBitmap?,
                jumps: Int) -> (level: LevelCounts, children: UInt64)? {
        let parts = level.wordCount < 1 << 12 ? 1 : threads
        // Work handed out in chunks of words, so that an uneven level keeps both threads busy.
        let chunk = max(1, min(1 << 16, level.wordCount / (parts * 64) + 1))
        let nextChunk = Atomic<Int>(0)
        let order = tables.order
        let perPart = SharedPointer<(positions: UInt64, deadEnds: UInt64, fixed: UInt64, children: UInt64, lastPeg: UInt64)>(capacity: parts)
        let allHoles = problem.board.allHoles
        let stopped = Atomic<Bool>(false)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            var positions: UInt64 = 0, deadEnds: UInt64 = 0, fixed: UInt64 = 0, children: UInt64 = 0, lastPeg: UInt64 = 0
            let ranks = self.ranks, groups = self.groups, flips = groups.flips, tables = self.tables, landing = groups.landing
            let plain = next?.words, atomic = next?.atomicWords
            let single = parts == 1
            while true {
                let first = nextChunk.add(chunk, ordering: .relaxed).oldValue
                if first >= level.wordCount { break }
                if shouldStop() { stopped.store(true, ordering: .relaxed); break }
                level.forEachPosition(words: first..<min(first + chunk, level.wordCount), ranks: ranks) { p in
                    positions &+= 1
                    // Symmetries other than the identity that fix p (Burnside).
                    for s in 1..<order where tables.image(p, s) == p { fixed &+= 1 }
                    var made: UInt64 = 0
                    groups.forEachJump(p) { j in
                        made &+= 1
                        guard let plain, let atomic else { return }
                        LevelBitmap.insert(ranks.rank(p ^ flips[j]), plain, atomic, single: single)
                    }
                    if made == 0 { deadEnds &+= 1 }
                    children &+= made
                    if let previous {
                        // Jumps into p: forward jumps of the complement (a, b pegs there, c a hole).
                        var entered: UInt64 = 0
                        groups.forEachJump(~p & allHoles) { j in
                            if previous.contains(ranks.rank(p ^ flips[j])) { entered |= UInt64(1) << UInt64(landing[j]) }
                        }
                        lastPeg &+= UInt64(entered.nonzeroBitCount)
                    } else {
                        lastPeg &+= 1  // the start: one state
                    }
                }
            }
            perPart.p[part] = (positions, deadEnds, fixed, children, lastPeg)
        }
        defer { perPart.p.deallocate() }
        if stopped.load(ordering: .relaxed) { return nil }
        var counts = LevelCounts(jumps: jumps)
        var fixed: UInt64 = 0, children: UInt64 = 0
        for part in 0..<parts {
            let c = perPart.p[part]
            counts.positions &+= c.positions
            counts.deadEnds &+= c.deadEnds
            if countsLastPeg { counts.lastPegStates &+= c.lastPeg }
            fixed &+= c.fixed
            children &+= c.children
        }
        // Burnside: orbits = (positions fixed by each symmetry, summed) / order.
        counts.canonicalPositions = (counts.positions &+ fixed) / UInt64(order)
        return (counts, children)
    }
}
