// The Battleship drawings of index.html, from the record alone (`BattleshipResult`,
// `BimaruResult`, each with the position's own text): for a `.battleship` position the shots and
// the heat map of the exact layout counts (colour by probability, counts as tooltips, best shot
// marked); for a `.bimaru` puzzle the solved grid with the given cells and the row and column
// counts (each checked against the grid); charts across a collection.
import Foundation
import SolverKit

extension BattleshipGame {
    public static func reportFragment(for record: ResultRecord) -> String? {
        if let result = BimaruResult(json: record.result) {
            guard case .success(let puzzle)? = BimaruFormat.parse(result.position, file: "position.bimaru").first else {
                return HTML.cannotDraw("the recorded puzzle does not read as a .bimaru puzzle")
            }
            return bimaruFragment(puzzle, result)
        }
        guard let result = BattleshipResult(json: record.result) else { return HTML.cannotDraw("the record holds no Battleship result") }
        guard case .success(let position)? = BattleshipFormat.parse(result.position, file: "position.battleship").first else {
            return HTML.cannotDraw("the recorded position does not read as a .battleship position")
        }
        return heatMapFragment(position.record, result, summary: record.summary)
    }

    /// The heat map of a shot record from the layout counts of the result.
    static func heatMapFragment(_ shots: ShotRecord, _ result: BattleshipResult, summary: String) -> String {
        let shape = shots.shape
        guard let rows = result.cells, let total = result.layouts, rows.count == shape.height,
              rows.allSatisfy({ $0.count == shape.width }) else {
            // A `solve` record: the layout count and the best shot, without the per-cell table.
            let best = result.bestShot.flatMap { shape.cell(named: Substring($0.cell)) }
            if let best, shots.unknown & shape.bit(best) == 0 {
                return HTML.cannotDraw("the recorded best shot \(shape.name(of: best)) is not an unknown cell of the recorded position")
            }
            var out = BattleshipDrawing.grid(shape: shape, shots: shots, counts: nil, layouts: 0, best: best)
            if let total = result.layouts {
                out += "<p>\(NumberFormat.grouped(String(total))) layouts fit the shots"
                if let shot = result.bestShot {
                    out += "; best shot <b>\(HTML.escape(shot.cell))</b> (\(fixedPoint(shot.probability * 100, digits: 1))% of layouts put a ship there)"
                }
                return out + ". <code>perfectplay analyze</code> draws every cell's chance.</p>"
            }
            return out + "<p class=\"muted\">No layout counts in this record (\(HTML.escape(summary))): the shots are drawn alone.</p>"
        }
        let counts = rows.flatMap { $0.map(Double.init) }
        let exact = rows.flatMap { $0.map { String($0) } }
        let layouts = Double(total)
        let best = result.bestShot.flatMap { shape.cell(named: Substring($0.cell)) }
        if let best, shots.unknown & shape.bit(best) == 0 {
            return HTML.cannotDraw("the recorded best shot \(shape.name(of: best)) is not an unknown cell of the recorded position")
        }
        var out = HTML.frames([("hit chance per cell, % (hover: exact layout counts)", BattleshipDrawing.grid(shape: shape, shots: shots, counts: counts, layouts: layouts, best: best,
                                                                                      exact: (exact, String(total))))])
        out += "<p>\(NumberFormat.grouped(String(total))) layouts of the fleet \(HTML.escape(shots.fleet.map(String.init).joined(separator: " "))) fit the shots"
        if let best {
            let p = layouts > 0 ? counts[best] / layouts * 100 : 0
            out += "; best shot <b>\(shape.name(of: best))</b> (\(fixedPoint(p, digits: 1))% of layouts put a ship there)"
        }
        return out + ". Hover a cell for its exact count.</p>"
    }

