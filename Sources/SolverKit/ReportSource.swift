// Re-reading a record's position from its source (`path:line`), so that a game can draw a
// report from the record alone, with its own parser; and the sentence shown when it cannot.

import Foundation

public enum ReportSource {
    public struct Failure: Error, CustomStringConvertible {
        public var message: String
        public init(_ message: String) { self.message = message }
        public var description: String { message }
    }

    /// `path:line` split in two.
    public static func split(_ source: String) -> (path: String, line: Int)? {
        guard let colon = source.lastIndex(of: ":"), let line = Int(source[source.index(after: colon)...]), line >= 1 else {
            return nil
        }
        return (String(source[..<colon]), line)
    }

    /// The source file's path, the line, and the file's text.
    public static func text(of source: String) -> Result<(path: String, line: Int, text: String), Failure> {
        guard let (path, line) = split(source) else { return .failure(Failure("the source '\(source)' is not path:line")) }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            return .failure(Failure("the file \(path) could not be read"))
        }
        return .success((path, line, text))
    }

    /// The position that starts at the source's line, read with the game's own `parse`.
    public static func item<Item>(at source: String, parse: (_ text: String, _ file: String) -> [Result<Item, ParseError>],
                                  location: (Item) -> SourceLocation) -> Result<Item, Failure> {
        let read: (path: String, line: Int, text: String)
        switch text(of: source) {
        case .success(let found): read = found
        case .failure(let failure): return .failure(failure)
        }
        for parsed in parse(read.text, read.path) {
            switch parsed {
            case .success(let item) where location(item).line == read.line: return .success(item)
            case .failure(let error) where error.location.line == read.line:
                return .failure(Failure("the position no longer parses (\(error))"))
            default: continue
            }
        }
        return .failure(Failure("\(read.path) has no position at line \(read.line) any more"))
    }
}

extension HTML {
    /// What a report shows instead of a drawing it cannot make.
    public static func cannotDraw(_ reason: String) -> String {
        "<p class=\"muted\">Cannot draw this position: \(escape(reason)).</p>"
    }
}
