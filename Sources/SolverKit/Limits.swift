// Search limits (time, nodes, memory) and the per-position budget that enforces them.
//
// A search that runs out of budget ends cleanly: the game returns status `limit` with the
// statistics so far. Interruption (SIGINT/SIGTERM) stops every budget at once.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

public struct Limits: Sendable {
    /// Wall-clock seconds for one position, or nil for none.
    public var timeLimit: Double?
    /// Nodes for one position, or nil for none.
    public var nodeLimit: UInt64?
    /// Memory the transposition tables of one position may take.
    public var hashMB: Int

    public init(timeLimit: Double? = nil, nodeLimit: UInt64? = nil, hashMB: Int = 256) {
        self.timeLimit = timeLimit
        self.nodeLimit = nodeLimit
        self.hashMB = hashMB
    }
}

/// Monotonic seconds, cheap enough to call every few thousand nodes.
@inlinable
public func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// One position's budget. Thread-safe: every search thread may ask it.
public final class SearchBudget: Sendable {
    public let limits: Limits
    public let startTime: Double
    private let stopped = Atomic<Bool>(false)

    public init(limits: Limits) {
        self.limits = limits
        self.startTime = monotonicSeconds()
    }

    /// Seconds since the budget was created.
    public var elapsed: Double { monotonicSeconds() - startTime }

    /// True once the node or time limit is passed or the run was interrupted. Sticky.
    /// Pass the nodes searched so far for this position; call every few thousand nodes.
    public func shouldStop(nodes: UInt64) -> Bool {
        if stopped.load(ordering: .relaxed) { return true }
        var stop = Interruption.isRequested
        if let limit = limits.nodeLimit, nodes >= limit { stop = true }
        if let limit = limits.timeLimit, elapsed >= limit { stop = true }
        if stop { stopped.store(true, ordering: .relaxed) }
        return stop
    }

    /// Whether `shouldStop` has said true (or `stop()` was called).
    public var isStopped: Bool { stopped.load(ordering: .relaxed) }

    /// Stops the search from outside (e.g. a sibling thread found the answer).
    public func stop() { stopped.store(true, ordering: .relaxed) }
}
