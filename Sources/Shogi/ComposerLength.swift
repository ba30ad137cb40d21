// The composers' length and main line (rules 4 and 5 of Puzzles/tsume/README.md): the forced
// length W with futile interpositions not counted, found by bounded searches of a composer
// solver (`MateSolver(composer: true)`) shortening from a plain-minimax mate length (a plain
// mate within N is a composer mate within N: the composer's defender has fewer replies), then the
// main line walked from the root: the attacker plays a move that mates in W, the defender a
// longest reply whose line ends with the hand empty, else one two plies shorter that does
// (2手長駒余り), else a longest one.
import Foundation
import SolverKit

/// One walked line: its moves, the attacker's hand at its end, and the forced length W at each
/// of its nodes (before each move).
struct ComposerLine {
    var moves: [Move] = []
    var endHand = Hand()
    var values: [Int] = []
    /// Defender nodes of the line where the 2手長駒余り exemption chose a reply two plies
    /// shorter than the longest (the ply index of the defender's move in `moves`).
    var exemptions: [Int] = []
}

/// The composer search's answer for one problem.
struct ComposerAnswer {
    enum Verdict { case mate, noMate, limit }
    var verdict: Verdict
    /// W, the forced length (exact when `exact`; else a mate of at most W is proven).
    var forcedLength = 0
    var exact = false
    /// No composer mate within this many plies was shown (0: nothing shown).
    var noMateWithin = 0
    var line: ComposerLine? = nil
    var iterations: [(Int, Int?)] = []
    /// The walk ran out of its budget of nodes and took the first reply where it could not
    /// compare the lines' leftovers (the line is then still a longest line, not the rules' choice).
    var walkCapped = false
    /// composerLength: the main line's length.
    var length: Int { line?.moves.count ?? forcedLength }
}

extension MateSolver {
    /// Attacker and defender nodes the main-line walk visits at most, beyond the first choice
    /// at each node (comparing leftovers of alternatives), per million of `walkNodeCap`; a bound
    /// that does not depend on timing.
    static let composerWalkCap = 20_000
    /// Search nodes the walk may spend in all before it stops comparing alternatives: once a
    /// line ends with pieces in hand, rule 5 asks every other check up the line whether it
    /// mates, and each that does not is a disproof as deep as the node (zukou-013: W = 23
    /// exact, then more than 2M nodes of such disproofs). Past this the walk keeps the line it
    /// has, a longest line, and says so (`walkCapped`). `--walk-nodes` sets another
    /// (`MateSolver.walkNodeCap`).
    static let composerWalkNodeCap: UInt64 = 1_000_000

    /// The forced composer length from a plain-minimax upper bound (a mate of `upperBound`
    /// plies proven under plain minimax), then the main line. Composer solver only. With
    /// `expected` (the length the problem claims), the first bound searched is `expected - 2`;
    /// with `noMateWithin` (an earlier run's disproofs, `--resume`), the search starts above it.
    func composerSolve(upperBound: Int, expected: Int? = nil, noMateWithin: Int = -1) -> ComposerAnswer {
        precondition(composer)
        var answer = ComposerAnswer(verdict: .mate, forcedLength: upperBound)
        var schedule = ShorteningSchedule(proven: upperBound, firstBound: expected.map { $0 - 2 }, noMateWithin: noMateWithin)
        answer.exact = true
        // proven by a composer search (not only by the plain upper bound): the table holds the
        // proof tree the walk follows
        var composerProof = false
        while !schedule.isExact {
            let bound = schedule.nextBound
            progress("composer: forced length at most \(schedule.proven), searching within \(bound)")
            let w = composerSearch(within: bound)
            if w.pn == 0 && Int(w.length) <= schedule.proven { composerProof = true }
            debugLog("composer: bound \(bound) -> \(w.pn == 0 ? "proven \(w.length)" : w.dn == 0 ? "disproven" : "open"), \(nodes) nodes")
            if w.pn != 0 && w.dn != 0 { answer.exact = false; break }
            let length: Int? = w.pn == 0 ? Int(w.length) : nil
            schedule.record(bound: bound, provenLength: length, noMateWithin: Int(w.depth))
            answer.iterations.append((bound, length))
        }
        answer.forcedLength = schedule.proven
        answer.noMateWithin = max(0, schedule.disproven)
        if !answer.exact { answer.verdict = .limit; return answer }
        // W taken from the plain upper bound (every lower bound disproven): no composer proof of
        // the root in the table, and the walk would build one node by node; the plain guide
        // supplies its proofs (`MateSolver+PlainGuide.swift`). Otherwise the table has them and
        // the guide's failed probes would only cost.
        plainProbeEnabled = !composerProof
        debugLog("composer: shortening done, \(nodes) nodes, guide \(plainProbeEnabled)")
        progress("composer: forced length \(answer.forcedLength), walking the main line")
        var walk = ComposerWalk(solver: self)
        defer { debugLog("composer: walk done, \(nodes) nodes (plain probes \(plainProbeNodes), refund \(refundNodes))") }
        guard let line = walk.attacker(value: answer.forcedLength, pathKey: 0) else { answer.verdict = .limit; return answer }
        answer.line = line
        answer.walkCapped = walk.capped
        return answer
    }

