// The `.bimaru` file format: Solitaire Battleships puzzles, two notations in one file.
//
// 1. CSPLib one-line form (problem 014, as converted in csplib303): one puzzle a line,
//        id rows cols n size1 .. sizeN rowsum1 .. colsum1 .. [k] then k hints `<type> <row> <col>`
//    rows/cols 1-based; types w water, c one-cell ship, m middle, t b l r ship ends.
// 2. A readable grid:
//        name: tiny                       starts a puzzle
//        fleet: 3 2 1 1                   ship lengths (default 4 3 3 2 2 2 1 1 1 1)
//        columns: 1 1 2 1 2               ship cells in each column, left to right
//        . . t . .  2                     a row of symbols, then its ship count:
//        . . m . ~  1                       .  unknown   ~ or w  water   c t b l r m  as above
//        ...                                #  a ship cell of unknown shape
// Comments are whole lines starting with `% ` or `//` (`#` is a ship cell).

import SolverKit

enum BimaruFormat {
    static let standardFleet = [4, 3, 3, 2, 2, 2, 1, 1, 1, 1]

    static func parse(_ text: String, file: String) -> [Result<BimaruPuzzle, ParseError>] {
        var out: [Result<BimaruPuzzle, ParseError>] = []
        var grid = GridBlock(file: file)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var lastContentLine = 0
        func withText(_ item: Result<BimaruPuzzle, ParseError>, from first: Int, to last: Int) -> Result<BimaruPuzzle, ParseError> {
            item.map { puzzle in
                var kept = puzzle
                kept.text = lines[(first - 1)..<max(first - 1, last)].map { String($0.last == "\r" ? $0.dropLast() : $0) }
                    .joined(separator: "\n") + "\n"
                return kept
            }
        }
        func finishGrid() { out.append(withText(grid.finish(), from: grid.line, to: lastContentLine)) }
        for (i, raw) in lines.enumerated() {
            var line = raw
            if line.last == "\r" { line = line.dropLast() }
            let n = i + 1
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            if trimmed.isEmpty || trimmed.hasPrefix("% ") || trimmed == "%" || trimmed.hasPrefix("//") { continue }
            let tokens = tokenize(line)
            if let first = tokens.first, first.0.allSatisfy({ $0.isNumber }) {
                if grid.hasContent { finishGrid(); grid = GridBlock(file: file) }
                out.append(withText(parseCSPLib(tokens, file: file, line: n), from: n, to: n))
                lastContentLine = n
                continue
            }
            if let colon = line.firstIndex(of: ":"), line[..<colon].allSatisfy({ $0.isLetter || $0 == " " }) {
                let key = String(line[..<colon]).lowercased().filter { $0 != " " }
                let valueTokens = tokens.dropFirst().map { $0 }
                if key == "name" && grid.hasContent { finishGrid(); grid = GridBlock(file: file) }
                if !grid.hasContent { grid.line = n }
                grid.header(key, line[line.index(after: colon)...], valueTokens, line: n)
            } else {
                if !grid.hasContent { grid.line = n }
                grid.rows.append((n, tokens))
            }
            lastContentLine = n
        }
        if grid.hasContent { finishGrid() }
        return out
    }

    /// Space-separated tokens with their 1-based columns.
    static func tokenize(_ line: Substring) -> [(Substring, Int)] {
        var out: [(Substring, Int)] = []
        var start: Substring.Index?
        var col = 1, startCol = 1
        for idx in line.indices {
            if line[idx] == " " || line[idx] == "\t" {
                if let s = start { out.append((line[s..<idx], startCol)); start = nil }
            } else if start == nil { start = idx; startCol = col }
            col += 1
        }
        if let s = start { out.append((line[s...], startCol)) }
        return out
    }

