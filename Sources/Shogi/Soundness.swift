// The soundness report of a tsume problem (rule 6 of Puzzles/tsume/README.md): cooks (余詰),
// defences longer than the expected length (変長), a mate shorter than it (早詰), pieces left in
// hand (駒余り) and attacker pieces that are not needed (不要駒), all under the composers' rules
// and checked with the composer solver's bounded searches; also the replay that checks a
// composer line, and the interpositions a plain line plays that the composers' rules ignore.
import SolverKit

/// How much of the soundness report to compute.
enum SoundnessScope: Sendable {
    case none
    /// Cooks, longer defences, shorter mate, leftover: searches along the main line.
    case line
    /// Also redundant pieces (two bounded searches per attacker piece).
    case pieces
    /// Also the value of every check at the root (`analyze`).
    case full
}

struct SoundnessReport {
    struct Cook { var ply: Int; var move: Move; var mateIn: Int }
    struct LongerDefence { var ply: Int; var move: Move; var length: Int; var line: [Move]; var exempt: Bool }
    struct RedundantPiece { var square: Int; var piece: Int }
    struct RootCheck { var move: Move; var mateIn: Int?; var noMate: Bool }

    var mainLine: [Move] = []
    var cooks: [Cook] = []
    var expected: Int?
    var longerDefences: [LongerDefence] = []
    var shorterMate: [Move]? = nil
    /// The main line is under the expected length only by the 2-ply exemption: the forced
    /// length equals (or passes) the expected one, every longest line ending with pieces left.
    var exemptionShorter: (length: Int, forced: Int)? = nil
    var plainShorter: Bool? = nil
    var leftover = Hand()
    /// The attacker's colour (0 sente, 1 gote): `leftover` is written in its SFEN letters.
    var attacker = 0
    var redundantPieces: [RedundantPiece]? = nil
    var rootChecks: [RootCheck]? = nil
    /// Every part finished within the budget.
    var complete = true

    var flaws: [String] {
        var out: [String] = []
        if !cooks.isEmpty { out.append("cook" + (cooks.count > 1 ? "s" : "") + " at ply " + Array(Set(cooks.map(\.ply))).sorted().map(String.init).joined(separator: ", ")) }
        let longer = longerDefences.filter { !$0.exempt }
        if let e = expected, let l = longer.map(\.length).max() { out.append("longer defence (\(l) > \(e))") }
        if let e = expected, let exempt = longerDefences.filter(\.exempt).map(\.length).max() {
            out.append("2-ply longer variation with pieces left (\(exempt) > \(e), exempt)")
        }
        if let s = shorterMate, let e = expected { out.append("shorter mate (\(s.count) < \(e))" + (plainShorter == true ? ", also in plain minimax" : "")) }
        if let x = exemptionShorter, let e = expected {
            out.append("main line \(x.length) < \(e) by the 2-ply exemption (forced length \(x.forced), its lines end with pieces left)")
        }
        if !leftover.isEmpty { out.append("leftover \(SoundnessReport.handText(leftover, attacker))") }
        if let r = redundantPieces, !r.isEmpty {
            out.append("redundant " + r.map { Move.squareName($0.square) + " " + Piece.kanji[Piece.type($0.piece)] }.joined(separator: ", "))
        }
        return out
    }

    /// "sound", or the flaws found (with what was not checked).
    var verdict: String {
        let f = flaws
        var text = f.isEmpty ? "sound" : f.joined(separator: "; ")
        if !complete { text += " (report incomplete: budget)" }
        else if f.isEmpty, redundantPieces == nil { text += " (pieces not checked for redundancy)" }
        return text
    }

    /// `h` in SFEN hand letters of `color` (upper case sente, lower case gote), as the plain
    /// `leftover` field writes it.
    static func handText(_ h: Hand, _ color: Int) -> String {
        var text = ""
        for t in Hand.sfenOrder where h.count(t) > 0 {
            if h.count(t) > 1 { text += "\(h.count(t))" }
            text += color == 0 ? String(Piece.letters[t]) : Piece.letters[t].lowercased()
        }
        return text
    }

