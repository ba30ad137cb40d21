// Fewest moves to every position reachable from a start, level by level (a level: the positions
// after as many jumps), on boards whose levels fit as bitmaps (ReachableLevels): the exact
// fewest moves from one start to every one-peg finish in one forward sweep, with no bound to
// guess. A move is a chain of jumps by one peg, so the cost of a jump depends on the hole of the
// peg that moved last; the state of the sweep is the pair (position, last peg), as in
// J.-C. Meyrignac's enumeration of the French board (2003). Per position it keeps D, the fewest
// moves that reach it, and the set M of holes a last peg can stand on when it is reached in D
// moves: a pair reached in more than D moves is never better than starting a new move from a
// pair reached in D (D + 1 either way), so these are all the states that matter.
// Jumps only remove pegs, so each level depends on the one before alone: a position's value
// `D << 58 | M` is final once its level has been swept, and two levels live at once. A level
// is indexed densely through its bitmap (a position's slot: its rank among the set bits, from a
// count of the bits before each word).
import Dispatch
import Foundation
import SolverKit
import Synchronization

/// The fewest moves of the positions of one level, densely indexed.
final class MoveLevel: @unchecked Sendable {
    let bitmap: LevelBitmap
    /// Set bits before each word of the bitmap.
    let prefix: UnsafeMutablePointer<UInt64>
    let count: Int
    /// `D << 58 | M` per position, in rank order.
    let values: UnsafeMutablePointer<UInt64>

    /// D of a position not reached yet: above any real number of moves.
    static let unreached: UInt64 = ~0

    init(bitmap: LevelBitmap) {
        self.bitmap = bitmap
        prefix = HugeBuffer.allocate(UInt64.self, capacity: bitmap.wordCount + 1)
        count = Int(MoveLevel.countBefore(bitmap.words, bitmap.wordCount, into: prefix))
        values = HugeBuffer.allocate(UInt64.self, capacity: max(1, count))
        values.initialize(repeating: MoveLevel.unreached, count: max(1, count))
    }

    deinit { HugeBuffer.free(prefix); HugeBuffer.free(values) }

    /// Fills `prefix[w]` with the set bits of `words` before word w (and `prefix[count]`);
    /// returns the set bits in all.
    static func countBefore(_ words: UnsafePointer<UInt64>, _ count: Int, into prefix: UnsafeMutablePointer<UInt64>) -> UInt64 {
        var n: UInt64 = 0
        for w in 0..<count {
            prefix[w] = n
            n &+= UInt64(words[w].nonzeroBitCount)
        }
        prefix[count] = n
        return n
    }

    /// Bytes of a level indexed by `bitmap`: the bitmap, a prefix count a word, 8 bytes a position.
    static func bytes(_ bitmap: LevelBitmap) -> Int {
        bitmap.wordCount * 16 + Int(bitmap.count()) * 8
    }

    var bytes: Int { bitmap.wordCount * 16 + count * 8 }

    /// The index of the position of rank `rank` among the level's, which must hold it.
    @inline(__always) func index(_ rank: UInt64) -> Int {
        MoveLevel.index(rank, bitmap.words, prefix)
    }

    @inline(__always) static func index(_ rank: UInt64, _ words: UnsafePointer<UInt64>, _ prefix: UnsafePointer<UInt64>) -> Int {
        let w = Int(truncatingIfNeeded: rank >> 6)
        let below = words[w] & ((UInt64(1) << (rank & 63)) &- 1)
        return Int(truncatingIfNeeded: prefix[w] &+ UInt64(below.nonzeroBitCount))
    }

    var atomicValues: UnsafeMutablePointer<Atomic<UInt64>> {
        UnsafeMutableRawPointer(values).bindMemory(to: Atomic<UInt64>.self, capacity: max(1, count))
    }

    @inline(__always) static func moves(_ v: UInt64) -> Int { Int(truncatingIfNeeded: v >> 58) }
    @inline(__always) static func lastPegs(_ v: UInt64) -> UInt64 { v & (UInt64(1) << 58 &- 1) }

    /// The better of two values: fewer moves, or as many with the last-peg holes of both.
    @inline(__always) static func merge(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let da = a >> 58, db = b >> 58
        return da == db ? a | b : da < db ? a : b
    }
}

