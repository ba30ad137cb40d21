// Is a proven shortest mate's solution unique, and does the attacker use up its hand? Walks the
// tree of longest resistance: at every attacker node the moves that still mate within the exact
// remaining length are counted (exactly one is the unique solution), and the defender follows
// every reply that keeps the exact remaining length (not only the first, which the main line
// takes). Plain minimax throughout, as the shortest-mate search: interpositions count.
import SolverKit

/// What the walk over the longest-resistance tree found.
struct SolutionCheck {
    /// Exactly one mating move within the remaining length at every attacker node of the tree.
    var unique: Bool
    /// Number of attacker moves that mate within the length at the root.
    var rootMatingMoves: Int
    /// Distinct attacker hands at the ends of the tree's lines (all lines when unique; the walk
    /// stops at the first attacker node with more than one mating move).
    var finalHands: Set<Hand>
    /// Lines in the tree (leaves reached), when unique.
    var lines: Int

    /// Every longest line ends with the attacker's hand empty.
    var noLeftover: Bool { unique && finalHands.allSatisfy(\.isEmpty) }
}

extension MateSolver {
    /// Attacker nodes the walk visits at most (a bound that does not depend on timing).
    static let uniquenessNodeCap = 4096

    /// Walks the longest-resistance tree of the current position (attacker to move), whose exact
    /// shortest mate is `length` plies. nil when the budget or the node cap ran out.
    func checkSolution(length: Int) -> SolutionCheck? {
        var check = SolutionCheck(unique: true, rootMatingMoves: 0, finalHands: [], lines: 0)
        var visited = 0
        guard walkLongest(remaining: length, isRoot: true, check: &check, visited: &visited) else { return nil }
        return check
    }

    /// One attacker node of exact value `remaining`. False when the walk must give up (budget).
    private func walkLongest(remaining r: Int, isRoot: Bool, check: inout SolutionCheck, visited: inout Int) -> Bool {
        visited += 1
        if visited > MateSolver.uniquenessNodeCap || stopped { return false }
        let buf = UnsafeMutablePointer<Move>.allocate(capacity: Position.maxMoves)
        defer { buf.deallocate() }
        let n = pos.generateChecks(buf)
        var mating = -1, count = 0
        for i in 0..<n {
            let m = buf[i]
            let cap = pos.play(m)
            let ok = r == 1 ? !pos.hasLegalMove() : mateWithin(r - 1, pathKey: 0)
            pos.undo(m, captured: cap)
            guard let mates = ok else { return false }
            if mates {
                count += 1
                if mating < 0 { mating = i }
                // the root's count is a difficulty measure; elsewhere a second one settles it
                if count > 1, !isRoot { break }
            }
        }
        if isRoot { check.rootMatingMoves = count }
        if count != 1 {
            check.unique = false
            // a proven node has a mating move; none means the table and the bound disagree
            return count > 1
        }
        let m = buf[mating]
        let cap = pos.play(m)
        defer { pos.undo(m, captured: cap) }
        if r == 1 {
            check.finalHands.insert(attackerHand)
            check.lines += 1
            return true
        }
        let replies = pos.generateLegal(buf)
        for j in 0..<replies {
            let d = buf[j]
            let dcap = pos.play(d)
            // the reply keeps the exact length r - 2 unless the attacker then mates within r - 4
            let longest: Bool? = r - 4 < 1 ? true : mateWithin(r - 4, pathKey: 0).map { !$0 }
            var ok = true
            if let keeps = longest {
                if keeps { ok = walkLongest(remaining: r - 2, isRoot: false, check: &check, visited: &visited) }
            } else {
                ok = false
            }
            pos.undo(d, captured: dcap)
            if !ok { return false }
            if !check.unique { return true }
        }
        return true
    }
}

extension Position {
    /// The hand of `color` in SFEN letters ("2GP", upper case for black), "" when empty.
    func handText(_ color: Int) -> String {
        var text = ""
        for t in Hand.sfenOrder {
            let n = hands[color].count(t)
            if n == 0 { continue }
            if n > 1 { text += "\(n)" }
            text += color == 0 ? String(Piece.letters[t]) : Piece.letters[t].lowercased()
        }
        return text
    }
}