    func json(_ root: Position) -> JSON {
        func lineJSON(_ moves: [Move]) -> JSON { JSON(moves.map(\.usi)) }
        var fields: [(String, JSON)] = [("verdict", .string(verdict)), ("sound", JSON(flaws.isEmpty && complete))]
        fields.append(("cooks", .array(cooks.map { c in
            .object([("ply", JSON(c.ply)), ("move", .string(c.move.usi)), ("mateIn", JSON(c.mateIn)),
                     ("line", lineJSON(Array(mainLine.prefix(c.ply - 1)) + [c.move]))])
        })))
        fields.append(("lastMoveExempt", JSON(mainLine.count > 1)))
        if let e = expected {
            fields.append(("expectedLength", JSON(e)))
            fields.append(("longerDefences", .array(longerDefences.map { d in
                .object([("ply", JSON(d.ply)), ("move", .string(d.move.usi)), ("length", JSON(d.length)),
                         ("exempt", JSON(d.exempt)), ("line", lineJSON(d.line)),
                         ("kif", .string(root.kifLine(d.line).joined(separator: " ")))])
            })))
            if let s = shorterMate {
                fields.append(("shorterMate", .object([("length", JSON(s.count)), ("line", lineJSON(s)),
                                                       ("plainShorter", plainShorter.map { JSON($0) } ?? .null)])))
            } else {
                fields.append(("shorterMate", .null))
            }
            if let x = exemptionShorter {
                fields.append(("exemptionShorter", .object([("length", JSON(x.length)), ("forcedLength", JSON(x.forced))])))
            }
        }
        fields.append(("leftover", .string(SoundnessReport.handText(leftover, attacker))))
        if let r = redundantPieces {
            fields.append(("redundantPieces", .array(r.map { .object([("square", .string(Move.squareName($0.square))),
                                                                       ("piece", .string(Piece.kanji[Piece.type($0.piece)]))]) })))
        } else {
            fields.append(("redundantPieces", .null))
        }
        if let checks = rootChecks {
            fields.append(("rootChecks", .array(checks.map { c in
                .object([("move", .string(c.move.usi)), ("kif", .string(root.kif(c.move, previousTo: -1))),
                         ("mateIn", c.mateIn.map { JSON($0) } ?? .null), ("noMate", JSON(c.noMate)),
                         ("decided", JSON(c.mateIn != nil || c.noMate))])
            })))
        }
        fields.append(("complete", JSON(complete)))
        return .object(fields)
    }
}

extension MateSolver {
    /// Longer defences listed at most (a long problem's flawed line may offer many).
    static let longerDefenceCap = 24

    /// The soundness report of the root position (the solver's position, attacker to move, with
    /// nothing on the path), whose composer main line is `line`. Composer solver only.
    func soundness(line: ComposerLine, expected: Int?, plainLength: Int?, scope: SoundnessScope) -> SoundnessReport {
        var report = SoundnessReport(mainLine: line.moves, expected: expected, leftover: line.endHand)
        report.attacker = pos.sideToMove
        progress("soundness: cooks")
        report.cooks = cooks(line) ?? { report.complete = false; return [] }()
        debugLog("soundness: cooks done, \(nodes) nodes, stopped \(stopped)")
        if let e = expected {
            let forced = line.values.first ?? line.moves.count
            if forced < e {
                report.shorterMate = line.moves
                report.plainShorter = plainLength.map { $0 < e }
            } else if line.moves.count < e {
                report.exemptionShorter = (line.moves.count, forced)
            }
            progress("soundness: longer defences")
            report.longerDefences = longerDefences(line, expected: e) ?? { report.complete = false; return [] }()
            debugLog("soundness: longer defences done, \(nodes) nodes, stopped \(stopped)")
        }
        if scope == .pieces || scope == .full {
            progress("soundness: redundant pieces")
            report.redundantPieces = redundantPieces(forcedLength: line.values.first ?? line.moves.count)
            if report.redundantPieces == nil { report.complete = false }
            debugLog("soundness: redundant pieces done, \(nodes) nodes, stopped \(stopped)")
        }
        if scope == .full {
            progress("soundness: every check at the root")
            report.rootChecks = rootCheckValues()
            if report.rootChecks == nil { report.complete = false }
        }
        return report
    }

    /// Walks `line` from the root, calling `visit` at each node before its move (the node on the
    /// path, `pathKey` its ancestors); false from `visit` stops the walk. Returns false when
    /// stopped so.
    @discardableResult
    func alongLine(_ line: [Move], _ visit: (Int, UInt64) -> Bool) -> Bool {
        var pathKey: UInt64 = 0
        var played: [(Move, Int)] = []
        defer { for (m, c) in played.reversed() { pos.undo(m, captured: c); popPath() } }
        for (p, m) in line.enumerated() {
            if !visit(p, pathKey) { return false }
            let full = pos.fullKey
            pushPath(full)
            pathKey = MateSolver.childPathKey(pathKey, full)
            played.append((m, pos.play(m)))
        }
        return true
    }