    static func parseCSPLib(_ t: [(Substring, Int)], file: String, line: Int) -> Result<BimaruPuzzle, ParseError> {
        func fail(_ message: String, _ column: Int) -> Result<BimaruPuzzle, ParseError> {
            .failure(ParseError(message, at: SourceLocation(file: file, line: line, column: column)))
        }
        var i = 0
        func number(_ what: String, _ range: ClosedRange<Int>) -> Int? {
            guard i < t.count, let v = Int(t[i].0), range.contains(v) else { return nil }
            i += 1
            return v
        }
        let endColumn = (t.last.map { $0.1 + $0.0.count }) ?? 1
        func here() -> Int { i < t.count ? t[i].1 : endColumn }
        guard let id = number("id", 0...Int.max) else { return fail("expected the puzzle id", here()) }
        guard let rows = number("rows", 1...99) else { return fail("expected the number of rows", here()) }
        guard let cols = number("cols", 1...26) else { return fail("expected the number of columns", here()) }
        guard rows * cols <= 128 else { return fail("bad size \(cols)x\(rows): at most 128 cells", t[1].1) }
        guard let n = number("ships", 1...64) else { return fail("expected the number of ships", here()) }
        var fleet: [Int] = []
        for _ in 0..<n {
            guard let s = number("ship", 1...max(rows, cols)) else { return fail("expected a ship length from 1 to \(max(rows, cols))", here()) }
            fleet.append(s)
        }
        var rowSums: [Int] = [], colSums: [Int] = []
        for _ in 0..<rows {
            guard let s = number("row", 0...cols) else { return fail("expected a row count from 0 to \(cols)", here()) }
            rowSums.append(s)
        }
        for _ in 0..<cols {
            guard let s = number("col", 0...rows) else { return fail("expected a column count from 0 to \(rows)", here()) }
            colSums.append(s)
        }
        var hints: [(cell: Int, hint: BimaruHint)] = []
        // The converted file puts the number of hints before them.
        if i < t.count, let k = Int(t[i].0), t.count - i - 1 == 3 * k { i += 1 }
        while i < t.count {
            let typeColumn = t[i].1
            guard t[i].0.count == 1, let hint = BimaruHint(rawValue: Character(t[i].0.lowercased())), hint != .ship else {
                return fail("unknown hint '\(t[i].0)' (w, c, m, t, b, l, r)", typeColumn)
            }
            i += 1
            guard let r = number("row", 1...rows) else { return fail("expected a hint row from 1 to \(rows)", here()) }
            guard let c = number("col", 1...cols) else { return fail("expected a hint column from 1 to \(cols)", here()) }
            let cell = (r - 1) * cols + (c - 1)
            if let other = hints.first(where: { $0.cell == cell }), other.hint != hint {
                return fail("conflicting hints at row \(r) column \(c)", typeColumn)
            }
            hints.append((cell, hint))
        }
        if let message = BimaruFormat.countContradiction(fleet: fleet, rowSums: rowSums, colSums: colSums) {
            return fail(message, 1)
        }
        var puzzle = BimaruPuzzle(name: String(id), width: cols, height: rows, fleet: fleet, rowSums: rowSums, colSums: colSums, hints: hints)
        puzzle.line = line
        return .success(puzzle)
    }
}

extension BimaruFormat {
    /// Row counts, column counts and the fleet must agree on the number of ship cells.
    static func countContradiction(fleet: [Int], rowSums: [Int], colSums: [Int]) -> String? {
        let rows = rowSums.reduce(0, +), columns = colSums.reduce(0, +), ships = fleet.reduce(0, +)
        if rows != columns { return "the row counts add up to \(rows) ship cells but the column counts to \(columns)" }
        if rows != ships { return "the counts give \(rows) ship cells but the fleet has \(ships)" }
        return nil
    }
}

/// The lines of one grid-form puzzle while it is being read.
private struct GridBlock {
    let file: String
    var line = 1
    var name: String?
    var fleet: [Int]?
    var columns: [Int]?
    var rows: [(line: Int, tokens: [(Substring, Int)])] = []
    var error: ParseError?
    var hasContent: Bool { name != nil || fleet != nil || columns != nil || !rows.isEmpty || error != nil }

    init(file: String) { self.file = file }

