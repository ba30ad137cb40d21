// The `.peg` file format: header lines and an ASCII drawing per board, boards separated by
// blank lines, `#` comment lines. See README "File formats".
import SolverKit

/// Parser of `.peg` files. One result per board; a bad board does not stop the others.
///
/// ```
/// name: English central game
/// lattice: square          (or triangular; default square)
/// target: d4               (a hole, `any` = one peg anywhere, or `N pegs`)
/// symbols: o.              (peg, empty hole[, extra no-hole symbol]; default `o.`)
/// diagonal: yes            (square lattice: diagonal jumps too)
///   ooo
///   ooo
/// ooooooo
/// ooo.ooo
/// ```
enum PegFile {
    static func parse(text: String, file: String) -> [Result<PegProblem, ParseError>] {
        var results: [Result<PegProblem, ParseError>] = []
        var block: [(number: Int, text: Substring)] = []
        var lineNumber = 0
        func flush() {
            if !block.isEmpty {
                if let r = parseBlock(block, file: file, index: results.count + 1) {
                    results.append(r.map { problem in
                        var withText = problem
                        withText.text = block.map { String($0.text) }.joined(separator: "\n") + "\n"
                        return withText
                    })
                }
                block.removeAll()
            }
        }
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = raw
            if line.last == "\r" { line = line.dropLast() }
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { flush(); continue }
            block.append((lineNumber, line))
        }
        flush()
        return results
    }

    /// Parses one block of non-blank lines; nil when it holds only comments.
    static func parseBlock(_ lines: [(number: Int, text: Substring)], file: String, index: Int) -> Result<PegProblem, ParseError>? {
        var name: String?
        var lastComment: String?
        var lattice = Lattice.square
        var diagonal = false
        var targetText: (value: String, at: SourceLocation)?
        var pegSymbol: Character = "o", holeSymbol: Character = ".", noneSymbol: Character = " "
        var drawing: [(number: Int, text: Substring)] = []
        var firstLine: Int?
        func loc(_ line: Int, _ column: Int) -> SourceLocation { SourceLocation(file: file, line: line, column: column) }

        for (number, text) in lines {
            let trimmed = text.drop(while: { $0 == " " || $0 == "\t" })
            if trimmed.first == "#" && drawing.isEmpty {
                lastComment = trimmed.dropFirst().trimmingSpaces()
                continue
            }
            if let colon = text.firstIndex(of: ":"),
               text[text.startIndex..<colon].allSatisfy({ $0.isLetter || $0 == "-" || $0 == "_" }),
               !text[text.startIndex..<colon].isEmpty {
                if firstLine == nil { firstLine = number }
                let key = text[text.startIndex..<colon].lowercased()
                let valueStart = text.index(after: colon)
                let value = text[valueStart...].trimmingSpaces()
                let valueColumn = text.distance(from: text.startIndex, to: valueStart) + 1
                    + text[valueStart...].prefix(while: { $0 == " " || $0 == "\t" }).count
                if !drawing.isEmpty {
                    return .failure(ParseError("header '\(key):' after the board drawing", at: loc(number, 1)))
                }
                switch key {
                case "name": name = value
                case "lattice":
                    guard let l = Lattice(rawValue: value.lowercased()) else {
                        return .failure(ParseError("unknown lattice '\(value)' (square or triangular)", at: loc(number, valueColumn)))
                    }
                    lattice = l
                case "target": targetText = (value, loc(number, valueColumn))
                case "diagonal", "diagonal-jumps":
                    switch value.lowercased() {
                    case "yes", "true", "on", "1": diagonal = true
                    case "no", "false", "off", "0": diagonal = false
                    default: return .failure(ParseError("diagonal: expects yes or no, got '\(value)'", at: loc(number, valueColumn)))
                    }
                case "jumps":
                    switch value.lowercased() {
                    case "diagonal", "orthogonal+diagonal", "all": diagonal = true
                    case "orthogonal": diagonal = false
                    default: return .failure(ParseError("jumps: expects orthogonal or diagonal, got '\(value)'", at: loc(number, valueColumn)))
                    }
                case "symbols":
                    let chars = Array(value.filter { $0 != " " })
                    guard chars.count == 2 || chars.count == 3, Set(chars).count == chars.count else {
                        return .failure(ParseError("symbols: expects two or three distinct characters (peg, empty hole, optional no-hole), got '\(value)'", at: loc(number, valueColumn)))
                    }
                    pegSymbol = chars[0]; holeSymbol = chars[1]
                    if chars.count == 3 { noneSymbol = chars[2] }
                default:
                    return .failure(ParseError("unknown header '\(key):' (name, lattice, target, symbols, diagonal)", at: loc(number, 1)))
                }
                continue
            }
            if firstLine == nil { firstLine = number }
            drawing.append((number, text))
        }
        guard let startLine = firstLine else { return nil }   // comments only
        let boardName = name ?? lastComment ?? "#\(index)"
        guard let top = drawing.first else {
            return .failure(ParseError("no board drawing", at: loc(startLine, 1)))
        }

        // Holes in reading order.
        var rows: [Int] = [], cols: [Int] = [], pegs: [Bool] = [], places: [SourceLocation] = []
        for (r, (number, text)) in drawing.enumerated() {
            for (c, ch) in text.enumerated() {
                if ch == " " || ch == noneSymbol { continue }
                let isPeg = ch == pegSymbol
                guard isPeg || ch == holeSymbol else {
                    return .failure(ParseError("unknown symbol '\(ch)' (peg '\(pegSymbol)', hole '\(holeSymbol)', no hole ' ')", at: loc(number, c + 1)))
                }
                rows.append(r); cols.append(c); pegs.append(isPeg); places.append(loc(number, c + 1))
            }
        }
        guard !rows.isEmpty else { return .failure(ParseError("the drawing has no holes", at: loc(top.number, 1))) }
        guard rows.count <= 64 else {
            // Only the fewest-moves bound of larger triangles has a path: the wide pilot beam.
            let wide = lattice == .triangular ? " (triangles of side 11 to 15: `perfectplay bench peg-triangle-moves-wide` bounds their fewest moves)" : ""
            return .failure(ParseError("\(rows.count) holes: at most 64 are supported\(wide)", at: places[64]))
        }
        if lattice == .triangular {
            let parity = (rows[0] + cols[0]) & 1
            for i in rows.indices where (rows[i] + cols[i]) & 1 != parity {
                return .failure(ParseError("ragged board: this hole is not on the triangular lattice (holes of a row are two columns apart, rows shifted by one)", at: places[i]))
            }
        }
        let board = Board(lattice: lattice, diagonal: diagonal, rows: rows, cols: cols)
        if rows.count > 1 {
            // A hole that lines up with no other hole is a misaligned (ragged) drawing.
            let linked = Set(rows.indices.filter { i in
                Board.directions(lattice, diagonal: board.diagonal).contains { (dr, dc) in
                    rows.indices.contains { rows[$0] == rows[i] + dr && cols[$0] == cols[i] + dc }
                }
            })
            if let lonely = rows.indices.first(where: { !linked.contains($0) }) {
                return .failure(ParseError("ragged board: hole \(board.names[lonely]) lines up with no other hole", at: places[lonely]))
            }
        }
        var start: UInt64 = 0
        for i in pegs.indices where pegs[i] { start |= UInt64(1) << UInt64(i) }
        guard start != 0 else { return .failure(ParseError("no pegs on the board", at: loc(top.number, 1))) }

        var target = PegTarget.anyHole
        if let (value, at) = targetText {
            let v = value.lowercased()
            let words = v.split(separator: " ")
            if v == "any" || v == "anywhere" {
                target = .anyHole
            } else if words.count == 2, let n = Int(words[0]), words[1] == "pegs" || words[1] == "peg" {
                guard n >= 1, n <= start.nonzeroBitCount else {
                    return .failure(ParseError("target of \(n) pegs: the board starts with \(start.nonzeroBitCount)", at: at))
                }
                target = .pegs(n)
            } else if lattice == .square, let n = Int(v) {
                guard n >= 1, n <= start.nonzeroBitCount else {
                    return .failure(ParseError("target of \(n) pegs: the board starts with \(start.nonzeroBitCount)", at: at))
                }
                target = .pegs(n)
            } else if let h = board.hole(named: v) {
                target = .hole(h)
            } else {
                return .failure(ParseError("target '\(value)' is off the board (holes \(board.names.first!)...\(board.names.last!))", at: at))
            }
        }
        return .success(PegProblem(name: boardName, location: loc(startLine, 1), board: board, start: start, target: target))
    }
}

extension Substring {
    func trimmingSpaces() -> String {
        String(self.drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}

extension PegFile {
    /// The drawing of a triangle of `side` holes a side with one vacancy (holes numbered 1..
    /// row by row), one peg anywhere as the target.
    static func triangle(side: Int, vacancy: Int) -> String {
        var lines = ["lattice: triangular", "target: any"]
        var n = 0
        for r in 0..<side {
            var row = String(repeating: " ", count: side - 1 - r)
            for c in 0...r {
                n += 1
                row += (n == vacancy ? "." : "o") + (c < r ? " " : "")
            }
            lines.append(row)
        }
        return lines.joined(separator: "\n")
    }
}
