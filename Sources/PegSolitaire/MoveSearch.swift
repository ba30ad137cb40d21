// Fewest moves (a move: a chain of jumps by one peg) by bidirectional breadth-first search over
// moves. The forward side grows move by move from the starts (every prefix of a chain is a
// move too), the backward side from the finishes by chains of "unjumps" of one peg (a peg on
// `to` with `from` and `over` empty goes back to `from`, refilling `over`): the reverse of a
// move. Both sides hold canonical positions under the symmetries fixing the starts and the
// finishes, with their move depths. The side with the smaller frontier grows a whole level at a
// time, and every new position is looked up on the other side: while nothing meets, the
// fewest moves exceed the sum of the two depths (any solution of at most that many moves has a
// position within both depths), so the first level that meets gives the fewest moves exactly.
// Pruning: a forward position must pass the pagoda functions of its finish, a backward
// position's complement those of its start (the complement duality, Beasley, "The Ins and
// Outs of Peg Solitaire", ch. 4); starts and finishes in different position classes never
// meet and are dropped first. (Bidirectional search: Pohl, "Bi-directional search", Machine
// Intelligence 6, 1971; fewest moves on triangles by the same idea: Bell, "Solving Triangular
// Peg Solitaire", JIS 11, 2008.)
import Dispatch
import SolverKit

struct MoveSearchResult: Sendable {
    /// The fewest moves, when decided (nil: stopped, see `movesAtLeast`; or no solution).
    var moves: Int?
    /// No solution at all (both sides ran dry without meeting).
    var impossible = false
    /// A lower bound when stopped: no solution has fewer moves.
    var movesAtLeast = 0
    /// The solution: the actual start (one of the starts) and its jumps, replayed.
    var start: UInt64 = 0
    var jumps: [Int] = []
    /// New canonical positions per move depth on each side.
    var forwardLevels: [Int] = []
    var backwardLevels: [Int] = []
    /// Chain positions generated (the work done).
    var children: UInt64 = 0
    /// Bytes of both sides' tables at the end (the memory bound that held).
    var peakBytes = 0
    var seconds = 0.0
    /// Levels decided past the memory bound, not in the depth maps: 1, the last level streamed
    /// (looked up on the other side, not stored); 2, a level held as a bare set and the next
    /// one streamed from it; one more when each streamed position was also tried for a finish
    /// one move on (forward against the one-peg finishes alone).
    var levelsPastBound = 0
    /// The streamed positions were also tried for a finish one move on (the last of those levels).
    var streamedToFinishes = false
}

