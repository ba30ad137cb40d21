// The composers' part of a tsume record in index.html: composerLength beside the plain length,
// the verdict, and each flaw of the soundness report drawn on the board (the cook's move, the
// longer defence's first move and its mate, the redundant pieces on the starting position),
// the interpositions not counted, and the value of each check at the root.
import SolverKit

enum ShogiSoundnessReport {
    /// The HTML of the composers' reading of `record` (whose problem is `start`), "" when the
    /// record has none.
    static func html(_ record: ResultRecord, start: Position) -> String {
        let r = record.result
        guard r[ShogiResult.Field.composerLength] != nil else { return "" }
        var out = "<h4>Composers' reading</h4>"
        guard let length = r[ShogiResult.Field.composerLength]?.intValue else {
            return out + "<p>composerLength not established (\(HTML.escape(r[ShogiResult.Field.composerBound]?.serialized ?? "limit")))</p>"
        }
        var facts = "composerLength \(length)"
        if let w = r[ShogiResult.Field.forcedLength]?.intValue { facts += " (forced length \(w): a two-ply longer variation ends with pieces left)" }
        if let plain = r[ShogiResult.Field.length]?.intValue { facts += ", plain-minimax length \(plain)" }
        if let book = r[ShogiResult.Field.bookLength]?.intValue { facts += ", book \(book)" }
        out += "<p>\(HTML.escape(facts))</p>"
        if let kif = r[ShogiResult.Field.composerKif]?.stringValue { out += "<p>Main line: \(HTML.escape(kif))</p>" }
        let mainLine = moves(r[ShogiResult.Field.composerLine])
        if let uncounted = r[ShogiResult.Field.uncountedInterpositions]?.arrayValue, !uncounted.isEmpty {
            let text = uncounted.map { u in
                "ply \(u["ply"]?.intValue ?? 0): " + (u["moves"]?.arrayValue?.compactMap(\.stringValue).joined(separator: " ") ?? "")
            }.joined(separator: "; ")
            out += "<p>Futile interpositions, not counted: \(HTML.escape(text))</p>"
        }
        guard let s = r[ShogiResult.Field.soundness] else { return out }
        out += "<p><b>Verdict: \(HTML.escape(s["verdict"]?.stringValue ?? ""))</b></p>"
        var frames: [(caption: String, svg: String)] = []
        for cook in s["cooks"]?.arrayValue ?? [] {
            let line = moves(cook["line"])
            if let (p, last) = replay(start, line) {
                frames.append(("cook at ply \(cook["ply"]?.intValue ?? 0): \(cook["move"]?.stringValue ?? "") also mates in \(cook["mateIn"]?.intValue ?? 0)",
                               ShogiBoardDrawing.svg(p, last: last)))
            }
        }
        for defence in (s["longerDefences"]?.arrayValue ?? []).prefix(6) {
            let line = moves(defence["line"])
            let ply = defence["ply"]?.intValue ?? 0
            let exempt = defence["exempt"]?.boolValue == true
            if let (p, last) = replay(start, Array(line.prefix(ply))) {
                frames.append(("longer defence at ply \(ply): \(defence["move"]?.stringValue ?? ""), mate in \(defence["length"]?.intValue ?? 0) in all\(exempt ? " (2-ply, pieces left: exempt)" : "")",
                               ShogiBoardDrawing.svg(p, last: last)))
            }
            if let kif = defence["kif"]?.stringValue { out += "<p>Longer defence (ply \(ply)): \(HTML.escape(kif))</p>" }
        }
        if let shorter = s["shorterMate"], shorter != .null {
            let line = moves(shorter["line"])
            out += "<p>Shorter mate (\(line.count) plies\(shorter["plainShorter"]?.boolValue == true ? ", also in plain minimax" : "")): \(HTML.escape(start.kifLine(line).joined(separator: " ")))</p>"
            if let (p, last) = replay(start, line) { frames.append(("the shorter mate's final position", ShogiBoardDrawing.svg(p, last: last))) }
        }
        if let leftover = s["leftover"]?.stringValue, !leftover.isEmpty, let (p, last) = replay(start, mainLine) {
            frames.append(("end of the main line: \(leftover) left in hand", ShogiBoardDrawing.svg(p, last: last)))
        }
        for piece in s["redundantPieces"]?.arrayValue ?? [] {
            if let name = piece["square"]?.stringValue, let sq = square(name) {
                frames.append(("redundant: \(piece["piece"]?.stringValue ?? "") on \(name) (the mate keeps its length without it)",
                               ShogiBoardDrawing.svg(start, last: sq)))
            }
        }
        if !frames.isEmpty { out += HTML.frames(frames) }
        if let checks = s["rootChecks"]?.arrayValue, !checks.isEmpty {
            out += "<table><tr><th>check</th><th>KIF</th><th>value (composers' rules)</th></tr>"
            for c in checks {
                let value = c["mateIn"]?.intValue.map { "mate in \($0)" } ?? (c["noMate"]?.boolValue == true ? "no mate" : "undecided (node cap)")
                out += "<tr><td>\(HTML.escape(c["move"]?.stringValue ?? ""))</td><td>\(HTML.escape(c["kif"]?.stringValue ?? ""))</td><td>\(HTML.escape(value))</td></tr>"
            }
            out += "</table>"
        }
        return out
    }

    static func moves(_ json: JSON?) -> [Move] {
        (json?.arrayValue ?? []).compactMap { $0.stringValue.flatMap(Move.init(usi:)) }
    }

    static func square(_ name: String) -> Int? {
        let c = Array(name)
        return c.count == 2 ? Move.square(file: c[0], rank: c[1]) : nil
    }

    /// The position after `line` (each move checked legal) and the last move's square.
    static func replay(_ start: Position, _ line: [Move]) -> (Position, Int?)? {
        var p = start
        let buf = UnsafeMutablePointer<Move>.allocate(capacity: Position.maxMoves)
        defer { buf.deallocate() }
        for m in line {
            let n = p.generateLegal(buf)
            guard (0..<n).contains(where: { buf[$0] == m }) else { return nil }
            p.play(m)
        }
        return (p, line.last?.to)
    }
}
