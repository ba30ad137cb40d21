// The futile interpositions of the composer's solution tree off its main line: where the main
// line itself meets none, the composer length is shorter than the plain one because of futile
// interpositions in the variations (a defence that plain minimax prolongs by interposing), and
// the record names them with the moves that lead there.
import SolverKit

extension MateSolver {
    /// Defender nodes the variation walk visits at most (a bound independent of timing).
    static let futileVariationCap = 400

    /// One defender node of the composer tree with futile interpositions: the moves from the
    /// root that reach it, and the interpositions the rules do not count there.
    struct FutileVariation {
        var path: [Move]
        var moves: [Move]
    }

    /// The futile interpositions of the composer solution tree of `line` (the main line from the
    /// current attacker node, of forced length `value`): at every defender node, each reply that
    /// is not futile followed; at each attacker node the main line's move while on it, else the
    /// first check that mates within its forced length. nil when the budget ran out; `capped`
    /// when the walk stopped at its node cap.
    func futileInterpositionsInTree(line: [Move], value: Int) -> (found: [FutileVariation], capped: Bool)? {
        var out: [FutileVariation] = []
        var path: [Move] = []
        var visited = 0
        var capped = false

        func attackerNode(_ value: Int, _ pathKey: UInt64) -> Bool {
            let full = pos.fullKey
            let base = top
            let n = pos.generateChecks(moves + base)
            top += n
            defer { top = base }
            pushPath(full)
            defer { popPath() }
            let childPath = MateSolver.childPathKey(pathKey, full)
            orderProvenFirst(base, n, within: value - 1, pathKey: childPath)
            if stopped { return false }
            // on the main line its move first
            if path.count < line.count, Array(line.prefix(path.count)) == path,
               let j = (0..<n).first(where: { moves[base + $0] == line[path.count] }) {
                let first = moves[base]; moves[base] = moves[base + j]; moves[base + j] = first
            }
            for i in 0..<n {
                let m = moves[base + i]
                let cap = pos.play(m)
                defer { pos.undo(m, captured: cap) }
                guard let mates = composerMated(within: value - 1, pathKey: childPath) else { return false }
                if !mates { continue }
                path.append(m)
                defer { path.removeLast() }
                return defenderNode(value - 1, childPath)
            }
            return true
        }

        func defenderNode(_ value: Int, _ pathKey: UInt64) -> Bool {
            visited += 1
            if visited > MateSolver.futileVariationCap { capped = true; return true }
            let full = pos.fullKey
            let base = top
            let n = pos.generateLegal(moves + base)
            top += n
            defer { top = base }
            pushPath(full)
            defer { popPath() }
            let childPath = MateSolver.childPathKey(pathKey, full)
            guard judgeReplies(base: base, count: n, bound: value, childPath: childPath) else { return false }
            let futile = (0..<n).filter { childState[base + $0] == ChildState.futile }.map { moves[base + $0] }
            if !futile.isEmpty { out.append(FutileVariation(path: path, moves: futile)) }
            if value == 0 { return true }
            let replies = (0..<n).filter { childState[base + $0] != ChildState.futile }.map { moves[base + $0] }
            for r in replies {
                let cap = pos.play(r)
                defer { pos.undo(r, captured: cap) }
                guard let v = composerExactValue(atMost: value - 1, pathKey: childPath) else { return false }
                path.append(r)
                defer { path.removeLast() }
                if !attackerNode(v, childPath) { return false }
                if capped { return true }
            }
            return true
        }

        guard attackerNode(value, 0) else { return nil }
        return (out, capped)
    }
}
