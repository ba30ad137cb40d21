// The horizon of a bounded search: an attacker node with three plies left is decided by a
// direct mate-in-3 search (checks, replies, mate-in-1 tests) instead of df-pn expansion, which
// would store every check's defender node and every reply's attacker node in the table.
import SolverKit

extension MateSolver {
    /// Mate in 1 among the checks at `checks[0..<n]`: its index, or -1.
    @inline(__always)
    func mateInOneIndex(_ checks: UnsafeMutablePointer<Move>, _ n: Int) -> Int {
        for i in 0..<n {
            let m = checks[i]
            let cap = pos.play(m)
            let mated = !pos.hasLegalMove()
            pos.undo(m, captured: cap)
            if mated { return i }
        }
        return -1
    }

    /// Mate in 3 from the current attacker position, whose `n` checks are at `checks` and none
    /// of them mates at once (the space after them is scratch): true or false, or nil when a
    /// position of the path comes up, whose repetition df-pn must handle (a disproof resting on
    /// it holds on this path only). The position itself is not yet on the path.
    /// Measured against df-pn down to the mate-in-1 test: eleven Zuko problems (1 thread,
    /// 256 MB) 95.3 -> 78.6 CPU-s, zukou-008's climb to no mate within 25 (2 GB) 61.5 -> 49.4 s.
    /// Searching five plies so (recursively) cut some (zukou-037 39 -> 27 s) and slowed others
    /// (zukou-070 6.5 -> 9.3 s, 008's climb 49 s -> open).
    func mateInThree(checks: UnsafeMutablePointer<Move>, _ n: Int) -> Bool? {
        let replies = checks + n
        pushPath(pos.fullKey)
        defer { popPath() }
        for i in 0..<n {
            let m = checks[i]
            let cap = pos.play(m)
            defer { pos.undo(m, captured: cap) }
            countNode()
            if pathContains(pos.fullKey) { return nil }
            pushPath(pos.fullKey)
            defer { popPath() }
            let e = pos.generateLegal(replies)
            var mates = e > 0
            for j in 0..<e {
                let d = replies[j]
                let dcap = pos.play(d)
                defer { pos.undo(d, captured: dcap) }
                countNode()
                if pathContains(pos.fullKey) { return nil }
                let next = replies + e
                if mateInOneIndex(next, pos.generateChecks(next)) < 0 { mates = false; break }
            }
            if mates { return true }
        }
        return false
    }
}
