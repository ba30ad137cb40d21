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
    /// Cheaper than df-pn this close to the horizon: df-pn would store every check's and every
    /// reply's node; a direct search of three plies stores none. Deeper direct searches (five
    /// plies) win on some problems and lose on others, so three it is.
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
