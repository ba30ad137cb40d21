// Young Brothers Wait (Feldmann, Monien, Mysliwietz and Vornberger, "Distributed game tree
// search", 1989): a node may share its remaining moves with idle threads only after its first
// move has been searched. A split point holds such a node; every thread working on it pulls
// the next move, searches it with its own stack, and narrows the shared alpha. A beta
// cut-off marks the split point so the threads below it unwind. An owner whose moves are all
// taken helps split points below its own while it waits ("helpful master").
import Foundation
import Synchronization

final class SplitPoint: @unchecked Sendable {
    struct State {
        var alpha: Int
        var best: Int
        var bestMove: Int
        var next: Int
        /// Threads currently searching a move of this node (the owner included).
        var workers: Int
    }

    let player: UInt64
    let opponent: UInt64
    let empties: Int
    let beta: Int
    let moves: UnsafeMutablePointer<OrderedMove>
    let moveCount: Int
    /// The split point the owner was working for when it made this one (nil at the top).
    /// Unmanaged, like `EndgameSearch.currentSplit`: the chain is walked at every node, and
    /// strong references there cost a retain and a release on a count both threads write
    /// (a tenth of the CPU time with 2 threads, FFO #46). The owner keeps each one alive
    /// until every thread has left it.
    let parent: Unmanaged<SplitPoint>?
    let state: Mutex<State>
    let cut = Atomic<Bool>(false)
    /// The ProbCut margin of the search that opened it (0: exact), which its helpers search
    /// with too.
    let probCutMargin: Int

    init(player: UInt64, opponent: UInt64, empties: Int, alpha: Int, beta: Int, best: Int, bestMove: Int,
         moves: UnsafeMutablePointer<OrderedMove>, from first: Int, count: Int, parent: Unmanaged<SplitPoint>?,
         probCutMargin: Int) {
        self.probCutMargin = probCutMargin
        self.player = player
        self.opponent = opponent
        self.empties = empties
        self.beta = beta
        self.moveCount = count - first
        self.moves = UnsafeMutablePointer<OrderedMove>.allocate(capacity: max(1, moveCount))
        self.moves.initialize(from: moves + first, count: moveCount)
        self.parent = parent
        self.state = Mutex(State(alpha: alpha, best: best, bestMove: bestMove, next: 0, workers: 1))
    }

    deinit { moves.deallocate() }

    /// true when this split point or one above it was cut off (its results are void).
    @inline(__always)
    var isCutOff: Bool {
        if cut.load(ordering: .relaxed) { return true }
        var s = parent
        while let u = s {
            let (isCut, next) = u._withUnsafeGuaranteedRef { ($0.cut.load(ordering: .relaxed), $0.parent) }
            if isCut { return true }
            s = next
        }
        return false
    }

    /// true when `ancestor` is this split point or one above it.
    func descends(from ancestor: SplitPoint) -> Bool {
        if self === ancestor { return true }
        let target = Unmanaged.passUnretained(ancestor).toOpaque()
        var s = parent
        while let u = s {
            if u.toOpaque() == target { return true }
            s = u._withUnsafeGuaranteedRef { $0.parent }
        }
        return false
    }

    var hasWork: Bool { !cut.load(ordering: .relaxed) && state.withLock { $0.next < moveCount } }
}

/// The split points open for helpers, and the helpers' waiting room.
final class SplitPool: @unchecked Sendable {
    let condition = NSCondition()
    /// Guarded by `condition`.
    var open: [SplitPoint] = []
    var shutdown = false
    /// Threads waiting for work (read without the lock to decide whether to split).
    let idle = Atomic<Int>(0)

    /// Publishes a split point and wakes the waiting threads.
    func publish(_ sp: SplitPoint) {
        condition.lock()
        open.append(sp)
        condition.broadcast()
        condition.unlock()
    }

    func withdraw(_ sp: SplitPoint) {
        condition.lock()
        open.removeAll { $0 === sp }
        condition.unlock()
    }

    /// Wakes waiters (a helper left a split point, or the pool shuts down).
    func notify() {
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }

    /// A split point with moves left (below `ancestor` when given) that the caller has
    /// joined, or nil. Blocks while there is none, until `keepWaiting` says stop.
    func join(below ancestor: SplitPoint?, keepWaiting: () -> Bool) -> SplitPoint? {
        condition.lock()
        defer { condition.unlock() }
        idle.add(1, ordering: .relaxed)
        defer { idle.subtract(1, ordering: .relaxed) }
        while true {
            if shutdown { return nil }
            for sp in open where ancestor == nil || sp.descends(from: ancestor!) {
                let joined = sp.state.withLock { s -> Bool in
                    guard s.next < sp.moveCount, !sp.cut.load(ordering: .relaxed) else { return false }
                    s.workers += 1
                    return true
                }
                if joined { return sp }
            }
            if !keepWaiting() { return nil }
            _ = condition.wait(until: Date(timeIntervalSinceNow: 0.002))
        }
    }
}