    /// Cooks: at each attacker node of the line but the last (all of them in a mate in 1), the
    /// other checks that mate within its forced length. nil when the budget ran out.
    func cooks(_ line: ComposerLine) -> [SoundnessReport.Cook]? {
        var out: [SoundnessReport.Cook] = []
        let moves = line.moves
        let ok = alongLine(moves) { p, pathKey in
            guard p % 2 == 0, p < moves.count - 1 || moves.count == 1 else { return true }
            let value = line.values[p]
            let full = pos.fullKey
            let base = top
            let n = pos.generateChecks(self.moves + base)
            top += n
            defer { top = base }
            pushPath(full)
            defer { popPath() }
            let childPath = MateSolver.childPathKey(pathKey, full)
            for i in 0..<n where self.moves[base + i] != moves[p] {
                let c = self.moves[base + i]
                let cap = pos.play(c)
                let mated = composerMatedOrNoMate(within: value - 1, pathKey: childPath, quickCap: 10_000, plainCap: 5_000)
                pos.undo(c, captured: cap)
                guard let mates = mated else { return false }
                if mates { out.append(.init(ply: p + 1, move: c, mateIn: value)) }
            }
            return true
        }
        return ok ? out : nil
    }

    /// Defender replies on the line (not futile interpositions) after which the mate takes more
    /// than `expected` plies in all, with their lines; from the first defender node where the
    /// line's own reply does, no deeper ones (they would repeat it). nil when the budget ran out.
    func longerDefences(_ line: ComposerLine, expected e: Int) -> [SoundnessReport.LongerDefence]? {
        var out: [SoundnessReport.LongerDefence] = []
        let moves = line.moves
        var done = false
        let ok = alongLine(moves) { p, pathKey in
            guard p % 2 == 1, !done, out.count < MateSolver.longerDefenceCap else { return true }
            let value = line.values[p]
            // the most a reply can take from here, given that the line's node has value `value`
            if p + value <= e { return true }
            let full = pos.fullKey
            let base = top
            let n = pos.generateLegal(self.moves + base)
            top += n
            defer { top = base }
            pushPath(full)
            defer { popPath() }
            let childPath = MateSolver.childPathKey(pathKey, full)
            // interpositions judged lazily: only one that lasts longer than e needs to be known
            markInterpositions(base, n)
            let mainReplyValue = line.values[p + 1]
            for i in 0..<n where out.count < MateSolver.longerDefenceCap {
                let r = self.moves[base + i]
                // longer than e in all: not mated within e - (p + 1) plies after the reply
                let rest = e - (p + 1)
                var longer = true
                if rest >= 0 {
                    let cap = pos.play(r)
                    let within = composerMated(within: rest, pathKey: childPath)
                    pos.undo(r, captured: cap)
                    guard let mated = within else { return false }
                    longer = !mated
                }
                if !longer { continue }
                if childState[base + i] == ChildState.unresolved {
                    resolveInterposition(base, n, i, remaining: value, childPath: childPath)
                    if stopped { return false }
                }
                if childState[base + i] == ChildState.futile { continue }
                let cap = pos.play(r)
                defer { pos.undo(r, captured: cap) }
                guard let w = composerExactValue(atMost: value - 1, pathKey: childPath) else { return false }
                // the defence's own line lasts its forced length (no exemption shortening it)
                var walk = ComposerWalk(solver: self)
                walk.exemption = false
                guard let sub = walk.attacker(value: w, pathKey: childPath) else { return false }
                let total = p + 1 + w
                // the exemption: a reply two plies longer than the line's, ending with pieces left
                let exempt = r != moves[p] && line.exemptions.contains(p) && w == mainReplyValue + 2 && !sub.endHand.isEmpty
                out.append(.init(ply: p + 1, move: r, length: total, line: Array(moves.prefix(p)) + [r] + sub.moves, exempt: exempt))
            }
            if p + 1 + mainReplyValue > e { done = true }
            return true
        }
        return ok ? out : nil
    }

