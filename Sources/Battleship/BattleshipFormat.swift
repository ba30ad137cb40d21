// The `.battleship` file format: one or more positions, each a few `key: value` headers and a
// grid of shots. Parsing never traps; every problem is a ParseError at its line and column.
//
//     # comment (anywhere; also after a line's content)
//     name: after twelve shots          starts a new position
//     size: 10x10                       W x H, at most 26 columns and 128 cells (default 10x10)
//     fleet: 5 4 3 3 2                  ship lengths (default the standard fleet); the ships
//                                       are named A, B, C, ... in this order
//     . . . . o . . . . .               H rows of W symbols (spaces optional):
//     . . x x x . . . . .                 .  unknown    o  miss    x  hit
//     ...                               no rows at all = nothing fired yet
//     sunk: 3 at e2                     the shot at e2 sank a ship of length 3 (the first such
//     sunk: C at e2, 2 at h7            ship not yet announced), or ship C by letter
//
// Columns are letters from `a` (left), rows numbers from 1 (top): `e2` is column 5, row 2.

import SolverKit

/// One parsed position: its name, where it starts, and what the shooter knows.
struct BattleshipPosition: Sendable {
    var name: String
    var location: SourceLocation
    var record: ShotRecord
    /// The position's lines of the file (headers, grid, announcements), which parse back alone.
    var text = ""
}

enum BattleshipFormat {
    /// Parses a file: one result per position, in file order.
    static func parse(_ text: String, file: String) -> [Result<BattleshipPosition, ParseError>] {
        var out: [Result<BattleshipPosition, ParseError>] = []
        var block = Block(file: file, line: 1)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var lastContentLine = 0
        func finish() {
            let span = lines[(block.line - 1)..<max(block.line - 1, lastContentLine)]
            out.append(block.finish().map { position in
                var withText = position
                withText.text = span.map { String($0.last == "\r" ? $0.dropLast() : $0) }.joined(separator: "\n") + "\n"
                return withText
            })
        }
        for (i, rawLine) in lines.enumerated() {
            let lineNumber = i + 1
            var line = rawLine
            if line.last == "\r" { line = line.dropLast() }
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            if let colon = line.firstIndex(of: ":"), line[..<colon].allSatisfy({ $0.isLetter || $0 == " " }) {
                let key = line[..<colon].trimmingCharacters(in: " \t").lowercased()
                let valueStart = line.index(after: colon)
                let value = line[valueStart...]
                let valueColumn = line.distance(from: line.startIndex, to: valueStart) + 1
                if (key == "name" && block.hasContent) || (key == "size" && block.size != nil) {
                    finish()
                    block = Block(file: file, line: lineNumber)
                }
                if !block.hasContent { block.line = lineNumber }
                block.header(key: key, value: value, line: lineNumber, column: valueColumn)
            } else {
                if !block.hasContent { block.line = lineNumber }
                block.rows.append((lineNumber, Array(line.enumerated()).filter { $0.element != " " && $0.element != "\t" }
                    .map { (column: $0.offset + 1, symbol: $0.element) }))
            }
            lastContentLine = lineNumber
        }
        if block.hasContent { finish() }
        return out
    }

    /// The fleet cells, for contradictions such as more hits than ship cells.
    static func fleetCells(_ fleet: [Int]) -> Int { fleet.reduce(0, +) }
}

private extension Substring {
    func trimmingCharacters(in set: String) -> String {
        var s = self
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}

/// The lines of one position while it is being read.
private struct Block {
    let file: String
    var line: Int
    var name: String?
    var size: (width: Int, height: Int)?
    var fleet: [Int]?
    var rows: [(line: Int, cells: [(column: Int, symbol: Character)])] = []
    var sunk: [(line: Int, column: Int, ship: Substring, cell: Substring, cellColumn: Int)] = []
    var error: ParseError?
    var hasContent: Bool { name != nil || size != nil || fleet != nil || !rows.isEmpty || !sunk.isEmpty || error != nil }

    init(file: String, line: Int) { self.file = file; self.line = line }

    func at(_ line: Int, _ column: Int) -> SourceLocation { SourceLocation(file: file, line: line, column: column) }

    mutating func fail(_ message: String, _ line: Int, _ column: Int) {
        if error == nil { error = ParseError(message, at: at(line, column)) }
    }