    static func bimaruFragment(_ puzzle: BimaruPuzzle, _ result: BimaruResult) -> String {
        let given = BattleshipDrawing.bimaru(puzzle, solution: nil)
        guard let rows = result.grid else {
            return HTML.frames([("the puzzle", given)]) + "<p class=\"muted\">No solution grid in this record.</p>"
        }
        guard rows.count == puzzle.height, rows.allSatisfy({ $0.count == puzzle.width }) else {
            return HTML.frames([("the puzzle", given)]) + HTML.cannotDraw("the recorded grid is not \(puzzle.width)x\(puzzle.height) like the recorded puzzle")
        }
        var ships: UInt128 = 0
        for (r, row) in rows.enumerated() {
            for (c, ch) in row.enumerated() where ch == "#" { ships |= UInt128(1) << UInt128(r * puzzle.width + c) }
        }
        let checked = puzzle.check(ships)
        var out = HTML.frames([("the puzzle", given), (checked ? "solution (checked)" : "solution (FAILS the check)", BattleshipDrawing.bimaru(puzzle, solution: ships))])
        let n = result.solutions, capped = result.capped
        out += "<p>\(n == 1 && capped == false ? "Unique solution" : "\(n)\(capped ? "+" : "") solution(s) found"); fleet \(HTML.escape(puzzle.fleet.map(String.init).joined(separator: " "))).</p>"
        return out
    }

    public static func collectionHeadline(for records: [ResultRecord]) -> String {
        let done = records.filter { $0.status == .solved }
        var parts: [String] = []
        let puzzles = done.compactMap { BimaruResult(json: $0.result) }
        if !puzzles.isEmpty {
            parts.append("\(puzzles.count) puzzle\(puzzles.count == 1 ? "" : "s"), "
                         + "\(puzzles.count { $0.solutions == 1 }) with a unique solution")
        }
        let grids = done.filter { BattleshipResult(json: $0.result)?.layouts != nil }
        if !grids.isEmpty { parts.append("\(grids.count) grid\(grids.count == 1 ? "" : "s"): exact layout counts and best shot") }
        return HeadlineParts.join(parts, records: records)
    }

    public static func reportCharts(for records: [ResultRecord]) -> [BarChart] {
        var charts: [BarChart] = []
        // Heat-map positions: how sure the best shot is.
        let best = records.compactMap { r -> (String, Double)? in
            guard let p = BattleshipResult(json: r.result)?.bestShot?.probability else { return nil }
            return (r.name.isEmpty ? r.source : r.name, (p * 1000).rounded() / 10)
        }
        if best.count > 1 {
            charts.append(BarChart(title: "Probability of a hit at the best shot", xLabel: "position", yLabel: "% of layouts", bars: best))
        }
        // Bimaru collections: search effort per puzzle, grouped.
        let bimaru = records.filter { BimaruResult(json: $0.result)?.grid != nil }
        if bimaru.count > 3 {
            var buckets: [Int: Int] = [:]
            for r in bimaru { buckets[Int(log10(max(r.nodes, 1)).rounded(.down)), default: 0] += 1 }
            let bars = buckets.keys.sorted().map { ("10^\($0)", Double(buckets[$0]!)) }
            charts.append(BarChart(title: "Bimaru puzzles by search nodes (order of magnitude)", xLabel: "nodes", yLabel: "puzzles", bars: bars))
        }
        return charts
    }
}

enum BattleshipDrawing {
    static let cell = 26.0
    static func f(_ v: Double) -> String { fixedPoint(v, digits: 1) }

    static func header(width: Int, height: Int, extraRight: Double = 0, extraBottom: Double = 0) -> (String, Double) {
        let margin = 18.0
        let w = margin + Double(width) * cell + 4 + extraRight, h = margin + Double(height) * cell + 4 + extraBottom
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(f(w)) \(f(h))\" width=\"\(f(w))\" height=\"\(f(h))\" role=\"img\" font-family=\"sans-serif\">"
        for c in 0..<width {
            out += "<text x=\"\(f(margin + (Double(c) + 0.5) * cell))\" y=\"12\" font-size=\"10\" text-anchor=\"middle\" fill=\"#555\">\(String(UnicodeScalar(UInt8(97 + c))))</text>"
        }
        for r in 0..<height {
            out += "<text x=\"8\" y=\"\(f(margin + (Double(r) + 0.5) * cell + 3))\" font-size=\"10\" text-anchor=\"middle\" fill=\"#555\">\(r + 1)</text>"
        }
        return (out, margin)
    }

