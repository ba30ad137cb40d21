// The `analyze` result of a .battleship position: exact layout count, per-cell counts, the best
// shot, and the probabilities derived from them.

import SolverKit

public struct BattleshipAnalysis: Sendable {
    public var record: ShotRecord
    public var count: LayoutCount

    public init(record: ShotRecord, threads: Int, budget: SearchBudget? = nil) {
        self.record = record
        let counter = LayoutCounter(shape: record.shape, fleet: record.fleet)
        let check: (@Sendable (UInt64) -> Bool)? = budget.map { b in { @Sendable n in b.shouldStop(nodes: n) } }
        count = counter.count(record, threads: threads, shouldStop: check)
    }

    /// The unknown cell most likely to hold a ship (first in row-major order on ties), or nil
    /// when no layout fits or nothing is left to fire at.
    public var bestShot: Int? {
        var best: Int? = nil
        var bestCount: UInt128 = 0
        for cell in 0..<record.shape.cellCount where record.unknown & record.shape.bit(cell) != 0 {
            if best == nil || count.cells[cell] > bestCount { best = cell; bestCount = count.cells[cell] }
        }
        return count.layouts == 0 ? nil : best
    }

    public var json: JSON {
        let shape = record.shape
        let rows: [JSON] = (0..<shape.height).map { r in .array((0..<shape.width).map { JSON(count.cells[r * shape.width + $0]) }) }
        let probabilities: [JSON] = (0..<shape.height).map { r in
            .array((0..<shape.width).map { c -> JSON in
                guard count.layouts > 0 else { return .double(0) }
                let p = Double(count.cells[r * shape.width + c]) / Double(count.layouts)
                return .double((p * 1e6).rounded() / 1e6)
            })
        }
        var fields: [(String, JSON)] = [
            ("size", .string("\(shape.width)x\(shape.height)")),
            ("fleet", JSON(record.fleet)),
            ("layouts", JSON(count.layouts)),
            ("cells", .array(rows)),
        ]
        if let best = bestShot {
            fields.append(("bestShot", .string(shape.name(of: best))))
            fields.append(("bestShotLayouts", JSON(count.cells[best])))
            fields.append(("bestShotProbability", .double(Double(count.cells[best]) / Double(count.layouts))))
        } else {
            fields.append(("bestShot", .null))
        }
        fields.append(("probabilities", .array(probabilities)))
        return .object(fields)
    }

    public var summary: String {
        guard let best = bestShot else { return "\(count.layouts) layouts" }
        let pct = Double(count.cells[best]) / Double(count.layouts) * 100
        return "\(count.layouts) layouts, best shot \(record.shape.name(of: best)) (\(String(format1: pct))%)"
    }
}

extension String {
    /// One decimal, without Foundation formatting.
    init(format1 value: Double) {
        let tenths = Int((value * 10).rounded())
        self = "\(tenths / 10).\(abs(tenths % 10))"
    }
}
