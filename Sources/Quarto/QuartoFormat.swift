// The `.quarto` file format: positions separated by blank lines, header lines and a 4x4 grid.
//
//     # a comment
//     name: after two moves
//     rules: classic            (classic | squares | torus; default classic)
//     piece: tDsH               (the piece the side to move must place; `none` or absent: the side
//                                to move chooses a piece for the opponent, as at the start)
//     TDSH .    .    .
//     .    tdsh .    .
//     .    .    .    .
//     .    .    .    .
//
// Grid cells are separated by spaces: `.` for an empty square, otherwise a piece as four letters
// (T/t tall/short, D/d dark/light, S/s square/round, H/h hollow/solid) or its number 0-15.

import SolverKit

/// One parsed position with its name and where it starts.
struct ParsedPosition: Sendable {
    var name: String
    var location: SourceLocation
    var position: Position
    /// The position's block of the file (headers and grid), which parses back alone.
    var text = ""
}

enum QuartoFormat {
    /// Parses every position in a file; a bad position yields its error and the others still load.
    static func parse(text: String, file: String) -> [Result<ParsedPosition, ParseError>] {
        var results: [Result<ParsedPosition, ParseError>] = []
        var block: [(number: Int, text: Substring)] = []
        var count = 0
        func flush() {
            guard !block.isEmpty else { return }
            count += 1
            let text = block.map { String($0.text) }.joined(separator: "\n") + "\n"
            results.append(parseBlock(block, file: file, index: count).map { parsed in
                var withText = parsed
                withText.text = text
                return withText
            })
            block = []
        }
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let l = line.last == "\r" ? line.dropLast() : line
            let trimmed = l.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty { flush(); continue }
            if trimmed.first == "#" { continue }
            block.append((number, l))
        }
        flush()
        return results
    }

    /// Splits a line into whitespace-separated tokens with their 1-based columns.
    static func tokens(_ line: Substring) -> [(column: Int, text: Substring)] {
        var out: [(Int, Substring)] = []
        var i = line.startIndex, col = 1
        while i < line.endIndex {
            if line[i] == " " || line[i] == "\t" { i = line.index(after: i); col += 1; continue }
            let start = i, startCol = col
            while i < line.endIndex, line[i] != " ", line[i] != "\t" { i = line.index(after: i); col += 1 }
            out.append((startCol, line[start..<i]))
        }
        return out
    }

    static func parseBlock(_ lines: [(number: Int, text: Substring)], file: String, index: Int) -> Result<ParsedPosition, ParseError> {
        func at(_ line: Int, _ col: Int) -> SourceLocation { SourceLocation(file: file, line: line, column: col) }
        var name: String?
        var rules = RuleSet.classic
        var hand: Int?
        var handAt: SourceLocation?
        var board = Board()
        var seen: [Int: SourceLocation] = [:]
        var rows = 0
        let start = at(lines[0].number, 1)
        for (number, text) in lines {
            let toks = tokens(text)
            let first = toks[0]
            if first.text.contains(":"), let colon = text.firstIndex(of: ":") {
                let key = text[..<colon].trimmingSpaces.lowercased()
                let valueStart = text.index(after: colon)
                let rawValue = text[valueStart...]
                let value = rawValue.trimmingSpaces
                let valueColumn = text.distance(from: text.startIndex, to: valueStart) + 1 + rawValue.prefix { $0 == " " || $0 == "\t" }.count
                switch key {
                case "name":
                    name = String(value)
                case "rules":
                    guard let r = RuleSet(rawValue: value.lowercased()) else {
                        return .failure(ParseError("unknown rules '\(value)' (expected classic, squares or torus)", at: at(number, valueColumn)))
                    }
                    rules = r
                case "piece":
                    if value.lowercased() == "none" || value.isEmpty { hand = nil; handAt = nil; break }
                    guard let p = Piece.parse(value) else {
                        return .failure(ParseError("unknown piece '\(value)' (expected four letters T/t D/d S/s H/h or 0-15)", at: at(number, valueColumn)))
                    }
                    hand = p
                    handAt = at(number, valueColumn)
                default:
                    return .failure(ParseError("unknown header '\(key)' (expected name, rules or piece)", at: at(number, first.column)))
                }
                continue
            }
            rows += 1
            if rows > 4 {
                return .failure(ParseError("wrong grid size: more than 4 rows", at: at(number, first.column)))
            }
            if toks.count != 4 {
                let col = toks.count > 4 ? toks[4].column : text.count + 1
                return .failure(ParseError("wrong grid size: row has \(toks.count) cells, expected 4", at: at(number, col)))
            }
            for (c, tok) in toks.enumerated() {
                if tok.text == "." { continue }
                guard let p = Piece.parse(tok.text) else {
                    return .failure(ParseError("unknown piece '\(tok.text)' (expected . or four letters T/t D/d S/s H/h or 0-15)", at: at(number, tok.column)))
                }
                let loc = at(number, tok.column)
                if let previous = seen[p] {
                    return .failure(ParseError("piece \(Piece.name(p)) appears twice (also at \(previous.line):\(previous.column))", at: loc))
                }
                seen[p] = loc
                board = board.placing(p, at: (rows - 1) * 4 + c)
            }
        }
        if rows != 4 {
            let last = lines.last!
            return .failure(ParseError("wrong grid size: \(rows) rows, expected 4", at: at(last.number, 1)))
        }
        if let h = hand, let loc = handAt {
            if seen.count == 16 {
                return .failure(ParseError("17 pieces: the board is full, so no piece can be in hand", at: loc))
            }
            if let previous = seen[h] {
                return .failure(ParseError("piece \(Piece.name(h)) is in hand and on the board (at \(previous.line):\(previous.column))", at: loc))
            }
        }
        let position = Position(board: board, hand: hand, rules: rules)
        if let line = board.winningLine(rules.lines) {
            let cells = (0..<16).filter { line >> $0 & 1 == 1 }.map(Position.squareName).joined(separator: " ")
            return .failure(ParseError("the game is already over: line \(cells) is won", at: start))
        }
        return .success(ParsedPosition(name: name ?? "#\(index)", location: start, position: position))
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return s
    }
}

extension QuartoFormat {
    /// `b2+tdSh`, `+tdSh` or `b2` (the notation of `Move.description`).
    static func move(_ text: String) -> Move? {
        let parts = text.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false)
        var square: Int?
        if let s = parts.first, !s.isEmpty {
            let c = Array(s)
            guard c.count == 2, let col = c[0].asciiValue, (97...100).contains(col), let row = c[1].wholeNumberValue, (1...4).contains(row) else { return nil }
            square = (row - 1) * 4 + Int(col - 97)
        }
        var given: Int?
        if parts.count == 2 {
            guard let g = Piece.parse(parts[1]) else { return nil }
            given = g
        }
        if square == nil && given == nil { return nil }
        return Move(square: square, given: given)
    }
}