    /// Heat colour from white (0) through yellow to red (the most likely cell).
    static func heat(_ t: Double) -> String {
        let t = min(max(t, 0), 1)
        let r = 255.0, g = t < 0.5 ? 255 - t * 2 * 55 : 200 - (t - 0.5) * 2 * 170, b = t < 0.5 ? 255 - t * 2 * 200 : 55 - (t - 0.5) * 2 * 25
        func hex(_ v: Double) -> String { let i = Int(v.rounded()); return String(i, radix: 16).count == 1 ? "0" + String(i, radix: 16) : String(i, radix: 16) }
        return "#" + hex(r) + hex(g) + hex(b)
    }

    static func grid(shape: BoardShape, shots: ShotRecord, counts: [Double]?, layouts: Double, best: Int?,
                     exact: (cells: [String], layouts: String)? = nil) -> String {
        var (out, margin) = header(width: shape.width, height: shape.height)
        let unknownMax = counts.map { c in (0..<shape.cellCount).filter { shots.unknown & shape.bit($0) != 0 }.map { c[$0] }.max() ?? 0 } ?? 0
        let sunkCells = Set(shots.sunk.map(\.cell))
        for cellIndex in 0..<shape.cellCount {
            let x = margin + Double(cellIndex % shape.width) * cell, y = margin + Double(cellIndex / shape.width) * cell
            let name = shape.name(of: cellIndex)
            let bit = shape.bit(cellIndex)
            if shots.misses & bit != 0 {
                out += "<rect x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(cell))\" height=\"\(f(cell))\" fill=\"#9fb7cc\" stroke=\"#789\"><title>\(name): miss</title></rect>"
                out += "<circle cx=\"\(f(x + cell / 2))\" cy=\"\(f(y + cell / 2))\" r=\"3\" fill=\"#345\"/>"
            } else if shots.hits & bit != 0 {
                let sunk = sunkCells.contains(cellIndex)
                out += "<rect x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(cell))\" height=\"\(f(cell))\" fill=\"\(sunk ? "#555" : "#7a1f1f")\" stroke=\"#789\"><title>\(name): hit\(sunk ? ", sank a ship" : "")</title></rect>"
                out += "<path d=\"M\(f(x + 7)) \(f(y + 7))L\(f(x + cell - 7)) \(f(y + cell - 7))M\(f(x + cell - 7)) \(f(y + 7))L\(f(x + 7)) \(f(y + cell - 7))\" stroke=\"#fff\" stroke-width=\"2\"/>"
            } else {
                let count = counts?[cellIndex] ?? 0
                let p = layouts > 0 ? count / layouts : 0
                let t = unknownMax > 0 ? count / unknownMax : 0
                let tip = counts == nil ? "\(name): unknown" : "\(name): \(NumberFormat.grouped(exact?.cells[cellIndex] ?? "?")) of \(NumberFormat.grouped(exact?.layouts ?? "?")) layouts (\(fixedPoint(p * 100, digits: 2))%)"
                out += "<rect x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(cell))\" height=\"\(f(cell))\" fill=\"\(counts == nil ? "#fff" : heat(t))\" stroke=\"#bbb\"><title>\(HTML.escape(tip))</title></rect>"
                if counts != nil && shape.width <= 12 {
                    out += "<text x=\"\(f(x + cell / 2))\" y=\"\(f(y + cell / 2 + 3))\" font-size=\"8\" text-anchor=\"middle\" fill=\"#333\" pointer-events=\"none\">\(Int((p * 100).rounded()))</text>"
                }
            }
        }
        if let best {
            let x = margin + Double(best % shape.width) * cell, y = margin + Double(best / shape.width) * cell
            out += "<rect x=\"\(f(x + 1.5))\" y=\"\(f(y + 1.5))\" width=\"\(f(cell - 3))\" height=\"\(f(cell - 3))\" fill=\"none\" stroke=\"#0b5\" stroke-width=\"3\"><title>best shot \(shape.name(of: best))</title></rect>"
        }
        return out + "</svg>"
    }