    /// Is the current position mated within `bound` plies (composer rules; attacker or defender
    /// to move, `pathKey` its ancestors on the path)? nil when the budget ran out.
    func composerMated(within bound: Int, pathKey: UInt64) -> Bool? {
        if bound < 0 { return false }
        let v = composerSearch(within: bound, pathKey: pathKey)
        if v.pn == 0 { return true }
        if v.dn == 0 { return false }
        return nil
    }

    /// The exact forced length of the current attacker node known to be at most `upper` plies
    /// (odd), found by lowering the bound two plies at a time. nil when the budget ran out.
    func composerExactValue(atMost upper: Int, pathKey: UInt64) -> Int? {
        var x = upper
        while x >= 3 {
            guard let mated = composerMated(within: x - 2, pathKey: pathKey) else { return nil }
            if !mated { break }
            x -= 2
        }
        return x
    }

    /// Moves the checks at `moves[base..<base + n]` known to mate within `bound` to the front,
    /// keeping the order otherwise: those whose child the table already holds as mated (the
    /// proof tree the searches left), else the first one a plain-guide probe mates (when the
    /// guide is on). Nearly all of the walk's nodes went into disproving checks that do not
    /// mate (zukou-076: 18.6M of 18.6M), searched in generation order before the one that
    /// does; put first, it usually ends the node's loop with a line whose hand is empty.
    func orderProvenFirst(_ base: Int, _ n: Int, within bound: Int, pathKey: UInt64) {
        // the checks whose child `t` holds as mated within the bound (not a repetition), in
        // order, and the others
        func split(_ checks: [Move], by t: MateTable) -> (mated: [Move], others: [Move]) {
            var mated: [Move] = [], others: [Move] = []
            for m in checks {
                let k = pos.keysAfter(m, handOf: attacker)
                if !pathContains(k.fullKey), t.lookup(k.boardKey, k.hand, remaining: bound, pathKey: pathKey).pn == 0 {
                    mated.append(m)
                } else {
                    others.append(m)
                }
            }
            return (mated, others)
        }
        var (proven, rest) = split((0..<n).map { moves[base + $0] }, by: table)
        if proven.isEmpty, plainProbeEnabled {
            // probed first: the checks the guide's table already holds as mated (an earlier
            // probe's proof tree covers the subtrees below it), each probe then one lookup
            if let g = plainGuide { let (known, unknown) = split(rest, by: g.table); rest = known + unknown }
            for (j, m) in rest.enumerated() {
                let cap = pos.play(m)
                let mates = !pathContains(pos.fullKey) && plainProbe(remaining: bound, pathKey: pathKey) != nil
                pos.undo(m, captured: cap)
                if stopped { return }
                if mates { proven.append(rest.remove(at: j)); break }
            }
        }
        for (i, m) in (proven + rest).enumerated() { moves[base + i] = m }
    }

    /// Judges every interposition among the current defender node's replies (generated at the
    /// arena's top, `count` of them, the node on the path, searched with `bound` plies): true when
    /// all were judged, false when the budget ran out. The replies stay at `moves[base...]`.
    func judgeReplies(base: Int, count: Int, bound: Int, childPath: UInt64) -> Bool {
        markInterpositions(base, count)
        for i in 0..<count where childState[base + i] == ChildState.unresolved {
            resolveInterposition(base, count, i, remaining: bound, childPath: childPath)
            if stopped { return false }
        }
        return true
    }
}

/// The main-line walk (rule 5): depth first from the root, comparing the leftovers of the
/// candidates' own lines where the rules ask for it, with a memo of lines by position.
struct ComposerWalk {
    let solver: MateSolver
    var visited = 0
    var capped = false
    let startNodes: UInt64
    var memo: [MemoKey: ComposerLine] = [:]
    /// false: the line lasts the forced length (a longer defence's own line), the 2手長駒余り
    /// exemption not taken.
    var exemption = true

    struct MemoKey: Hashable { var key: UInt64; var value: Int }

    /// `MateSolver.composerWalkCap` per million nodes of the solver's `walkNodeCap`.
    let visitCap: UInt64

    init(solver: MateSolver) {
        self.solver = solver
        startNodes = solver.nodes
        visitCap = UInt64(MateSolver.composerWalkCap) * max(1, solver.walkNodeCap / 1_000_000)
    }

    /// Past either cap: no more alternatives are compared.
    var overCap: Bool { UInt64(visited) > visitCap || solver.nodes &- startNodes > solver.walkNodeCap }