    /// Words of a header value with their 1-based columns.
    static func words(_ value: Substring, from column: Int, separators: Set<Character> = [" ", "\t"]) -> [(Substring, Int)] {
        var out: [(Substring, Int)] = []
        var start: Substring.Index?
        var col = column
        var startCol = column
        for idx in value.indices {
            let ch = value[idx]
            if separators.contains(ch) {
                if let s = start { out.append((value[s..<idx], startCol)); start = nil }
            } else if start == nil { start = idx; startCol = col }
            col += 1
        }
        if let s = start { out.append((value[s...], startCol)) }
        return out
    }

    mutating func header(key: String, value: Substring, line: Int, column: Int) {
        switch key {
        case "name":
            name = value.trimmingCharacters(in: " \t")
        case "size":
            let w = Block.words(value, from: column)
            guard w.count == 1 else { return fail("size must look like 10x10", line, w.first?.1 ?? column) }
            let parts = w[0].0.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else {
                return fail("size must look like 10x10, not '\(w[0].0)'", line, w[0].1)
            }
            guard BoardShape(width: width, height: height) != nil else {
                return fail("bad size \(width)x\(height): at most 26 columns, 99 rows and 128 cells", line, w[0].1)
            }
            size = (width, height)
        case "fleet":
            var lengths: [Int] = []
            for (word, col) in Block.words(value, from: column, separators: [" ", "\t", ","]) {
                guard let n = Int(word), n >= 1, n <= 26 else { return fail("ship length must be a number from 1 to 26, not '\(word)'", line, col) }
                lengths.append(n)
            }
            guard !lengths.isEmpty, lengths.count <= 26 else { return fail("fleet needs 1 to 26 ship lengths", line, column) }
            fleet = lengths
        case "sunk":
            // Items separated by commas: `<ship> at <cell>`.
            for item in Block.items(value, from: column) {
                let w = Block.words(item.0, from: item.1)
                guard w.count == 3, w[1].0.lowercased() == "at" else {
                    return fail("sunk wants '<length or letter> at <cell>', e.g. 'sunk: 3 at c4'", line, w.first?.1 ?? item.1)
                }
                sunk.append((line, w[0].1, w[0].0, w[2].0, w[2].1))
            }
        case "grid":
            if !value.allSatisfy({ $0 == " " || $0 == "\t" }) { fail("grid rows go on the lines below 'grid:'", line, column) }
        default:
            fail("unknown header '\(key)' (known: name, size, fleet, grid, sunk)", line, 1)
        }
    }

    static func items(_ value: Substring, from column: Int) -> [(Substring, Int)] {
        var out: [(Substring, Int)] = []
        var start = value.startIndex, startCol = column, col = column
        for idx in value.indices {
            if value[idx] == "," { out.append((value[start..<idx], startCol)); start = value.index(after: idx); startCol = col + 1 }
            col += 1
        }
        out.append((value[start...], startCol))
        return out
    }

    func finish() -> Result<BattleshipPosition, ParseError> {
        var me = self
        return me.build()
    }

