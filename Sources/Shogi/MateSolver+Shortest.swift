// The exact shortest mate (plain minimax: every legal defence counts, interpositions included):
// df-pn proves a mate, then re-proves under shorter bounds (`ShorteningSchedule`) until the
// bound two plies under the shortest proven mate fails. The main
// line is then read off with bounded proofs: the attacker plays a move that mates within the
// bound, the defender a reply that is not mated two plies sooner. Also the proof tree.
import SolverKit

/// What the mate search found for one problem.
struct MateAnswer {
    enum Verdict { case mate, noMate, limit }
    var verdict: Verdict
    /// Plies of the mate (exact when `exact`).
    var length: Int = 0
    var exact = false
    var line: [Move] = []
    var tree: JSON = .null
    /// Iterations of the shortest-mate search: (bound, proven length or nil when disproven).
    var iterations: [(Int, Int?)] = []
    /// Shown by the shortening: no mate within this many plies (0: nothing shown). With `length`
    /// it brackets the exact length when the budget ran out before it was established.
    var noMateWithin = 0
    /// Nodes and seconds of the first (unbounded) proof, before the shortening.
    var firstProofNodes: UInt64 = 0
    var firstProofSeconds = 0.0
}

extension MateSolver {
    static let unbounded = 30000

    /// Is the current position (attacker's or defender's turn) mated within `remaining` plies?
    /// Uses the table when it knows; else searches. nil when the budget ran out.
    func mateWithin(_ remaining: Int, pathKey: UInt64) -> Bool? {
        let v0 = table.lookup(pos.boardKey, attackerHand, remaining: remaining, pathKey: pathKey)
        if v0.pn == 0 { return true }
        if v0.dn == 0 { return false }
        let v = search(remaining: remaining, pathKey: pathKey)
        if stopped && v.pn != 0 && v.dn != 0 { return nil }
        return v.pn == 0
    }

    /// Proves mate, then shortens it to the exact minimum unless `firstProofOnly`.
    /// `noMateWithin`: bounds up to it are known to have no mate (an earlier run's, `--resume`).
    func solve(firstProofOnly: Bool, treeDepth: Int, noMateWithin: Int = -1) -> MateAnswer {
        let start = monotonicSeconds()
        oneDropPerLine = firstProofOnly
        progress(noMateWithin > 0 ? "proving mate (none within \(noMateWithin), taken over)" : "proving mate")
        let v = search(remaining: MateSolver.unbounded)
        if v.dn == 0, v.pn != 0 { return MateAnswer(verdict: .noMate, exact: true) }
        if v.pn != 0 { return MateAnswer(verdict: .limit) }
        var answer = MateAnswer(verdict: .mate, length: Int(v.length))
        answer.firstProofNodes = nodes
        answer.firstProofSeconds = monotonicSeconds() - start
        answer.iterations.append((MateSolver.unbounded, Int(v.length)))
        debugLog("first proof: \(v.length) plies, \(nodes) nodes, \(answer.firstProofSeconds) s")
        if !firstProofOnly {
            // Re-proving under shorter bounds in the order `ShorteningSchedule` gives.
            answer.exact = true
            var schedule = ShorteningSchedule(proven: answer.length, noMateWithin: noMateWithin)
            while !schedule.isExact {
                let bound = schedule.nextBound
                progress("shortest: mate in \(schedule.proven) proven, searching within \(bound)")
                let w = search(remaining: bound)
                debugLog("shortening: bound \(bound) -> \(w.pn == 0 ? "proven \(w.length)" : w.dn == 0 ? "disproven" : "open"), \(nodes) nodes, \(monotonicSeconds() - start) s")
                if w.pn != 0 && w.dn != 0 { answer.exact = false; break }
                let length: Int? = w.pn == 0 ? Int(w.length) : nil
                schedule.record(bound: bound, provenLength: length, noMateWithin: Int(w.depth))
                answer.iterations.append((bound, length))
            }
            answer.length = schedule.proven
            answer.noMateWithin = max(0, schedule.disproven)
        }
        if stopped {
            // The shortening ran out of budget: the mate stands, its line is read off as proven
            // (the defender taking the longest known proof), and the result says not shortest.
            answer.exact = false
            answer.verdict = .limit
            stopped = false
            extractionNodeCap = nodes + 100_000
            if let line = mainLine(length: answer.length, exact: false) { answer.line = line }
            return answer
        }
        let lineNodes = nodes
        guard let line = mainLine(length: answer.length, exact: answer.exact) else { answer.verdict = .limit; return answer }
        debugLog("main line: \(line.count) plies, \(nodes - lineNodes) nodes, \(monotonicSeconds() - start) s")
        answer.line = line
        answer.tree = proofTree(bound: answer.length, plies: treeDepth, previousTo: -1) ?? .null
        return answer
    }