    /// The line from the current attacker node, whose forced length is exactly `value`.
    mutating func attacker(value: Int, pathKey: UInt64) -> ComposerLine? {
        let s = solver
        let full = s.pos.fullKey
        if let known = memo[MemoKey(key: full, value: value)] { return known }
        visited += 1
        let base = s.top
        let n = s.pos.generateChecks(s.moves + base)
        s.top += n
        defer { s.top = base }
        s.pushPath(full)
        defer { s.popPath() }
        let childPath = MateSolver.childPathKey(pathKey, full)
        s.orderProvenFirst(base, n, within: value - 1, pathKey: childPath)
        var first: ComposerLine? = nil
        for i in 0..<n {
            if first != nil, overCap { capped = true; break }
            let m = s.moves[base + i]
            let cap = s.pos.play(m)
            defer { s.pos.undo(m, captured: cap) }
            guard let mates = s.composerMated(within: value - 1, pathKey: childPath) else { return nil }
            if !mates { continue }
            guard var sub = defender(value: value - 1, pathKey: childPath) else { return nil }
            sub.moves.insert(m, at: 0)
            sub.values.insert(value, at: 0)
            sub.exemptions = sub.exemptions.map { $0 + 1 }
            if sub.endHand.isEmpty { first = sub; break }
            if first == nil { first = sub }
        }
        if let line = first { memo[MemoKey(key: full, value: value)] = line }
        return first
    }

    /// The line from the current defender node, whose forced length is exactly `value` (even).
    mutating func defender(value: Int, pathKey: UInt64) -> ComposerLine? {
        let s = solver
        if value == 0 { return ComposerLine(moves: [], endHand: s.attackerHand, values: [0]) }
        let full = s.pos.fullKey
        if let known = memo[MemoKey(key: full, value: value)] { return known }
        visited += 1
        let base = s.top
        let n = s.pos.generateLegal(s.moves + base)
        s.top += n
        defer { s.top = base }
        s.pushPath(full)
        defer { s.popPath() }
        let childPath = MateSolver.childPathKey(pathKey, full)
        // Interpositions are judged lazily: only one the rules could choose (a longest reply,
        // or, for the exemption, one two plies shorter) needs to be known futile or not; the
        // choice is the same as judging all of them first.
        s.markInterpositions(base, n)
        func futile(_ i: Int) -> Bool? {
            if s.childState[base + i] == ChildState.unresolved {
                s.resolveInterposition(base, n, i, remaining: value, childPath: childPath)
                if s.stopped { return nil }
            }
            return s.childState[base + i] == ChildState.futile
        }
        // Lazily, in the replies' order: the first longest reply (forced length value - 1) whose
        // line ends with the hand empty; when every longest line ends with pieces, the first
        // reply two plies shorter whose line does (the exemption); else the first longest.
        var chosen: ComposerLine? = nil
        var firstLongest: ComposerLine? = nil
        var shorter: [Int] = []
        func follow(_ i: Int, _ childValue: Int, exempt: Bool) -> ComposerLine?? {
            let m = s.moves[base + i]
            let cap = s.pos.play(m)
            let sub = attacker(value: childValue, pathKey: childPath)
            s.pos.undo(m, captured: cap)
            guard var line = sub else { return .some(nil) }
            line.moves.insert(m, at: 0)
            line.values.insert(value, at: 0)
            line.exemptions = line.exemptions.map { $0 + 1 }
            if exempt { line.exemptions.insert(0, at: 0) }
            if overCap { capped = true }
            return .some(line)
        }
        for i in 0..<n {
            let m = s.moves[base + i]
            let cap = s.pos.play(m)
            let within3 = s.composerMated(within: value - 3, pathKey: childPath)
            s.pos.undo(m, captured: cap)
            guard let mated = within3 else { return nil }
            if mated { shorter.append(i); continue }
            guard let isFutile = futile(i) else { return nil }
            if isFutile { continue }
            guard let found = follow(i, value - 1, exempt: false), let line = found else { return nil }
            if firstLongest == nil { firstLongest = line }
            if line.endHand.isEmpty { chosen = line; break }
            if capped { break }
        }
        if chosen == nil, !capped, exemption, value - 3 >= 1 {
            for i in shorter {
                let m = s.moves[base + i]
                let cap = s.pos.play(m)
                let within5 = s.composerMated(within: value - 5, pathKey: childPath)
                s.pos.undo(m, captured: cap)
                guard let mated = within5 else { return nil }
                if mated { continue }
                guard let isFutile = futile(i) else { return nil }
                if isFutile { continue }
                guard let found = follow(i, value - 3, exempt: true), let line = found else { return nil }
                if line.endHand.isEmpty { chosen = line; break }
                if capped { break }
            }
        }
        guard let line = chosen ?? firstLongest else { return nil }
        memo[MemoKey(key: full, value: value)] = line
        return line
    }
}