    /// Attacker pieces on the board (kings aside) whose removal, the piece going to the
    /// defender's hand, leaves the forced length at `forcedLength`: a mate within it, none within
    /// two plies less. Positions the removal makes illegal (the defender in check) are skipped.
    /// nil when the budget ran out.
    func redundantPieces(forcedLength: Int) -> [SoundnessReport.RedundantPiece]? {
        let root = pos
        defer { pos = root }
        var out: [SoundnessReport.RedundantPiece] = []
        for sq in 0..<81 {
            let p = root.piece(sq)
            if p == 0 || Piece.color(p) != attacker || Piece.type(p) == Piece.king { continue }
            var reduced = root
            reduced.lift(sq)
            reduced.addHand(1 - attacker, Piece.base(Piece.type(p)))
            let k = Int(reduced.kingSquare[1 - attacker])
            if k >= 0, reduced.isAttacked(k, by: attacker) { continue }
            pos = reduced
            guard let within = composerMatedOrNoMate(within: forcedLength, pathKey: 0, quickCap: 100_000, plainCap: 30_000) else { return nil }
            if !within { continue }
            guard let shorter = composerMated(within: forcedLength - 2, pathKey: 0) else { return nil }
            if !shorter { out.append(.init(square: sq, piece: p)) }
        }
        return out
    }

    /// Nodes each check at the root may take for its value (plain first proof, composer search);
    /// a check over it is reported without a value. Bounds that do not depend on timing.
    static let rootCheckNodeCap: UInt64 = 1_000_000

    /// Runs `body` with at most `cap` more nodes; nil when they ran out (the solver can go on).
    func withNodeCap<T>(_ cap: UInt64, _ body: () -> T) -> T? {
        let saved = extractionNodeCap
        extractionNodeCap = nodes + cap
        defer { extractionNodeCap = saved }
        let value = body()
        if stopped { stopped = false; return nil }
        return value
    }

    /// Every check at the root with its exact composer value (plies, the check included), or no
    /// mate, or neither when its searches took more than `rootCheckNodeCap` nodes. nil when the
    /// budget ran out before.
    func rootCheckValues() -> [SoundnessReport.RootCheck]? {
        if stopped { return nil }
        let full = pos.fullKey
        let base = top
        let n = pos.generateChecks(moves + base)
        top += n
        defer { top = base }
        pushPath(full)
        defer { popPath() }
        let childPath = MateSolver.childPathKey(0, full)
        var out: [SoundnessReport.RootCheck] = []
        for i in 0..<n {
            let c = moves[base + i]
            let cap = pos.play(c)
            defer { pos.undo(c, captured: cap) }
            // a plain-minimax first proof bounds the composer's value of the check; a plain
            // disproof is a composer one (MateSolver+PlainDisproof.swift)
            let plain = plainMateAtAll(cap: MateSolver.rootCheckNodeCap)
            if plain.noMate { out.append(.init(move: c, mateIn: nil, noMate: true)); continue }
            guard let upper = plain.upper else { out.append(.init(move: c, mateIn: nil, noMate: false)); continue }
            // exact: lower the bound two plies at a time from the proof
            let exact = withNodeCap(MateSolver.rootCheckNodeCap) { () -> Int? in
                var x = upper
                while x >= 2 {
                    guard let mated = composerMated(within: x - 2, pathKey: childPath) else { return nil }
                    if !mated { break }
                    x -= 2
                }
                return x + 1
            }
            out.append(.init(move: c, mateIn: exact ?? nil, noMate: false))
        }
        return out
    }

