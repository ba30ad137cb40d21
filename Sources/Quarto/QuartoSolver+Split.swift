// The parallel search: principal-variation splitting over the first few plies.

import Dispatch
import Synchronization

/// Shared state of one parallel search: node counts for the limits, statistics, the stop flag.
final class SearchShared: @unchecked Sendable {
    let totalNodes = Atomic<UInt64>(0)
    let limitHit = Atomic<Bool>(false)
    let stats = Mutex(SearchStatistics())
    let outer: @Sendable (UInt64) -> Bool
    init(outer: @escaping @Sendable (UInt64) -> Bool) { self.outer = outer }
}

/// Raised on a cut-off at a split node: the threads searching its other moves stop.
final class StopFlag: Sendable {
    let raised = Atomic<Bool>(false)
}

extension QuartoSolver {
    /// Plies from the root that split their moves among the threads.
    static let splitPlies = 4

    /// The fail-soft alpha-beta score of `position` (ply 0), or nil when stopped.
    func search(_ position: Position, alpha: Int, beta: Int) -> Int? {
        if stopped { return nil }
        let shared = SearchShared(outer: shouldStop)
        let v = split(occupied: position.board.occupied, attributes: position.board.attributes,
                      available: position.availablePieces, hand: position.hand,
                      alpha: alpha, beta: beta, ply: 0, levels: QuartoSolver.splitPlies, shared: shared)
        let s = shared.stats.withLock { $0 }
        statistics.nodes += s.nodes
        statistics.tableProbes += s.tableProbes
        statistics.tableHits += s.tableHits
        if shared.limitHit.load(ordering: .relaxed) || v == nil { stopped = true; return nil }
        return v
    }

    /// A search thread reporting to `shared`; it stops at a limit or when `cut` is raised.
    func makeThread(_ shared: SearchShared, _ cut: StopFlag?) -> SearchThread {
        var reported: UInt64 = 0
        return SearchThread(group: group, table: table, tableMinEmpties: tableMinEmpties) { nodes in
            let total = shared.totalNodes.add(nodes - reported, ordering: .relaxed).newValue
            reported = nodes
            if shared.limitHit.load(ordering: .relaxed) { return true }
            if let cut, cut.raised.load(ordering: .relaxed) { return true }
            if shared.outer(total) { shared.limitHit.store(true, ordering: .relaxed); return true }
            return false
        }
    }

    func collect(_ thread: SearchThread, _ shared: SearchShared) {
        shared.stats.withLock {
            $0.nodes += thread.nodes
            $0.tableProbes += thread.tableProbes
            $0.tableHits += thread.tableHits
        }
    }

    /// Principal-variation splitting (Marsland and Popowich, "Parallel game-tree search", IEEE
    /// PAMI 7(4), 1985): the first (best-ordered) move is searched first, recursively split for
    /// `levels` plies, its score narrows the window, then the other moves are shared out to the
    /// threads, each taking the next one as it finishes. Nil when stopped.
    func split(occupied occ: UInt16, attributes bits: UInt64, available avail: UInt16, hand: Int?,
               alpha: Int, beta: Int, ply: Int, levels: Int, shared: SearchShared) -> Int? {
        let board = Board(occupied: occ, attributes: bits)
        let probe = makeThread(shared, nil)
        if board.emptyCount < 6 || levels == 0 || threads == 1 {
            let v = ply == 0 ? probe.root(board, avail, hand, alpha, beta)
                : probe.search(occ, bits, avail, hand!, alpha, beta, ply)
            collect(probe, shared)
            return probe.stopped ? nil : v
        }
        guard let children = probe.rootChildren(board, avail, hand, ply: ply) else { return mate - ply - 1 }
        if children.isEmpty { return 0 }
        let best = Mutex(-mate - 1)
        // the first move, on its own
        let first = children[0]
        var v0: Int
        if let s = first.score { v0 = s } else {
            guard let c = split(occupied: first.occupied, attributes: first.attributes, available: first.available, hand: first.hand,
                                alpha: -beta, beta: -alpha, ply: ply + 1, levels: levels - 1, shared: shared) else { return nil }
            v0 = -c
        }
        best.withLock { $0 = v0 }
        if v0 >= beta || children.count == 1 { return v0 }
        // the others, shared out
        let cut = StopFlag()
        let next = Atomic<Int>(1)
        DispatchQueue.concurrentPerform(iterations: min(threads, children.count - 1)) { _ in
            let thread = makeThread(shared, cut)
            while !cut.raised.load(ordering: .relaxed) {
                let k = next.add(1, ordering: .relaxed).oldValue
                if k >= children.count { break }
                let c = children[k]
                var v: Int
                if let s = c.score { v = s } else {
                    let a = best.withLock { max(alpha, $0) }
                    let r = thread.search(c.occupied, c.attributes, c.available, c.hand, -beta, -a, ply + 1)
                    if thread.stopped { break }
                    v = -r
                }
                if best.withLock({ b -> Bool in if v > b { b = v }; return b >= beta }) { cut.raised.store(true, ordering: .relaxed) }
            }
            collect(thread, shared)
        }
        if shared.limitHit.load(ordering: .relaxed) { return nil }
        return best.withLock { $0 }
    }
}
