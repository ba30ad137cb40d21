// The KIF of a solved tsume problem: the problem's diagram, its main line ending `まで N 手で詰み`,
// and the defender's other replies of the proof tree (to `--tree-depth`) as variations; and the
// report files `kif/<name>.kif` (Shift_JIS) and `kif/<name>.kifu` (UTF-8) drawn from a record.

import Foundation
import SolverKit

/// Which line of a tsume record is its main line.
enum TsumeMainLine {
    /// The lines a tsume record's KIF file may show first, in order: the composers' main line
    /// (`composerLine`, the reading tsume books print), then the exact shortest line under plain
    /// minimax (`pv`). The first that replays as a mate is the main line: a composer line that
    /// ends where only futile interpositions remain is no checkmate for a GUI, so `pv` is shown.
    static func candidates(_ json: JSON) -> [[String]] {
        let composer = json[ShogiResult.Field.composerLine]?.arrayValue?.compactMap(\.stringValue)
        return [composer, ShogiResult(json: json).pv].compactMap { $0 }.filter { !$0.isEmpty }
    }

    /// The preferred line, before the mate check (`candidates`).
    static func of(_ result: JSON) -> [String]? { candidates(result).first }
}

extension KIFRecord {
    /// The KIF of a problem solved by `mainLine`, with the variations of `tree` (the record's
    /// proof tree: `{"move", "defences": [{"move", "answer": {...}}]}`). A tree line that leaves
    /// the main line by an attacker move (another mate as short, not a defence) is left out.
    static func tsume(name: String, position: Position, mainLine: [Move], tree: JSON?) -> KIFRecord {
        var record = KIFRecord(start: position)
        let attackerIsSente = position.sideToMove == 0
        record.header = [("作品名", name), ("手合割", "平手"), ("手数", String(mainLine.count)),
                         ("先手", attackerIsSente ? "攻方" : "玉方"), ("後手", attackerIsSente ? "玉方" : "攻方")]
        record.insert(mainLine)
        if let tree {
            for line in treeLines(tree, from: position) where followsDefencesOnly(line, mainLine) { record.insert(line) }
        }
        record.markMates()
        return record
    }

    /// Every root-to-leaf line of a proof tree, each move checked legal (a line stops before a
    /// move that is not).
    static func treeLines(_ tree: JSON, from position: Position) -> [[Move]] {
        var lines: [[Move]] = []
        let buffer = UnsafeMutablePointer<Move>.allocate(capacity: Position.maxMoves)
        defer { buffer.deallocate() }
        func legal(_ usi: String?, in p: inout Position) -> Move? {
            guard let usi, let m = Move(usi: usi) else { return nil }
            let n = p.generateLegal(buffer)
            return (0..<n).contains { buffer[$0] == m } ? m : nil
        }
        func attacker(_ node: JSON, _ p: Position, _ prefix: [Move]) {
            var p = p
            guard let m = legal(node["move"]?.stringValue, in: &p) else { if !prefix.isEmpty { lines.append(prefix) }; return }
            p.play(m)
            let defences = node["defences"]?.arrayValue ?? []
            if defences.isEmpty { lines.append(prefix + [m]); return }
            for d in defences {
                var q = p
                guard let r = legal(d["move"]?.stringValue, in: &q) else { continue }
                q.play(r)
                if let answer = d["answer"] { attacker(answer, q, prefix + [m, r]) } else { lines.append(prefix + [m, r]) }
            }
        }
        attacker(tree, position, [])
        return lines
    }

    /// Whether `line` agrees with `main` on every attacker move while it follows it: it leaves
    /// the main line by a defence, or not at all.
    static func followsDefencesOnly(_ line: [Move], _ main: [Move]) -> Bool {
        for (i, m) in line.enumerated() {
            guard i < main.count, m == main[i] else { return i % 2 == 1 || i >= main.count }
        }
        return true
    }
}

extension ShogiGame {
    /// `kif/<name>.kif` and `kif/<name>.kifu` for a solved mate.
    public static func reportFiles(for record: ResultRecord) -> [ReportFile] {
        guard let kif = TsumeKIFFile.record(for: record) else { return [] }
        let stem = "kif/" + TsumeKIFFile.fileName(record.name, source: record.source)
        return [ReportFile(path: stem + ".kif", bytes: kif.shiftJISBytes()),
                ReportFile(path: stem + ".kifu", bytes: kif.utf8Bytes())]
    }
}

enum TsumeKIFFile {
    /// The KIF of a record: a solved mate whose record carries its position and a main line that
    /// replays as a mate; nil for anything else.
    static func record(for record: ResultRecord) -> KIFRecord? {
        let result = ShogiResult(json: record.result)
        guard record.status == .solved, result.mate == true, let sfen = result.position,
              let position = try? Position(sfen: Substring(sfen), at: SourceLocation(file: "record", line: 1)) else { return nil }
        for usi in TsumeMainLine.candidates(record.result) {
            let line = usi.compactMap(Move.init(usi:))
            guard line.count == usi.count, position.verifyMate(line) == nil else { continue }
            return KIFRecord.tsume(name: record.name, position: position, mainLine: line, tree: result.tree)
        }
        return nil
    }

    /// A file name for a problem: its name with path separators and control characters replaced,
    /// or `line-N` when it has none.
    static func fileName(_ name: String, source: String) -> String {
        let cleaned = String(name.map { c -> Character in
            c == "/" || c == "\\" || c == ":" || c.isNewline || c.asciiValue.map { $0 < 32 || $0 == 127 } == true ? "_" : c
        }).trimmingCharacters(in: .whitespaces)
        if cleaned.isEmpty || cleaned == "." || cleaned == ".." {
            return "line-" + (source.split(separator: ":").last.map(String.init) ?? "0")
        }
        return cleaned
    }
}
