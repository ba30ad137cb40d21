// The horizon of a bounded search: an attacker node with at most `horizon` plies left is decided
// by a direct search (checks, replies, mates in 1) instead of df-pn expansion, which would store
// every check's defender node and every reply's attacker node in the table.
import SolverKit

extension MateSolver {
    /// Plies left at which an attacker node is searched directly. Measured on eleven Zuko
    /// problems (1 thread, 256 MB) and zukou-008's climb to no mate within 25 (2 GB): 3 cut the
    /// CPU time by 15-20% against df-pn down to the mate-in-1 test; 5 cut it on some (zukou-037
    /// 39 -> 27 s) and raised it on others (zukou-070 6.5 -> 9.3 s, 008's climb 49 s -> open).
    static let horizon = 3

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

    /// Mate within `r` plies (odd, at least 3) from the current attacker position, whose `n`
    /// checks are at `checks` and none of them mates at once; the space after them is scratch.
    /// Returns the length of a mate found (not always the shortest), 0 when there is none, nil
    /// when a position of the path comes up: df-pn must handle that repetition (a disproof
    /// resting on it holds on this path only). The position itself is not yet on the path.
    func horizonMate(_ r: Int, checks: UnsafeMutablePointer<Move>, _ n: Int) -> Int? {
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
            var longest = 0
            for j in 0..<e {
                let d = replies[j]
                let dcap = pos.play(d)
                defer { pos.undo(d, captured: dcap) }
                countNode()
                if pathContains(pos.fullKey) { return nil }
                let next = replies + e
                let c = pos.generateChecks(next)
                let found: Int
                if mateInOneIndex(next, c) >= 0 { found = 1 }
                else if r < 5 { found = 0 }
                else if let f = horizonMate(r - 2, checks: next, c) { found = f }
                else { return nil }
                if found == 0 { longest = 0; break }
                longest = max(longest, found + 2)
            }
            if longest > 0 { return longest }
        }
        return 0
    }
}