    /// Walks down from the root: the attacker keeps the mate within the bound, the defender picks a
    /// reply whose value is exact (when `exact`), else the reply with the longest known proof.
    /// Each step asks about the position with the line as its path, as the root's searches saw it:
    /// their entries resting on a repetition (stored for one path) then answer too.
    /// The move is read from the table first (the proof and the last disproof of the shortening
    /// are mostly still there); where the table lost it, the node alone is searched again, which
    /// stores the child that decides it. Trying the moves one by one instead made every check
    /// ahead of the right one a full search, some of them the disproof of a mate just too long.
    func mainLine(length: Int, exact: Bool) -> [Move]? {
        var line: [Move] = []
        var captures: [Int] = []
        var bound = length
        var pathKey: UInt64 = 0
        defer {
            for (m, c) in zip(line, captures).reversed() { pos.undo(m, captured: c); popPath() }
        }
        let buf = UnsafeMutablePointer<Move>.allocate(capacity: Position.maxMoves)
        defer { buf.deallocate() }
        while true {
            let isOr = pos.sideToMove == attacker
            let n = isOr ? pos.generateChecks(buf) : pos.generateLegal(buf)
            if !isOr && n == 0 { break }
            if isOr && n == 0 { return nil }
            let full = pos.fullKey
            var chosen = isOr || exact ? tableChoice(buf, n, bound: bound, pathKey: pathKey) : -1
            if chosen < 0, isOr || exact {
                debugLog("mainLine: ply \(line.count) searched again, \(nodes) nodes")
                // the node's own entry would answer the search at once: forget it, so that the
                // search expands the node and stores its deciding child
                table.forget(pos.boardKey)
                let v = search(remaining: isOr ? bound : bound - 2, pathKey: pathKey)
                if stopped { return nil }
                if (isOr && v.pn != 0) || (!isOr && v.dn != 0) {
                    debugLog("mainLine: bound \(bound) not confirmed at ply \(line.count) \(pos.sfen)"); return nil
                }
                chosen = tableChoice(buf, n, bound: bound, pathKey: pathKey)
            }
            var fallback = -1, fallbackLength = -1
            if chosen < 0 {
                // one by one (the limit's walk, or a deciding entry replaced at once)
                pushPath(full)
                defer { popPath() }
                for i in 0..<n {
                    let m = buf[i]
                    let cap = pos.play(m)
                    let ok: Bool?
                    if pathContains(pos.fullKey) {
                        ok = false
                    } else if isOr {
                        ok = mateWithin(bound - 1, pathKey: MateSolver.childPathKey(pathKey, full))
                    } else if exact {
                        // a reply not mated within bound - 3 has exact value bound - 1
                        ok = mateWithin(bound - 3, pathKey: MateSolver.childPathKey(pathKey, full)).map { !$0 }
                    } else {
                        let v = table.lookup(pos.boardKey, attackerHand, remaining: bound - 1, pathKey: MateSolver.childPathKey(pathKey, full))
                        if v.pn == 0, Int(v.length) > fallbackLength { fallbackLength = Int(v.length); fallback = i }
                        ok = false
                    }
                    pos.undo(m, captured: cap)
                    guard let found = ok else { return nil }
                    if found { chosen = i; break }
                }
            }
            if chosen < 0 { chosen = fallback }
            if chosen < 0 { debugLog("mainLine stuck at ply \(line.count) isOr=\(isOr) bound=\(bound) n=\(n) \(pos.sfen)"); return nil }
            let m = buf[chosen]
            pushPath(full)
            pathKey = MateSolver.childPathKey(pathKey, full)
            captures.append(pos.play(m))
            line.append(m)
            bound -= 1
            if line.count > length + 1 || pathLength >= MateSolver.maxPly { return nil }
        }
        // an exact line has exactly `length` plies: a shorter one means a defender move was not
        // the longest resistance (never expected; better no line than a wrong one)
        if exact && line.count != length { debugLog("mainLine: \(line.count) plies for an exact \(length)"); return nil }
        return line
    }

    /// The move the table shows at the current node (mated within `bound`, `pathKey` its
    /// ancestors, which are on the path), or -1: for the attacker a mate in 1 or a check whose
    /// proof fits in bound - 1 (the shortest known); for the defender of an exact line a reply
    /// disproven within bound - 3, whose value is then exactly bound - 1, or the only reply not
    /// known to be mated within bound - 3. Lookups only.
    func tableChoice(_ buf: UnsafeMutablePointer<Move>, _ n: Int, bound: Int, pathKey: UInt64) -> Int {
        let isOr = pos.sideToMove == attacker
        if !isOr && bound < 3 { return 0 }
        let childPath = MateSolver.childPathKey(pathKey, pos.fullKey)
        var chosen = -1, chosenLength = Int.max
        var candidates = 0
        for i in 0..<n {
            let m = buf[i]
            let cap = pos.play(m)
            defer { pos.undo(m, captured: cap) }
            if pathContains(pos.fullKey) { candidates += 1; continue }
            if isOr {
                if !pos.hasLegalMove() { return i }
                let v = table.lookup(pos.boardKey, attackerHand, remaining: bound - 1, pathKey: childPath)
                if v.pn == 0, Int(v.length) < chosenLength { chosen = i; chosenLength = Int(v.length) }
            } else {
                let v = table.lookup(pos.boardKey, attackerHand, remaining: bound - 3, pathKey: childPath)
                if v.dn == 0, v.pn != 0 { return i }
                if v.pn != 0 { candidates += 1; chosen = i }
            }
        }
        // On an exact line the node's value is `bound`, so some reply's value is bound - 1: when
        // every reply but one is known to be mated within bound - 3, that one is it, no search needed.
        if !isOr { return candidates == 1 ? chosen : -1 }
        return chosen
    }