/// What one level of the sweep found.
struct MoveLevelCounts: Sendable {
    var jumps: Int
    var positions: UInt64 = 0
    /// positionsByMoves[d]: positions whose fewest moves are d.
    var positionsByMoves: [UInt64] = []
}

struct FewestMoveLevelsResult: Sendable {
    var levels: [MoveLevelCounts] = []
    /// Fewest moves to the one-peg position on each hole (nil: not reachable).
    var finishMoves: [Int?] = []
    /// Jumps made in the sweep (both passes count each jump once).
    var children: UInt64 = 0
    var complete = false
    var seconds = 0.0
    var cpuSeconds = 0.0
    var positions: UInt64 { levels.reduce(0) { $0 + $1.positions } }
}

final class FewestMoveLevels: @unchecked Sendable {
    let board: Board
    let start: UInt64
    let threads: Int
    let shouldStop: @Sendable () -> Bool
    /// A line per level.
    var log: (String) -> Void = { _ in }
    /// Where each swept level is written (its bitmap and values), for the solution walk
    /// (`FewestMoveLevels+Solution.swift`); nil: kept nowhere.
    var levelDirectory: String?
    /// The sweep stops (`stopReason`) rather than take more memory than this.
    var byteLimit = Int.max
    /// The most memory two levels took.
    private(set) var peakBytes = 0
    /// Bytes of level files written.
    var bytesWritten = 0
    /// Why an incomplete sweep stopped, when not by `shouldStop`.
    private(set) var stopReason: String?
    /// Levels of fewer words are swept by one thread.
    var parallelWordThreshold = 1 << 12
    let ranks: CombinationRank
    let groups: JumpGroups

    /// Holes a last-peg set can name (the value keeps D in the top 6 bits).
    static let holeLimit = 58

    init(board: Board, start: UInt64, threads: Int, shouldStop: @escaping @Sendable () -> Bool = { false }) {
        precondition(board.holeCount <= FewestMoveLevels.holeLimit)
        self.board = board
        self.start = start
        self.threads = max(1, threads)
        self.shouldStop = shouldStop
        ranks = CombinationRank(holes: board.holeCount)
        groups = JumpGroups(board: board)
    }

    deinit { ranks.free(); groups.free() }

    func run() -> FewestMoveLevelsResult {
        let t0 = monotonicSeconds(), cpu0 = processCPUSeconds()
        var result = sweepLevels()
        (result.seconds, result.cpuSeconds) = (monotonicSeconds() - t0, processCPUSeconds() - cpu0)
        return result
    }

    private func sweepLevels() -> FewestMoveLevelsResult {
        var result = FewestMoveLevelsResult()
        result.finishMoves = Array(repeating: nil, count: board.holeCount)
        let holes = board.holeCount
        guard let first = LevelBitmap(holes: holes, pegs: start.nonzeroBitCount, ranks: ranks) else { return result }
        first.insert(ranks.rank(start))
        var level = MoveLevel(bitmap: first)
        level.values[0] = 0  // the start: no move yet, no last peg
        var jumps = 0
        while true {
            if shouldStop() { return result }
            let lt0 = monotonicSeconds()
            var counts = MoveLevelCounts(jumps: jumps)
            counts.positions = UInt64(level.count)
            var byMoves = [UInt64](repeating: 0, count: 64)
            for i in 0..<level.count { byMoves[MoveLevel.moves(level.values[i])] &+= 1 }
            while byMoves.count > 1 && byMoves.last == 0 { byMoves.removeLast() }
            counts.positionsByMoves = byMoves
            result.levels.append(counts)
            if level.bitmap.pegs == 1 {
                level.bitmap.forEachPosition(words: 0..<level.bitmap.wordCount, ranks: ranks) { p in
                    result.finishMoves[p.trailingZeroBitCount] = MoveLevel.moves(level.values[level.index(ranks.rank(p))])
                }
            }
            if let dir = levelDirectory, !write(level, directory: dir) {
                stopReason = "cannot write the level of \(level.bitmap.pegs) pegs to \(dir)"
                return result
            }
            guard level.bitmap.pegs > 1 else { break }
            // The next level's positions, then their values.
            var next: MoveLevel? = nil
            do {
                guard let nextBits = LevelBitmap(holes: holes, pegs: level.bitmap.pegs - 1, ranks: ranks) else { return result }
                guard let made = sweep(level, into: .positions(nextBits)) else { return result }
                result.children &+= made
                if made == 0 { break }
                let bytes = level.bytes + MoveLevel.bytes(nextBits)
                peakBytes = max(peakBytes, bytes)
                if bytes > byteLimit {
                    stopReason = "the level of \(nextBits.pegs) pegs needs \(bytes >> 20) MB with the one before, over the limit of \(byteLimit >> 20) MB"
                    return result
                }
                next = MoveLevel(bitmap: nextBits)
            }
            guard let next, sweep(level, into: .values(next)) != nil else { return result }
            log("jumps \(jumps): \(NumberFormat.grouped(counts.positions)) positions, moves "
                + counts.positionsByMoves.enumerated().filter { $0.element > 0 }.map { "\($0.offset): \(NumberFormat.grouped($0.element))" }
                    .joined(separator: ", ")
                + String(format: ", %.1f s", monotonicSeconds() - lt0))
            level = next
            jumps += 1
        }
        result.complete = true
        return result
    }

