// A brute-force transcription of the composers' rules (Puzzles/tsume/README.md, rules 2-5),
// written for the tests independently of the solver: no table, no proof numbers, no bounded
// shortcuts. Exact values by trying every odd length in turn; L0 and the futility test exactly as
// the rules state them. Exponential: for mates of a few plies only.
@testable import Shogi

enum ComposerBrute {
    static func legal(_ p: inout Position) -> [Move] {
        let buf = UnsafeMutablePointer<Move>.allocate(capacity: Position.maxMoves)
        defer { buf.deallocate() }
        let n = p.generateLegal(buf)
        return (0..<n).map { buf[$0] }
    }

    /// The attacker's legal moves that give check.
    static func checks(_ p: inout Position) -> [Move] {
        legal(&p).filter { m in
            let cap = p.play(m)
            defer { p.undo(m, captured: cap) }
            return p.inCheck
        }
    }

    /// Defender to move: the squares strictly between its king and the one sliding piece
    /// checking it from afar, and that piece's square; (0, -1) otherwise.
    static func interposition(_ p: Position) -> (UInt128, Int) {
        let k = Int(p.kingSquare[p.sideToMove])
        let chk = p.attackers(of: k, by: 1 - p.sideToMove)
        guard chk.count == 1 else { return (0, -1) }
        let t = Piece.type(p.piece(chk.first))
        guard [Piece.lance, Piece.bishop, Piece.rook, Piece.horse, Piece.dragon].contains(t) else { return (0, -1) }
        return (Position.between(k, chk.first), chk.first)
    }

    /// Attacker to move: mated within `n` plies?
    static func attackerMated(_ p: inout Position, _ n: Int) -> Bool {
        if n < 1 { return false }
        for c in checks(&p) {
            let cap = p.play(c)
            let mated = defenderMated(&p, n - 1)
            p.undo(c, captured: cap)
            if mated { return true }
        }
        return false
    }

    /// The exact forced length of an attacker node, when at most `limit`.
    static func attackerValue(_ p: inout Position, limit: Int) -> Int? {
        var v = 1
        while v <= limit {
            if attackerMated(&p, v) { return v }
            v += 2
        }
        return nil
    }

    /// The defender's replies split into interpositions and the others, with L0 (nil when some
    /// other reply is not mated within `limit` - 1: L0 exceeds the limit).
    static func split(_ p: inout Position, limit: Int) -> (real: [Move], inter: [Move], checker: Int, l0: Int?) {
        let (between, checker) = interposition(p)
        var real: [Move] = [], inter: [Move] = []
        for m in legal(&p) { if Geometry.has(between, m.to) { inter.append(m) } else { real.append(m) } }
        var l0 = 0
        for r in real {
            let cap = p.play(r)
            let v = attackerValue(&p, limit: limit - 1)
            p.undo(r, captured: cap)
            guard let v else { return (real, inter, checker, nil) }
            l0 = max(l0, 1 + v)
        }
        return (real, inter, checker, l0)
    }

    /// Rule 3: the interposition `i` is futile when the checking piece can capture it with check
    /// and, the piece back with the defender, the position is mated within L0.
    static func futile(_ p: inout Position, _ i: Move, checker: Int, l0: Int) -> Bool {
        let defender = p.sideToMove
        let icap = p.play(i)
        defer { p.undo(i, captured: icap) }
        for c in legal(&p) where !c.isDrop && c.from == checker && c.to == i.to {
            let ccap = p.play(c)
            defer { p.undo(c, captured: ccap) }
            if !p.inCheck { continue }
            let t = Piece.base(Piece.type(ccap))
            p.removeHand(1 - defender, t); p.addHand(defender, t)
            let mated = defenderMated(&p, l0)
            p.removeHand(defender, t); p.addHand(1 - defender, t)
            if mated { return true }
        }
        return false
    }

    /// Defender to move: mated within `n` plies (futile interpositions not counted)?
    static func defenderMated(_ p: inout Position, _ n: Int) -> Bool {
        let (_, inter, checker, l0) = split(&p, limit: n)
        guard let l0 else { return false }
        for i in inter {
            let cap = p.play(i)
            let mated = attackerMated(&p, n - 1)
            p.undo(i, captured: cap)
            if mated { continue }
            if !futile(&p, i, checker: checker, l0: l0) { return false }
        }
        return true
    }

    /// The defender's replies that are not futile interpositions (`limit`: a bound on the node's
    /// forced length, so that L0 is known exactly).
    static func defences(_ p: inout Position, limit: Int) -> [Move] {
        let (real, inter, checker, l0) = split(&p, limit: limit)
        guard let l0 else { return real + inter }
        return real + inter.filter { !futile(&p, $0, checker: checker, l0: l0) }
    }

    /// Rule 5's main line from an attacker node of forced length `value`: its moves and the
    /// attacker's hand at its end.
    static func mainLine(_ p: inout Position, value: Int) -> (moves: [Move], end: Hand) {
        var first: ([Move], Hand)? = nil
        for c in checks(&p) {
            let cap = p.play(c)
            defer { p.undo(c, captured: cap) }
            if !defenderMated(&p, value - 1) { continue }
            let sub = defenderLine(&p, value: value - 1)
            if sub.end.isEmpty { return ([c] + sub.moves, sub.end) }
            if first == nil { first = ([c] + sub.moves, sub.end) }
        }
        return first!
    }

    static func defenderLine(_ p: inout Position, value: Int) -> (moves: [Move], end: Hand) {
        if value == 0 { return ([], p.hands[1 - p.sideToMove]) }
        var longest: [Move] = [], shorter: [Move] = []
        for r in defences(&p, limit: value) {
            let cap = p.play(r)
            let v = attackerValue(&p, limit: value - 1)
            p.undo(r, captured: cap)
            if v == value - 1 { longest.append(r) } else if v == value - 3 { shorter.append(r) }
        }
        var firstLongest: ([Move], Hand)? = nil
        for (group, v) in [(longest, value - 1), (shorter, value - 3)] {
            for r in group {
                let cap = p.play(r)
                let sub = mainLine(&p, value: v)
                p.undo(r, captured: cap)
                if sub.end.isEmpty { return ([r] + sub.moves, sub.end) }
                if v == value - 1, firstLongest == nil { firstLongest = ([r] + sub.moves, sub.end) }
            }
        }
        return firstLongest!
    }
}