    /// Checks a composer line: every move legal, every attacker move a check, no defender move a
    /// futile interposition, and the last position mate under the composers' rules (no reply,
    /// or only futile interpositions). nil when it holds, else what is wrong.
    func replayComposerLine(_ line: [Move]) -> String? {
        if let error = pos.verifyMoves(line) { return error }
        var problem: String? = nil
        let ok = alongLine(line) { p, pathKey in
            guard p % 2 == 1 else { return true }
            let full = pos.fullKey
            let base = top
            let n = pos.generateLegal(moves + base)
            top += n
            defer { top = base }
            pushPath(full)
            defer { popPath() }
            let bound = line.count - p
            // only the line's own reply needs judging
            markInterpositions(base, n)
            guard let i = (0..<n).first(where: { moves[base + $0] == line[p] }) else { return true }
            if childState[base + i] == ChildState.unresolved {
                resolveInterposition(base, n, i, remaining: bound, childPath: MateSolver.childPathKey(pathKey, full))
                if stopped { return false }
            }
            if childState[base + i] == ChildState.futile {
                problem = "ply \(p + 1) \(line[p].usi) is a futile interposition"
                return false
            }
            return true
        }
        if let problem { return problem }
        if !ok { return "the budget ran out while checking the line" }
        var end: String? = nil
        // the final position: replay, then ask for a composer mate within 0 plies
        var played: [(Move, Int)] = []
        var pathKey: UInt64 = 0
        for m in line {
            let full = pos.fullKey
            pushPath(full)
            pathKey = MateSolver.childPathKey(pathKey, full)
            played.append((m, pos.play(m)))
        }
        if pos.sideToMove == attacker {
            end = "the line ends with a defender move"
        } else {
            switch composerMated(within: 0, pathKey: pathKey) {
            case .some(true): break
            case .some(false): end = "the final position is not mate (composer rules)"
            case .none: end = "the budget ran out while checking the final position"
            }
        }
        for (m, c) in played.reversed() { pos.undo(m, captured: c); popPath() }
        return end
    }

    /// The futile interpositions at the defender nodes of a composer line, the mate at its end
    /// included: the replies plain minimax counts and the composers' rules do not, as
    /// `(ply, moves)` with the ply the defender's move would have. nil when the budget ran out.
    func futileInterpositions(on line: ComposerLine) -> [(Int, [Move])]? {
        var out: [(Int, [Move])] = []
        var pathKey: UInt64 = 0
        var played: [(Move, Int)] = []
        defer { for (m, c) in played.reversed() { pos.undo(m, captured: c); popPath() } }
        for p in 0...line.moves.count {
            if p % 2 == 1 {
                let full = pos.fullKey
                let base = top
                let n = pos.generateLegal(moves + base)
                top += n
                defer { top = base }
                pushPath(full)
                let judged = judgeReplies(base: base, count: n, bound: line.values[p], childPath: MateSolver.childPathKey(pathKey, full))
                popPath()
                if !judged { return nil }
                let futile = (0..<n).filter { childState[base + $0] == ChildState.futile }.map { moves[base + $0] }
                if !futile.isEmpty { out.append((p + 1, futile)) }
            }
            if p == line.moves.count { break }
            let m = line.moves[p]
            let full = pos.fullKey
            pushPath(full)
            pathKey = MateSolver.childPathKey(pathKey, full)
            played.append((m, pos.play(m)))
        }
        return out
    }

    /// The defender's moves of `line` that are interpositions (rule 2), `(ply, move)`.
    func interpositionsPlayed(_ line: [Move]) -> [(Int, Move)] {
        var out: [(Int, Move)] = []
        var p = pos
        for (i, m) in line.enumerated() {
            if i % 2 == 1 {
                let saved = pos
                pos = p
                let squares = interpositionSquares().squares
                pos = saved
                if squares != 0, Geometry.has(squares, m.to) { out.append((i + 1, m)) }
            }
            p.play(m)
        }
        return out
    }

    /// The interpositions a line (plain minimax: every reply counts) plays that the composers'
    /// rules find futile: `(ply, move)`, ply 1-based. nil when the budget ran out.
    func uncountedInterpositions(_ line: [Move]) -> [(Int, Move)]? {
        var out: [(Int, Move)] = []
        let ok = alongLine(line) { p, pathKey in
            guard p % 2 == 1 else { return true }
            let full = pos.fullKey
            let base = top
            let n = pos.generateLegal(moves + base)
            top += n
            defer { top = base }
            markInterpositions(base, n)
            guard let i = (0..<n).first(where: { moves[base + $0] == line[p] }), childState[base + i] == ChildState.unresolved else { return true }
            pushPath(full)
            defer { popPath() }
            // the plain line's remaining length bounds W here, so "effective within it" is exact
            resolveInterposition(base, n, i, remaining: line.count - p, childPath: MateSolver.childPathKey(pathKey, full))
            if stopped { return false }
            if childState[base + i] == ChildState.futile { out.append((p + 1, line[p])) }
            return true
        }
        return ok ? out : nil
    }
}

extension Position {
    /// Checks that every move of `line` is legal in turn and every move of the side to move at the
    /// start gives check. nil when it holds, else what is wrong.
    func verifyMoves(_ line: [Move]) -> String? {
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
        return nil
    }
}
