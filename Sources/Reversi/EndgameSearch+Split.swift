// The thread side of young-brothers-wait splitting (see SplitPoint.swift): opening a split
// point at a node, working on one, and the helper threads' loop.

extension EndgameSearch {
    /// Shares moves from..<count of the node with the idle threads and works on them too;
    /// returns the node's best score and move once every move is done (or it was cut off).
    mutating func split(_ p: UInt64, _ o: UInt64, _ n: Int, alpha: Int, beta: Int, best: Int, bestMove: Int,
                        _ list: UnsafeMutablePointer<OrderedMove>, from: Int, count: Int, pool: SplitPool) -> (best: Int, bestMove: Int) {
        let sp = SplitPoint(player: p, opponent: o, empties: n, alpha: alpha, beta: beta, best: best, bestMove: bestMove,
                            moves: list, from: from, count: count, parent: currentSplit, probCutMargin: probCutMargin)
        pool.publish(sp)
        work(on: sp, pool: pool)
        pool.withdraw(sp)
        // Wait for the helpers, helping below this node meanwhile.
        while sp.state.withLock({ $0.workers }) > 0 {
            if let other = pool.join(below: sp, keepWaiting: { sp.state.withLock { $0.workers } > 0 }) {
                work(on: other, pool: pool)
            }
        }
        return sp.state.withLock { ($0.best, $0.bestMove) }
    }

    /// Pulls moves of `sp` until none is left or it is cut off; the caller has joined `sp`.
    mutating func work(on sp: SplitPoint, pool: SplitPool) {
        let saved = currentSplit, savedMargin = probCutMargin
        currentSplit = Unmanaged.passUnretained(sp)
        probCutMargin = sp.probCutMargin
        let beta = sp.beta, n = sp.empties
        while true {
            let taken = sp.state.withLock { s -> (index: Int, alpha: Int)? in
                guard s.next < sp.moveCount, s.alpha < beta, !sp.cut.load(ordering: .relaxed) else { return nil }
                s.next += 1
                return (s.next - 1, s.alpha)
            }
            guard let (i, a) = taken else { break }
            let mv = sp.moves[i]
            let np = sp.opponent ^ mv.flips, no = sp.player ^ mv.flips ^ (UInt64(1) << UInt64(mv.square))
            var score = -search(np, no, -a - 1, -a, n - 1)
            if score > a && score < beta && !aborted && !sp.isCutOff {
                let current = sp.state.withLock { $0.alpha }
                if current < beta { score = -search(np, no, -beta, -current, n - 1) }
            }
            if aborted || sp.isCutOff { break }
            sp.state.withLock { s in
                if score > s.best { s.best = score; s.bestMove = mv.square }
                if score > s.alpha {
                    s.alpha = score
                    if score >= beta { sp.cut.store(true, ordering: .relaxed) }
                }
            }
        }
        currentSplit = saved
        probCutMargin = savedMargin
        sp.state.withLock { $0.workers -= 1 }
        pool.notify()
    }
}