    mutating func build() -> Result<BattleshipPosition, ParseError> {
        if let error { return .failure(error) }
        let (width, height) = size ?? (10, 10)
        let shape = BoardShape(width: width, height: height)!
        let fleet = self.fleet ?? ShotRecord.standardFleet
        if let long = fleet.first(where: { $0 > max(width, height) }) {
            return .failure(ParseError("a ship of length \(long) does not fit on a \(width)x\(height) board", at: at(line, 1)))
        }
        if fleet.reduce(0, +) > shape.cellCount {
            return .failure(ParseError("the fleet has more ship cells than the board has cells", at: at(line, 1)))
        }
        var record = ShotRecord(shape: shape, fleet: fleet)
        if !rows.isEmpty {
            if rows.count != height {
                let where_ = rows.count > height ? rows[height] : rows[rows.count - 1]
                return .failure(ParseError("the grid has \(rows.count) rows but the board has \(height)",
                                           at: at(where_.line, where_.cells.first?.column ?? 1)))
            }
            var hitCount = 0
            let fleetCells = BattleshipFormat.fleetCells(fleet)
            for (r, row) in rows.enumerated() {
                if row.cells.count != width {
                    let col = row.cells.count > width ? row.cells[width].column : (row.cells.last?.column ?? 0) + 1
                    return .failure(ParseError("row \(r + 1) has \(row.cells.count) cells but the board is \(width) wide", at: at(row.line, col)))
                }
                for (c, cell) in row.cells.enumerated() {
                    let bit = shape.bit(shape.cell(col: c, row: r))
                    switch cell.symbol {
                    case ".", "?": break
                    case "o", "O", "-", "~": record.misses |= bit
                    case "x", "X", "*":
                        record.hits |= bit
                        hitCount += 1
                        if hitCount > fleetCells {
                            return .failure(ParseError("more hits than the fleet has ship cells (\(fleetCells))", at: at(row.line, cell.column)))
                        }
                    default:
                        return .failure(ParseError("unknown symbol '\(cell.symbol)' (use . unknown, o miss, x hit)", at: at(row.line, cell.column)))
                    }
                }
            }
        }
        // Sunk announcements: which ship, which cell.
        var announced = Set<Int>()
        var sunkCells: [Int: Int] = [:]
        for item in sunk {
            let ship: Int
            if let n = Int(item.ship) {
                guard let s = fleet.indices.first(where: { fleet[$0] == n && !announced.contains($0) }) else {
                    return .failure(ParseError(fleet.contains(n) ? "every ship of length \(n) is already sunk" : "the fleet has no ship of length \(n)",
                                               at: at(item.line, item.column)))
                }
                ship = s
            } else if item.ship.count == 1, let v = item.ship.uppercased().unicodeScalars.first?.value, v >= 65, Int(v) - 65 < fleet.count {
                ship = Int(v) - 65
                if announced.contains(ship) { return .failure(ParseError("ship \(item.ship.uppercased()) is already sunk", at: at(item.line, item.column))) }
            } else {
                return .failure(ParseError("'\(item.ship)' is neither a ship length nor a ship letter A-\(ShotRecord.letter(ofShip: fleet.count - 1))", at: at(item.line, item.column)))
            }
            guard let cell = shape.cell(named: item.cell) else {
                return .failure(ParseError("'\(item.cell)' is not a cell of a \(width)x\(height) board", at: at(item.line, item.cellColumn)))
            }
            guard record.hits & shape.bit(cell) != 0 else {
                return .failure(ParseError("\(shape.name(of: cell)) sank a ship but is not marked as a hit", at: at(item.line, item.cellColumn)))
            }
            if let other = sunkCells[cell] {
                return .failure(ParseError("overlapping ships: \(ShotRecord.letter(ofShip: other)) and \(ShotRecord.letter(ofShip: ship)) both sunk by the shot at \(shape.name(of: cell))",
                                           at: at(item.line, item.cellColumn)))
            }
            let table = PlacementTable(shape: shape, lengths: [fleet[ship]])
            let runs = table.placements(class: 0, inside: record.hits).intersection(table.placements(class: 0, touching: shape.bit(cell)))
            if runs.isEmpty {
                return .failure(ParseError("no straight run of \(fleet[ship]) hits through \(shape.name(of: cell)) for the sunk ship",
                                           at: at(item.line, item.cellColumn)))
            }
            announced.insert(ship)
            sunkCells[cell] = ship
            record.sunk.append(SunkAnnouncement(ship: ship, cell: cell))
        }
        if record.sunk.count > 1 && !Block.sunkShipsFit(record) {
            let last = sunk[sunk.count - 1]
            return .failure(ParseError("overlapping ships: the sunk ships cannot all lie on the hits without overlapping", at: at(last.line, last.cellColumn)))
        }
        let position = BattleshipPosition(name: name ?? "", location: at(line, 1), record: record)
        return .success(position)
    }

    /// Whether the sunk ships have pairwise disjoint all-hit placements (a small backtrack).
    static func sunkShipsFit(_ record: ShotRecord) -> Bool {
        let table = PlacementTable(shape: record.shape, lengths: record.fleet)
        func rec(_ i: Int, _ used: UInt128) -> Bool {
            if i == record.sunk.count { return true }
            let s = record.sunk[i]
            let c = table.classIndex(ofLength: record.fleet[s.ship])
            for p in table.placements(class: c, inside: record.hits & ~used).members {
                let m = table.mask(class: c, p)
                if m & record.shape.bit(s.cell) != 0 && rec(i + 1, used | m) { return true }
            }
            return false
        }
        return rec(0, 0)
    }
}
