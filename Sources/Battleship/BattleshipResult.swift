// The `result` objects of Battleship records, typed: `BattleshipResult` for `analyze` on a
// `.battleship` position (exact layout counts and the best shot), `BimaruResult` for `solve` on a
// `.bimaru` puzzle. Written by `BattleshipGame`'s jobs, read back by reports and charts. Field
// names are spelled once, in each `Field`; Puzzles/battleship/README.md documents each.
import SolverKit

struct BattleshipResult {
    enum Field: String {
        case position, size, fleet, layouts, cells, bestShot, bestShotLayouts, bestShotProbability, probabilities
        case bound, layoutsAtLeast
    }

    /// The position's lines of its `.battleship` file, which parse back alone.
    var position: String
    /// `WxH`, and the ship lengths.
    var size: String?
    var fleet: [Int]?
    /// The exact number of fleet layouts consistent with the shots (nil when a limit stopped the count).
    var layouts: UInt128?
    /// Rows of per-cell counts: the layouts with a ship on the cell.
    var cells: [[UInt128]]?
    /// The unknown cell on most layouts (first in reading order on ties); nil in a complete
    /// count when no layout fits or no cell is unknown (written as `null`).
    var bestShot: BestShot?
    /// Rows of per-cell probabilities (cells / layouts), rounded to 6 decimals.
    var probabilities: [[Double]]?
    /// Stopped by a limit: the layouts counted so far, a lower bound on the total.
    var layoutsAtLeast: UInt128?

    struct BestShot {
        var cell: String
        var layouts: UInt128
        var probability: Double
    }

    init(position: String) { self.position = position }

    /// A complete count.
    init(position: String, analysis: BattleshipAnalysis) {
        self.position = position
        let shape = analysis.record.shape, count = analysis.count
        size = "\(shape.width)x\(shape.height)"
        fleet = analysis.record.fleet
        layouts = count.layouts
        cells = (0..<shape.height).map { r in Array(count.cells[(r * shape.width)..<((r + 1) * shape.width)]) }
        bestShot = analysis.bestShot.map {
            BestShot(cell: shape.name(of: $0), layouts: count.cells[$0], probability: Double(count.cells[$0]) / Double(count.layouts))
        }
        probabilities = cells!.map { row in
            row.map { c in count.layouts > 0 ? (Double(c) / Double(count.layouts) * 1e6).rounded() / 1e6 : 0 }
        }
    }

    var json: JSON {
        var f = JSONFields<Field>()
        f.set(.position, .string(position))
        f.set(.size, size.map(JSON.string))
        f.set(.fleet, fleet.map(JSON.init))
        f.set(.layouts, layouts.map(JSON.init))
        f.set(.cells, cells.map { .array($0.map { .array($0.map(JSON.init)) }) })
        if layouts != nil {
            f.set(.bestShot, bestShot.map { .string($0.cell) } ?? .null)
            f.set(.bestShotLayouts, bestShot.map { JSON($0.layouts) })
            f.set(.bestShotProbability, bestShot.map { .double($0.probability) })
        }
        f.set(.probabilities, probabilities.map { .array($0.map { .array($0.map(JSON.double)) }) })
        f.set(.bound, layoutsAtLeast.map { .object([(Field.layoutsAtLeast.rawValue, JSON($0))]) })
        return f.json
    }

    /// Reads a record's result back; nil when it is not a `.battleship` analysis.
    init?(json: JSON) {
        let layouts = Self.exact(json[Field.layouts])
        let atLeast = Self.exact(json[Field.bound]?[Field.layoutsAtLeast])
        guard layouts != nil || atLeast != nil else { return nil }
        position = json[Field.position]?.stringValue ?? ""
        size = json[Field.size]?.stringValue
        fleet = json[Field.fleet]?.arrayValue?.compactMap(\.intValue)
        self.layouts = layouts
        cells = json[Field.cells]?.arrayValue?.map { $0.arrayValue?.compactMap(Self.exact) ?? [] }
        if let cell = json[Field.bestShot]?.stringValue, let n = Self.exact(json[Field.bestShotLayouts]),
           let p = json[Field.bestShotProbability]?.doubleValue {
            bestShot = BestShot(cell: cell, layouts: n, probability: p)
        }
        probabilities = json[Field.probabilities]?.arrayValue?.map { $0.arrayValue?.compactMap(\.doubleValue) ?? [] }
        layoutsAtLeast = atLeast
    }

    private static func exact(_ json: JSON?) -> UInt128? { json?.integerText.flatMap { UInt128($0) } }
}

struct BimaruResult {
    enum Field: String {
        case position, solutions, capped, grid, checked, bound, solutionsAtLeast
    }

    /// The puzzle's lines of its `.bimaru` file (a CSPLib line or the grid form), which parse back alone.
    var position: String
    /// Solutions found, at most `--max-solutions`; `capped` when the search stopped at that cap.
    var solutions: Int
    var capped: Bool
    /// The first solution's rows: `#` ship, `.` water.
    var grid: [String]?
    /// Whether the independent rule check accepts `grid`.
    var checked: Bool?
    /// Stopped by a limit: the solutions found so far.
    var solutionsAtLeast: Int?

    init(position: String, solutions: Int, capped: Bool) {
        self.position = position
        self.solutions = solutions
        self.capped = capped
    }

    var json: JSON {
        var f = JSONFields<Field>()
        f.set(.position, .string(position))
        f.set(.solutions, .int(solutions))
        f.set(.capped, .bool(capped))
        f.set(.grid, grid.map(JSON.init))
        f.set(.checked, checked.map(JSON.bool))
        f.set(.bound, solutionsAtLeast.map { .object([(Field.solutionsAtLeast.rawValue, .int($0))]) })
        return f.json
    }

    /// Reads a record's result back; nil when it is not a `.bimaru` solve.
    init?(json: JSON) {
        guard let solutions = json[Field.solutions]?.intValue else { return nil }
        position = json[Field.position]?.stringValue ?? ""
        self.solutions = solutions
        capped = json[Field.capped]?.boolValue ?? false
        grid = json[Field.grid]?.arrayValue?.compactMap(\.stringValue)
        checked = json[Field.checked]?.boolValue
        solutionsAtLeast = json[Field.bound]?[Field.solutionsAtLeast]?.intValue
    }
}