    /// What a pass over a level makes of the next one.
    enum Pass {
        /// Sets the bits of the children.
        case positions(LevelBitmap)
        /// Merges each child's value (the next level indexed, its positions complete).
        case values(MoveLevel)
    }

    /// One pass over `level`: the jumps made, nil when stopped.
    func sweep(_ level: MoveLevel, into pass: Pass) -> UInt64? {
        let bits: LevelBitmap?, next: MoveLevel?
        switch pass {
        case .positions(let b): (bits, next) = (b, nil)
        case .values(let l): (bits, next) = (nil, l)
        }
        let words = level.bitmap.wordCount
        let parts = words < parallelWordThreshold ? 1 : threads
        let chunk = max(1, min(1 << 16, words / (parts * 64) + 1))
        let nextChunk = Atomic<Int>(0)
        let stopped = Atomic<Bool>(false)
        let made = Atomic<UInt64>(0)
        DispatchQueue.concurrentPerform(iterations: parts) { _ in
            let ranks = self.ranks, groups = self.groups, flips = groups.flips, origin = groups.origin, landing = groups.landing
            let plainBits = bits?.words, atomicBits = bits?.atomicWords
            let single = parts == 1
            let values = level.values
            var children: UInt64 = 0
            while true {
                let firstWord = nextChunk.add(chunk, ordering: .relaxed).oldValue
                if firstWord >= words { break }
                if shouldStop() { stopped.store(true, ordering: .relaxed); break }
                var i = Int(truncatingIfNeeded: level.prefix[firstWord])
                level.bitmap.forEachPosition(words: firstWord..<min(firstWord + chunk, words), ranks: ranks) { p in
                    let v = values[i]
                    i &+= 1
                    guard let next else {
                        guard let plainBits, let atomicBits else { return }
                        groups.forEachJump(p) { j in
                            children &+= 1
                            LevelBitmap.insert(ranks.rank(p ^ flips[j]), plainBits, atomicBits, single: single)
                        }
                        return
                    }
                    let d = v >> 58, last = MoveLevel.lastPegs(v)
                    groups.forEachJump(p) { j in
                        let k = next.index(ranks.rank(p ^ flips[j]))
                        let cost = last >> UInt64(origin[j]) & 1 != 0 ? d : d &+ 1
                        let candidate = cost << 58 | UInt64(1) << UInt64(landing[j])
                        if single {
                            next.values[k] = MoveLevel.merge(next.values[k], candidate)
                        } else {
                            let slots = next.atomicValues
                            var old = slots[k].load(ordering: .relaxed)
                            while true {
                                let merged = MoveLevel.merge(old, candidate)
                                if merged == old { break }
                                let (done, seen) = slots[k].compareExchange(expected: old, desired: merged, ordering: .relaxed)
                                if done { break }
                                old = seen
                            }
                        }
                    }
                }
            }
            made.add(children, ordering: .relaxed)
        }
        if stopped.load(ordering: .relaxed) { return nil }
        return made.load(ordering: .relaxed)
    }
}