    /// A Bimaru grid: given cells outlined with their symbol, ships (when solved) dark, and the
    /// row / column counts outside (red when the drawn grid disagrees).
    static func bimaru(_ puzzle: BimaruPuzzle, solution: UInt128?) -> String {
        var (out, margin) = header(width: puzzle.width, height: puzzle.height, extraRight: 20, extraBottom: 16)
        var hintAt: [Int: BimaruHint] = [:]
        for (cellIndex, hint) in puzzle.hints { hintAt[cellIndex] = hint }
        func on(_ r: Int, _ c: Int) -> Bool {
            guard let s = solution, r >= 0, r < puzzle.height, c >= 0, c < puzzle.width else { return false }
            return s >> UInt128(r * puzzle.width + c) & 1 != 0
        }
        // Three passes so that nothing later covers a ship: squares, ships, given cells.
        for pass in 0..<3 {
            for r in 0..<puzzle.height {
                for c in 0..<puzzle.width {
                    let x = margin + Double(c) * cell, y = margin + Double(r) * cell
                    let hint = hintAt[r * puzzle.width + c]
                    switch pass {
                    case 0:
                        let name = String(UnicodeScalar(UInt8(97 + c))) + String(r + 1)
                        let water = solution != nil && !on(r, c)
                        out += "<rect x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(cell))\" height=\"\(f(cell))\" fill=\"\(water ? "#d6e8f5" : "#fff")\" stroke=\"#9ab\"><title>\(name)\(hint.map { ": given \($0.rawValue)" } ?? "")</title></rect>"
                    case 1 where on(r, c) && !on(r, c - 1) && !on(r - 1, c):
                        // The first cell of a ship: the whole ship as one rounded bar.
                        var length = 1
                        let horizontal = on(r, c + 1)
                        while horizontal ? on(r, c + length) : on(r + length, c) { length += 1 }
                        let inset = 4.0
                        let w = (horizontal ? Double(length) * cell : cell) - 2 * inset
                        let h = (horizontal ? cell : Double(length) * cell) - 2 * inset
                        let rounded = length == 1 ? cell / 2 - inset : 7
                        out += "<rect x=\"\(f(x + inset))\" y=\"\(f(y + inset))\" width=\"\(f(w))\" height=\"\(f(h))\" rx=\"\(f(rounded))\" fill=\"#2b3f5c\"><title>ship of \(length)</title></rect>"
                    case 2:
                        guard let hint else { continue }
                        out += "<rect x=\"\(f(x + 1.5))\" y=\"\(f(y + 1.5))\" width=\"\(f(cell - 3))\" height=\"\(f(cell - 3))\" fill=\"none\" stroke=\"#e0a000\" stroke-width=\"2.5\" pointer-events=\"none\"/>"
                        out += "<text x=\"\(f(x + cell / 2))\" y=\"\(f(y + cell / 2 + 4))\" font-size=\"11\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"\(on(r, c) ? "#fff" : "#a06a00")\" pointer-events=\"none\">\(hint == .water ? "~" : String(hint.rawValue))</text>"
                    default:
                        continue
                    }
                }
            }
        }
        for r in 0..<puzzle.height {
            let count = (0..<puzzle.width).filter { on(r, $0) }.count
            let bad = solution != nil && count != puzzle.rowSums[r]
            out += "<text x=\"\(f(margin + Double(puzzle.width) * cell + 11))\" y=\"\(f(margin + (Double(r) + 0.5) * cell + 4))\" font-size=\"12\" text-anchor=\"middle\" fill=\"\(bad ? "#c00" : "#222")\">\(puzzle.rowSums[r])</text>"
        }
        for c in 0..<puzzle.width {
            let count = (0..<puzzle.height).filter { on($0, c) }.count
            let bad = solution != nil && count != puzzle.colSums[c]
            out += "<text x=\"\(f(margin + (Double(c) + 0.5) * cell))\" y=\"\(f(margin + Double(puzzle.height) * cell + 14))\" font-size=\"12\" text-anchor=\"middle\" fill=\"\(bad ? "#c00" : "#222")\">\(puzzle.colSums[c])</text>"
        }
        return out + "</svg>"
    }
}