    /// The proof tree from the current OR node: the attacker's move, then every defence with the
    /// attacker's answer, to `plies` plies.
    func proofTree(bound: Int, plies: Int, previousTo: Int) -> JSON? {
        if plies <= 0 { return nil }
        let buf = UnsafeMutablePointer<Move>.allocate(capacity: Position.maxMoves)
        defer { buf.deallocate() }
        let n = pos.generateChecks(buf)
        let known = tableChoice(buf, n, bound: bound, pathKey: 0)
        for i in 0..<n where known < 0 || i == known {
            let m = buf[i]
            let kif = pos.kif(m, previousTo: previousTo)
            let cap = pos.play(m)
            if i == known || mateWithin(bound - 1, pathKey: 0) == true {
                var fields: [(String, JSON)] = [("move", .string(m.usi)), ("kif", .string(kif))]
                if plies >= 2 {
                    let replies = UnsafeMutablePointer<Move>.allocate(capacity: Position.maxMoves)
                    let r = pos.generateLegal(replies)
                    var defences: [JSON] = []
                    for j in 0..<r {
                        let d = replies[j]
                        let dk = pos.kif(d, previousTo: m.to)
                        let dcap = pos.play(d)
                        var entry: [(String, JSON)] = [("move", .string(d.usi)), ("kif", .string(dk))]
                        if let sub = proofTree(bound: bound - 2, plies: plies - 2, previousTo: d.to) {
                            entry.append(("answer", sub))
                        }
                        pos.undo(d, captured: dcap)
                        defences.append(.object(entry))
                    }
                    replies.deallocate()
                    fields.append(("defences", .array(defences)))
                }
                pos.undo(m, captured: cap)
                return .object(fields)
            }
            pos.undo(m, captured: cap)
        }
        return nil
    }
}

extension Position {
    /// Checks a mating line: every move legal, every attacker move a check, the last position mate.
    /// Returns nil when it holds, else what is wrong.
    package func verifyMate(_ line: [Move]) -> String? {
        var p = self
        let attacker = p.sideToMove
        let buf = UnsafeMutablePointer<Move>.allocate(capacity: Position.maxMoves)
        defer { buf.deallocate() }
        for (i, m) in line.enumerated() {
            let n = p.generateLegal(buf)
            if !(0..<n).contains(where: { buf[$0] == m }) { return "ply \(i + 1) \(m.usi) is not legal" }
            p.play(m)
            if p.sideToMove != attacker, !p.inCheck { return "ply \(i + 1) \(m.usi) does not give check" }
        }
        if p.sideToMove == attacker { return "the line ends with a defender move" }
        if p.hasLegalMove() { return "the final position is not mate" }
        return nil
    }

    /// A move in KIF style: ▲７六歩, △同玉, ▲５四銀打, ▲２三角成, ▲３三桂不成.
    package func kif(_ m: Move, previousTo: Int) -> String {
        let mark = sideToMove == 0 ? "▲" : "△"
        let fullDigits = ["１", "２", "３", "４", "５", "６", "７", "８", "９"]
        let kanjiDigits = ["一", "二", "三", "四", "五", "六", "七", "八", "九"]
        let dest = m.to == previousTo ? "同" : fullDigits[m.to / 9] + kanjiDigits[m.to % 9]
        if m.isDrop { return mark + dest + Piece.kanji[m.dropType] + "打" }
        let p = piece(m.from)
        let t = Piece.type(p)
        var s = mark + dest + Piece.kanji[t]
        if m.isPromotion { s += "成" }
        else if Piece.canPromote(t), Geometry.inZone(m.from, sideToMove) || Geometry.inZone(m.to, sideToMove) { s += "不成" }
        return s
    }

    /// The KIF text of a line played from this position.
    package func kifLine(_ line: [Move]) -> [String] {
        var p = self
        var previous = -1
        var out: [String] = []
        for m in line {
            out.append(p.kif(m, previousTo: previous))
            previous = m.to
            p.play(m)
        }
        return out
    }
}

import Foundation
let debugLogging = ProcessInfo.processInfo.environment["SHOGI_DEBUG"] != nil
/// A line on stderr when SHOGI_DEBUG is set (the text is only built then).
func debugLog(_ s: @autoclosure () -> String) { if debugLogging { StandardStream.error.write(s() + "\n") } }