final class MoveSearch: @unchecked Sendable {
    let board: Board
    let tables: SymmetryTables
    let threads: Int
    let groups: JumpGroups
    /// Per jump: the bits it flips, its to and from holes. Raw buffers, as the tables below:
    /// the chain loops read them per chain position, with no reference counting.
    let flips: UnsafeMutablePointer<UInt64>
    let tos: UnsafeMutablePointer<Int>
    let froms: UnsafeMutablePointer<Int>
    /// `jumpsFrom` / `jumpsInto` flattened: jumps whose peg starts on (lands on) hole h are
    /// `fromList[fromStart[h] ..< fromStart[h + 1]]` (likewise into).
    let fromStart: UnsafeMutablePointer<Int>, fromList: UnsafeMutablePointer<Int>
    let intoStart: UnsafeMutablePointer<Int>, intoList: UnsafeMutablePointer<Int>
    let full: UInt64
    var starts: [UInt64]
    var finishes: [UInt64]
    /// Pagodas a forward position must pass (toward the single finish), and those the
    /// complement of a backward position must pass (toward the single start's vacancy).
    let forwardPagodas: [(Pagoda, Int)]
    let backwardPagodas: [(Pagoda, Int)]
    let hasForwardPagodas: Bool, hasBackwardPagodas: Bool
    /// Merson regions: with a move bound D, a forward position at depth g is dropped when
    /// g + `movesToFinish` > D, a backward one at depth b when b + `movesFromStart` > D
    /// (`MersonRegions.swift`); no solution within D loses a position.
    let merson: MersonRegions
    /// The most any finish holds full and any start holds broken (subtracted from the regions
    /// a position holds full, or broken, when the finishes or starts are not single holes).
    let finishesFull: Int
    let startsBroken: Int
    /// What the bounds subtract: at least `finishRelief` (`startRelief`), and one when the
    /// position holds a peg on a corner of `finishCorners` (leaves a corner of `startCorners`
    /// empty). With one-peg finishes the only region full at a finish is its corner, so the
    /// corner rule alone applies; with one-vacancy starts, a vacancy in a pair region is one
    /// region always subtracted, a corner one only where the position leaves it empty. Other
    /// finishes (starts): the most regions any holds full (broken), always.
    let finishRelief: Int, finishCorners: UInt64
    let startRelief: Int, startCorners: UInt64
    /// With one-peg finishes: their holes, and the jump components holding one (a raw buffer).
    /// A forward position one move from the bound D must have a component holding a finish with
    /// exactly one peg (the last mover is alone in its component, `FinishTest`), and one at D
    /// must be a finish: others are not stored.
    let finishHoles: UInt64
    /// The one-move finish test on `finishHoles` (for the levels streamed past the memory bound).
    let finishTest: FinishTest
    let finishComponents: UnsafeMutablePointer<UInt64>
    let finishComponentCount: Int
    /// D: only solutions of at most this many moves are searched for (set `moveLimit` to it).
    var moveBound = Int.max
    /// Stop when both sides together hold more than this many bytes.
    var byteLimit = Int.max
    var moveLimit = 200
    /// The backward side grows no deeper than this (0: a forward search against the finishes).
    var backwardDepthLimit = Int.max
    /// Frontier positions expanded a chunk in `grow` (set from the sampled branching).
    var chunkParents = 1 << 18
    var shouldStop: @Sendable () -> Bool = { false }
    /// Set by `grow` when `shouldStop` ended a level before its end.
    private var levelStopped = false
    var log: ((String) -> Void)? = nil

    /// `starts` and `finishes`: positions; `symmetries`: permutations of the holes that map the
    /// set of starts onto itself and the set of finishes onto itself (identity first).
    init(board: Board, starts: [UInt64], finishes: [UInt64], symmetries: [[Int]], threads: Int = 1) {
        self.board = board
        tables = SymmetryTables(permutations: symmetries, holes: board.holeCount)
        self.threads = max(1, threads)
        groups = JumpGroups(board: board)
        func buffer<T>(_ values: [T]) -> UnsafeMutablePointer<T> {
            let p = UnsafeMutablePointer<T>.allocate(capacity: max(1, values.count))
            p.initialize(from: values, count: values.count)
            return p
        }
        flips = buffer(board.jumps.map(\.flip))
        tos = buffer(board.jumps.map(\.to))
        froms = buffer(board.jumps.map(\.from))
        var fs = [0], fl: [Int] = [], ins = [0], il: [Int] = []
        for h in 0..<board.holeCount {
            fl += board.jumpsFrom[h]; fs.append(fl.count)
            il += board.jumps.indices.filter { board.jumps[$0].to == h }; ins.append(il.count)
        }
        fromStart = buffer(fs); fromList = buffer(fl); intoStart = buffer(ins); intoList = buffer(il)
        full = board.allHoles
        // Position classes: a start can only meet a finish of its own class.
        let classes = PositionClass(board: board)
        let startClasses = Set(starts.map(classes.of)), finishClasses = Set(finishes.map(classes.of))
        self.starts = starts.filter { finishClasses.contains(classes.of($0)) }
        self.finishes = finishes.filter { startClasses.contains(classes.of($0)) }
        func pagodas(_ target: Int) -> [(Pagoda, Int)] { Pagoda.candidates(board: board, target: target).map { ($0, $0.weights[target]) } }
        if finishes.count == 1, finishes[0].nonzeroBitCount == 1 {
            forwardPagodas = pagodas(finishes[0].trailingZeroBitCount)
        } else { forwardPagodas = [] }
        if starts.count == 1, (full & ~starts[0]).nonzeroBitCount == 1 {
            backwardPagodas = pagodas((full & ~starts[0]).trailingZeroBitCount)
        } else { backwardPagodas = [] }
        hasForwardPagodas = !forwardPagodas.isEmpty
        hasBackwardPagodas = !backwardPagodas.isEmpty
        let singlePegs = self.finishes.allSatisfy { $0.nonzeroBitCount == 1 }
        finishHoles = singlePegs ? self.finishes.reduce(0, |) : 0
        finishTest = FinishTest(board: board, finishes: finishHoles)
        let components = finishTest.finishComponents
        finishComponentCount = components.count
        finishComponents = buffer(components)
        let regions = MersonRegions(board: board)
        merson = regions
        finishesFull = self.finishes.map { regions.mostRegions($0, full: true, holes: board.allHoles) }.max() ?? 0
        startsBroken = self.starts.map { regions.mostRegions($0, full: false, holes: board.allHoles) }.max() ?? 0
        (finishRelief, finishCorners) = singlePegs ? (0, finishHoles & regions.singletons) : (finishesFull, 0)
        let holes = board.allHoles
        let vacancies = self.starts.map { holes & ~$0 }
        if vacancies.allSatisfy({ $0.nonzeroBitCount == 1 }) {
            let inPair = vacancies.contains { v in (0..<regions.pairCount).contains { regions.pairs[$0] & v != 0 } }
            (startRelief, startCorners) = (inPair ? 1 : 0, vacancies.reduce(0, |) & regions.singletons)
        } else {
            (startRelief, startCorners) = (startsBroken, 0)
        }
    }