    mutating func fail(_ message: String, _ line: Int, _ column: Int) {
        if error == nil { error = ParseError(message, at: SourceLocation(file: file, line: line, column: column)) }
    }

    mutating func header(_ key: String, _ value: Substring, _ tokens: [(Substring, Int)], line: Int) {
        func numbers() -> [Int]? {
            var out: [Int] = []
            for (tok, col) in tokens {
                guard let v = Int(tok), v >= 0, v <= 99 else { fail("expected a number, not '\(tok)'", line, col); return nil }
                out.append(v)
            }
            return out
        }
        switch key {
        case "name": name = String(value.drop(while: { $0 == " " }))
        case "fleet":
            if let v = numbers() {
                if let bad = zip(v, tokens).first(where: { $0.0 < 1 }) { return fail("ship lengths start at 1", line, bad.1.1) }
                fleet = v
            }
        case "columns", "cols": if let v = numbers() { columns = v }
        default: fail("unknown header '\(key)' (known: name, fleet, columns)", line, 1)
        }
    }

    func finish() -> Result<BimaruPuzzle, ParseError> {
        if let error { return .failure(error) }
        func fail(_ m: String, _ l: Int, _ c: Int) -> Result<BimaruPuzzle, ParseError> {
            .failure(ParseError(m, at: SourceLocation(file: file, line: l, column: c)))
        }
        guard let columns else { return fail("missing 'columns:' (ship cells in each column)", line, 1) }
        let width = columns.count
        guard width >= 1, width <= 26 else { return fail("between 1 and 26 columns", line, 1) }
        guard !rows.isEmpty else { return fail("missing grid rows", line, 1) }
        let height = rows.count
        guard width * height <= 128 else { return fail("bad size \(width)x\(height): at most 128 cells", rows[0].line, 1) }
        var rowSums: [Int] = []
        var hints: [(cell: Int, hint: BimaruHint)] = []
        for (r, row) in rows.enumerated() {
            // Symbols may be written with or without spaces; the last token is the row count.
            guard let last = row.tokens.last, let sum = Int(last.0), sum >= 0, sum <= width else {
                let col = row.tokens.last.map { $0.1 } ?? 1
                return fail("a grid row ends with its ship count (0 to \(width))", row.line, col)
            }
            var symbols: [(Character, Int)] = []
            for (tok, col) in row.tokens.dropLast() {
                for (k, ch) in tok.enumerated() { symbols.append((ch, col + k)) }
            }
            guard symbols.count == width else {
                let col = symbols.count > width ? symbols[width].1 : last.1
                return fail("row \(r + 1) has \(symbols.count) cells but 'columns:' gives \(width)", row.line, col)
            }
            for (c, (ch, col)) in symbols.enumerated() {
                let hint: BimaruHint?
                switch ch {
                case ".": hint = nil
                case "~", "w", "W": hint = .water
                case "#", "s", "S": hint = .ship
                default:
                    guard let h = BimaruHint(rawValue: Character(ch.lowercased())) else {
                        return fail("unknown symbol '\(ch)' (. unknown, ~ water, # ship, c t b l r m segments)", row.line, col)
                    }
                    hint = h
                }
                if let hint { hints.append((r * width + c, hint)) }
            }
            rowSums.append(sum)
        }
        for (c, v) in columns.enumerated() where v > height {
            return fail("column \(c + 1) asks for \(v) ship cells but has only \(height)", line, 1)
        }
        let fleet = self.fleet ?? BimaruFormat.standardFleet
        if let long = fleet.first(where: { $0 > max(width, height) }) {
            return fail("a ship of length \(long) does not fit on a \(width)x\(height) board", line, 1)
        }
        if let message = BimaruFormat.countContradiction(fleet: fleet, rowSums: rowSums, colSums: columns) {
            return fail(message, line, 1)
        }
        var puzzle = BimaruPuzzle(name: name ?? "", width: width, height: height, fleet: fleet, rowSums: rowSums, colSums: columns, hints: hints)
        puzzle.line = line
        return .success(puzzle)
    }
}
