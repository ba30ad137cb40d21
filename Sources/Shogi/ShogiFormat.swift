// Reading tsume files: `.sfen` (one problem a line, `<sfen> # <name>`) and `.tsv` with a header
// row naming an `sfen` column (`id` gives the name; length columns give the expected length).
import Foundation
import SolverKit

/// One problem as read from a file.
struct TsumeProblem: Sendable {
    var name: String
    var location: SourceLocation
    var position: Position
    /// The reference shortest length (nil when none; 0 with `expectNoMate`).
    var expectedLength: Int?
    var expectNoMate = false
    /// The length the book (composer) gives, when the file has one.
    var bookLength: Int?
    /// The SFEN as the file gives it: the position's own text (a `.sfen` line).
    var text = ""

    /// The position as its record's `position` gives it: the file's text, else the SFEN.
    var recordText: String { text.isEmpty ? position.sfen : text }
}

enum TsumeInput {
    /// Parses a whole file into problems or located errors.
    static func load(text: String, file: String) -> [Result<TsumeProblem, ParseError>] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if file.lowercased().hasSuffix(".tsv") { return loadTSV(lines, file: file) }
        if file.lowercased().hasSuffix(".kif") || file.lowercased().hasSuffix(".kifu") { return loadKIF(text: text, file: file) }
        var out: [Result<TsumeProblem, ParseError>] = []
        for (index, raw) in lines.enumerated() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            let lead = line.prefix(while: { $0 == " " || $0 == "\t" }).count
            let body = line.dropFirst(lead)
            if body.isEmpty || body.hasPrefix("#") { continue }
            var sfenPart = body
            var name = "#\(out.count + 1)"
            if let hash = body.firstIndex(of: "#") {
                sfenPart = body[..<hash]
                let n = body[body.index(after: hash)...].trimmingCharacters(in: .whitespaces)
                if !n.isEmpty { name = n }
            }
            while sfenPart.hasSuffix(" ") || sfenPart.hasSuffix("\t") { sfenPart = sfenPart.dropLast() }
            let location = SourceLocation(file: file, line: index + 1, column: lead + 1)
            do {
                let p = try Position(sfen: sfenPart, at: location)
                out.append(.success(TsumeProblem(name: name, location: location, position: p, text: String(sfenPart))))
            } catch {
                out.append(.failure(error))
            }
        }
        return out
    }

    static func loadTSV(_ lines: [Substring], file: String) -> [Result<TsumeProblem, ParseError>] {
        var out: [Result<TsumeProblem, ParseError>] = []
        var header: [String]? = nil
        for (index, raw) in lines.enumerated() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            if header == nil {
                var h = line
                while h.hasPrefix("#") || h.hasPrefix(" ") { h = h.dropFirst() }
                header = h.split(separator: "\t", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                if !(header!.contains("sfen")) {
                    return [.failure(ParseError("the header row has no 'sfen' column", at: SourceLocation(file: file, line: index + 1)))]
                }
                continue
            }
            if line.hasPrefix("#") { continue }
            let cols = line.split(separator: "\t", omittingEmptySubsequences: false)
            func column(_ name: String) -> (Substring, Int)? {
                guard let i = header!.firstIndex(of: name), i < cols.count else { return nil }
                let start = cols[..<i].reduce(0) { $0 + $1.count + 1 }
                return (cols[i], start + 1)
            }
            guard let (sfen, col) = column("sfen") else {
                out.append(.failure(ParseError("missing 'sfen' field", at: SourceLocation(file: file, line: index + 1))))
                continue
            }
            let location = SourceLocation(file: file, line: index + 1, column: col)
            do {
                let p = try Position(sfen: sfen, at: location)
                let name = column("id").map { String($0.0) } ?? "#\(out.count + 1)"
                var problem = TsumeProblem(name: name, location: SourceLocation(file: file, line: index + 1), position: p,
                                           text: sfen.trimmingCharacters(in: .whitespaces))
                // reference length: the independent exact solver's figure first, then the set's own
                for key in ["kh_minlength_len", "mate_length", "expected_len", "length"] {
                    guard let (v, _) = column(key) else { continue }
                    let text = v.trimmingCharacters(in: .whitespaces).lowercased()
                    if let n = Int(text) { problem.expectedLength = n; break }
                    if text == "nomate" { problem.expectNoMate = true; break }
                }
                if let (v, _) = column("book_len"), let n = Int(v.trimmingCharacters(in: .whitespaces)) { problem.bookLength = n }
                out.append(.success(problem))
            } catch {
                out.append(.failure(error))
            }
        }
        return out
    }
}