    deinit {
        groups.free()
        merson.free()
        flips.deallocate()
        finishComponents.deallocate()
        for p in [tos, froms, fromStart, fromList, intoStart, intoList] { p.deallocate() }
    }

    /// One problem: start position to one peg on `finish` (the symmetries fixing both).
    convenience init(board: Board, start: UInt64, finish: Int, threads: Int = 1) {
        let target = UInt64(1) << UInt64(finish)
        self.init(board: board, starts: [start], finishes: [target],
                  symmetries: board.symmetries(fixing: [start, target]), threads: threads)
    }

    // MARK: chains

    /// Calls `visit` on every position one forward move from `p` (every chain prefix);
    /// `visit` returns whether to extend the chain.
    @inline(__always)
    func forEachMove(from p: UInt64, _ visit: (UInt64) -> Bool) {
        groups.forEachJump(p) { j in
            let c = p ^ flips[j]
            if visit(c) { extendForward(c, hole: tos[j], visit) }
        }
    }

    /// The chain's continuations from `q`, the peg on `hole`, depth first (each position visited
    /// before its own continuations). A loop over an explicit stack rather than recursion: a
    /// recursive call retains the visitor's captures once per chain position.
    @inline(__always)
    func extendForward(_ q: UInt64, hole: Int, _ visit: (UInt64) -> Bool) {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 64) { positions in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 128) { cursors in
                var d = 0
                positions[0] = q; cursors[0] = fromStart[hole]; cursors[1] = fromStart[hole + 1]
                while d >= 0 {
                    if cursors[2 * d] == cursors[2 * d + 1] { d -= 1; continue }
                    let j = fromList[cursors[2 * d]]
                    cursors[2 * d] += 1
                    let f = flips[j], to = tos[j]
                    guard positions[d] & f == f & ~(UInt64(1) << UInt64(to)) else { continue }
                    let c = positions[d] ^ f
                    if visit(c) {
                        d += 1
                        positions[d] = c; cursors[2 * d] = fromStart[to]; cursors[2 * d + 1] = fromStart[to + 1]
                    }
                }
            }
        }
    }

    /// Calls `visit` on every position one backward move from `x`: chains of unjumps of one
    /// peg (the reverse of a move).
    @inline(__always)
    func forEachReverseMove(from x: UInt64, _ visit: (UInt64) -> Bool) {
        var pegs = x
        while pegs != 0 {
            let h = pegs.trailingZeroBitCount
            pegs &= pegs - 1
            extendBackward(x, hole: h, visit)
        }
    }

    /// The reverse chain's continuations from `q`, the peg on `hole` (as `extendForward`).
    @inline(__always)
    func extendBackward(_ q: UInt64, hole: Int, _ visit: (UInt64) -> Bool) {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 64) { positions in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 192) { cursors in
                var d = 0
                positions[0] = q; cursors[0] = intoStart[hole]; cursors[1] = intoStart[hole + 1]; cursors[2] = hole
                while d >= 0 {
                    if cursors[3 * d] == cursors[3 * d + 1] { d -= 1; continue }
                    let j = intoList[cursors[3 * d]]
                    cursors[3 * d] += 1
                    let f = flips[j]
                    guard positions[d] & f == UInt64(1) << UInt64(cursors[3 * d + 2]) else { continue }
                    let c = positions[d] ^ f
                    if visit(c) {
                        let from = froms[j]
                        d += 1
                        positions[d] = c; cursors[3 * d] = intoStart[from]; cursors[3 * d + 1] = intoStart[from + 1]; cursors[3 * d + 2] = from
                    }
                }
            }
        }
    }

    @inline(__always) func passesForward(_ c: UInt64) -> Bool {
        if !hasForwardPagodas { return true }
        for (p, floor) in forwardPagodas where p.value(c) < floor { return false }
        return true
    }

    @inline(__always) func passesBackward(_ c: UInt64) -> Bool {
        if !hasBackwardPagodas { return true }
        let complement = full & ~c
        for (p, floor) in backwardPagodas where p.value(complement) < floor { return false }
        return true
    }

    /// What a side does with a chain position at `depth` (its move's depth on the side):
    /// `.drop` it and its chain's extensions (past the peg bound or a pagoda, or past the move
    /// bound even if the chain broke one more region), `.extend` the chain without storing it
    /// (past the move bound by the Merson regions), or `.store` it.
    @inline(__always) func verdict(_ c: UInt64, forward: Bool, pegBound: Int, depth: Int) -> ChainVerdict {
        let passes = forward ? c.nonzeroBitCount >= pegBound && passesForward(c) : c.nonzeroBitCount <= pegBound && passesBackward(c)
        guard passes else { return .drop }
        if moveBound == Int.max { return .store }
        // Along one chain only the region the peg started in changes from full to broken
        // (forward) or back (backward): an extension is at most one move closer.
        let needed = forward ? movesToFinish(c) : movesFromStart(c)
        let slack = moveBound - depth - needed
        if slack < 0 { return slack == -1 ? .extend : .drop }
        if forward && finishHoles != 0 && moveBound - depth <= 1 && !finishable(c, within: moveBound - depth) { return .extend }
        return .store
    }

    /// No finish is fewer moves away: the disjoint regions full in `c` and not full at the
    /// finish (at least; the least over the finishes). With one-peg finishes the only region
    /// full at a finish is its corner, and it counts in `c` only if `c` holds it.
    @inline(__always) func movesToFinish(_ c: UInt64) -> Int {
        merson.fullCount(c) - max(finishRelief, c & finishCorners != 0 ? 1 : 0)
    }

    /// No start is fewer moves back: the disjoint regions broken in `c` and full at the start.
    /// A corner vacancy's region counts in `c` only if `c` leaves it empty; a region holding a
    /// vacancy in a pair is subtracted, as one may be among those counted.
    @inline(__always) func movesFromStart(_ c: UInt64) -> Int {
        merson.brokenCount(c, holes: full) - max(startRelief, full & ~c & startCorners != 0 ? 1 : 0)
    }

    /// The quick necessary condition for a finish within `moves` (0 or 1) moves.
    @inline(__always) func finishable(_ c: UInt64, within moves: Int) -> Bool {
        if c.nonzeroBitCount == 1 { return c & finishHoles != 0 }
        if moves == 0 { return false }
        for k in 0..<finishComponentCount where (c & finishComponents[k]).nonzeroBitCount == 1 { return true }
        return false
    }

    /// Whether one move from `c` leaves a single peg on a finish (the quick test first).
    @inline(__always) func finishesInOneMove(_ c: UInt64) -> Bool {
        finishable(c, within: 1) && finishTest.finishingMove(c) != nil
    }

    enum ChainVerdict { case drop, extend, store }

    // MARK: search

    struct Side {
        var seen: DepthMap
        var frontier: [UInt64]
        var depth = 0
        var levels: [Int]
        /// Fewest and most pegs in the frontier.
        var fewestPegs = 0, mostPegs = 0
        /// New positions per chain position at the last level grown (to predict the next).
        var newPerChild = 1.0
        mutating func measure() {
            fewestPegs = frontier.map(\.nonzeroBitCount).min() ?? 0
            mostPegs = frontier.map(\.nonzeroBitCount).max() ?? 0
        }
    }

    func solve() -> MoveSearchResult {
        let t0 = monotonicSeconds()
        var result = MoveSearchResult()
        var forward = Side(seen: DepthMap(), frontier: [], levels: [])
        var backward = Side(seen: DepthMap(), frontier: [], levels: [])
        defer { forward.seen.free(); backward.seen.free() }
        for s in starts where forward.seen.insert(tables.canonical(s), depth: 0) { forward.frontier.append(tables.canonical(s)) }
        for f in finishes where backward.seen.insert(tables.canonical(f), depth: 0) { backward.frontier.append(tables.canonical(f)) }
        forward.measure(); backward.measure()
        forward.levels = [forward.frontier.count]
        backward.levels = [backward.frontier.count]
        var meeting: UInt64? = forward.frontier.first { backward.seen.contains($0) }
        while meeting == nil {
            if forward.frontier.isEmpty || backward.frontier.isEmpty {
                // With a move bound, a side runs dry when no solution is within it.
                if moveBound == Int.max { result.impossible = true } else { result.movesAtLeast = moveBound + 1 }
                break
            }
            if forward.depth + backward.depth >= moveLimit || shouldStop()
                || forward.seen.bytes + backward.seen.bytes > byteLimit {
                result.movesAtLeast = forward.depth + backward.depth + 1
                break
            }
            // The side whose next level costs fewer chain positions (MoveSearch+Planning.swift);
            // when storing it would pass the memory bound, MoveSearch+Bounded.swift ends the search.
            let forwardCost = Double(forward.frontier.count) * branching(of: forward, forward: true, pegBound: backward.fewestPegs)
            let backwardCost = Double(backward.frontier.count) * branching(of: backward, forward: false, pegBound: forward.mostPegs)
            let growForward = forwardCost <= backwardCost || backward.depth >= backwardDepthLimit
            let predicted = growForward
                ? predictedBytes(forward, extra: forwardCost * forward.newPerChild) + Double(backward.seen.bytes)
                : predictedBytes(backward, extra: backwardCost * backward.newPerChild) + Double(forward.seen.bytes)
            if predicted > Double(byteLimit) {
                finishUnderBound(forward, backward, growForward: growForward,
                                 newPositions: growForward ? forwardCost * forward.newPerChild : backwardCost * backward.newPerChild,
                                 result: &result)
                // Positions past the move bound were dropped: nothing is decided beyond it.
                if moveBound != Int.max { result.movesAtLeast = min(result.movesAtLeast, moveBound + 1) }
                break
            }
            let before = growForward ? forwardCost : backwardCost
            // Parents a chunk: about 16M chain positions, so the chunk's buffers stay small.
            let perParent = before / Double(max(1, growForward ? forward.frontier.count : backward.frontier.count))
            chunkParents = max(64, min(1 << 18, Int(Double(1 << 24) / max(1, perParent))))
            defer {
                if before > 0 {
                    if growForward { forward.newPerChild = Double(forward.frontier.count) / before } else { backward.newPerChild = Double(backward.frontier.count) / before }
                }
            }
            levelStopped = false
            if growForward {
                meeting = grow(&forward, against: backward.seen, forward: true, pegBound: backward.fewestPegs, result: &result)
            } else {
                meeting = grow(&backward, against: forward.seen, forward: false, pegBound: forward.mostPegs, result: &result)
            }
            if levelStopped {
                result.movesAtLeast = forward.depth + backward.depth + 1
                log?("stopped inside level \((growForward ? forward.depth : backward.depth) + 1)")
                break
            }
            log?("moves \(forward.depth)+\(backward.depth): pegs f[\(forward.fewestPegs),\(forward.mostPegs)] b[\(backward.fewestPegs),\(backward.mostPegs)] forward \(forward.frontier.count) new (\(forward.seen.count) seen), backward \(backward.frontier.count) new (\(backward.seen.count) seen), \(result.children) children, \(Int(monotonicSeconds() - t0)) s")
        }
        result.forwardLevels = forward.levels
        result.backwardLevels = backward.levels
        result.peakBytes = max(result.peakBytes, forward.seen.bytes + backward.seen.bytes)
        if let m = meeting {
            let a = forward.seen.depth(m)!, b = backward.seen.depth(m)!
            result.moves = a + b
            result.movesAtLeast = a + b
            // The representative itself is a position: walk back to a start and on to a finish.
            if let (start, first) = walkToOrigin(m, depth: a, seen: forward.seen, forward: true),
               let (_, second) = walkToOrigin(m, depth: b, seen: backward.seen, forward: false) {
                let jumps = first + second
                if let end = board.replay(jumps, from: start), finishes.contains(where: { tables.canonical($0) == tables.canonical(end) }) {
                    result.start = start
                    result.jumps = jumps
                }
            }
        }
        result.seconds = monotonicSeconds() - t0
        return result
    }

    /// Grows `side` by one move; returns a position found on the other side, if any.
    /// `pegBound`: forward, the fewest pegs of the backward frontier; backward, the most pegs of
    /// the forward frontier. Positions past it are dropped: with a solution X_0 ... X_D of the
    /// fewest moves and the sides at depths a, b with a + b < D, X_a is in the forward frontier
    /// and X_{D-b} in the backward one, so pegs(X_{a+1}) >= pegs(X_{D-b}) >= fewest pegs of the
    /// backward frontier, and likewise backward; these bounds only tighten as the sides grow
    /// (forward moves remove pegs, reverse moves add them), and a chain past the bound stays
    /// past it, so it is not extended.
    func grow(_ side: inout Side, against other: DepthMap, forward: Bool, pegBound: Int, result: inout MoveSearchResult) -> UInt64? {
        let depth = side.depth + 1
        var next: [UInt64] = []
        var meeting: UInt64? = nil
        let chunk = chunkParents
        var cursor = 0
        let frontier = side.frontier
        let t = frontier.count < 4096 ? 1 : threads
        let buffers = (0..<t).map { _ in GrowableBuffer<UInt64>() }
        let meets = SharedPointer<UInt64>(capacity: t)
        let made = SharedPointer<UInt64>(capacity: t)
        defer { meets.p.deallocate(); made.p.deallocate() }
        while cursor < frontier.count && meeting == nil {
            // A limit ends the level between chunks: a partial level decides nothing more (the
            // caller reports the bound before it), though a meeting in it is still exact.
            if cursor > 0 && shouldStop() { levelStopped = true; return nil }
            let first = cursor, last = min(frontier.count, cursor + chunk)
            let seen = side.seen
            expand(frontier, first..<last, seen: seen, other: other, forward: forward, pegBound: pegBound,
                   depth: depth, threads: t, into: buffers, meets: meets, made: made)
            for part in 0..<t {
                result.children &+= made.p[part]
                let out = buffers[part]
                side.seen.reserve(out.count)
                for k in 0..<out.count where side.seen.insert(out.base[k], depth: depth) { next.append(out.base[k]) }
                if meeting == nil && meets.p[part] != 0 { meeting = meets.p[part] }
            }
            cursor = last
        }
        side.depth = depth
        side.frontier = next
        side.levels.append(next.count)
        side.measure()
        return meeting
    }

    /// In parallel over `threads` parts: the new canonical positions (not in `seen`, within the
    /// peg bound and the pagodas) that one move from `frontier[range]` reaches, into one buffer
    /// a part; `meets.p[part]` is one of them found on `other` (0: none) and `made.p[part]` the
    /// chain positions the part generated.
    func expand(_ frontier: [UInt64], _ range: Range<Int>, seen: DepthMap, other: DepthMap, forward: Bool, pegBound: Int,
                depth: Int, threads t: Int, into buffers: [GrowableBuffer<UInt64>], meets: SharedPointer<UInt64>, made: SharedPointer<UInt64>) {
        let first = range.lowerBound, last = range.upperBound
        DispatchQueue.concurrentPerform(iterations: t) { part in
            let out = buffers[part]
            out.count = 0
            var meet: UInt64 = 0
            var generated: UInt64 = 0
            let visit = { (c: UInt64) -> Bool in
                generated &+= 1
                let v = self.verdict(c, forward: forward, pegBound: pegBound, depth: depth)
                guard v == .store else { return v == .extend }
                let key = self.tables.canonical(c)
                if !seen.contains(key) {
                    out.reserve(out.count + 1)
                    out.base[out.count] = key
                    out.count += 1
                    if meet == 0 && other.contains(key) { meet = key }
                }
                return true
            }
            frontier.withUnsafeBufferPointer { parents in
                let lo = first + (last - first) * part / t, hi = first + (last - first) * (part + 1) / t
                for i in lo..<hi {
                    if forward { self.forEachMove(from: parents[i], visit) } else { self.forEachReverseMove(from: parents[i], visit) }
                }
            }
            meets.p[part] = meet
            made.p[part] = generated
        }
    }

    enum ChainStep { case extend, skip, stop }

    /// Depth first over the moves from `q` (every chain prefix), or over the reverse moves
    /// (chains of unjumps) when `reversed`: `visit` gets each position with the chain's jumps
    /// in chain order and says whether to go on past it, not past it, or stop. For assembling
    /// and walking back solutions (plain arrays, not the hot loops'). Returns false when stopped.
    @discardableResult
    func forEachChain(from q: UInt64, reversed: Bool, _ visit: (UInt64, [Int]) -> ChainStep) -> Bool {
        var chain: [Int] = []
        func search(_ p: UInt64, hole: Int?) -> Bool {
            let candidates: [Int]
            if let hole {
                candidates = reversed ? board.jumps.indices.filter { board.jumps[$0].to == hole } : board.jumpsFrom[hole]
            } else {
                candidates = Array(board.jumps.indices)
            }
            for j in candidates {
                let jump = board.jumps[j]
                guard reversed ? p & jump.flip == UInt64(1) << UInt64(jump.to) : p & jump.flip == jump.need else { continue }
                let c = p ^ jump.flip
                chain.append(j)
                defer { chain.removeLast() }
                switch visit(c, chain) {
                case .stop: return false
                case .skip: continue
                case .extend: if !search(c, hole: reversed ? jump.from : jump.to) { return false }
                }
            }
            return true
        }
        return search(q, hole: nil)
    }

    /// From position `x` at `depth` on a side back to its origin, depth by depth; returns the
    /// origin and the jumps in playing order (origin to x forward; x to the finish backward).
    func walkToOrigin(_ x: UInt64, depth: Int, seen: DepthMap, forward: Bool) -> (UInt64, [Int])? {
        var position = x
        var collected: [[Int]] = []
        for k in stride(from: depth, to: 0, by: -1) {
            // Chains leading back one move: reverse moves for the forward side (a position
            // at depth k - 1 with a move to here), forward moves for the backward side.
            var found: (UInt64, [Int])? = nil
            forEachChain(from: position, reversed: forward) { c, chain in
                guard seen.depth(tables.canonical(c)) == k - 1 else { return .extend }
                found = (c, chain)
                return .stop
            }
            guard let (previous, jumps) = found else { return nil }
            collected.append(forward ? jumps.reversed() : jumps)
            position = previous
        }
        let jumps = forward ? collected.reversed().flatMap { $0 } : collected.flatMap { $0 }
        return (position, jumps)
    }
}
