// The `analyze` of a .battleship position: exact layout count, per-cell counts and the best
// shot (`BattleshipResult` writes them with the probabilities derived from them).

import SolverKit

struct BattleshipAnalysis: Sendable {
    var record: ShotRecord
    var count: LayoutCount

    init(record: ShotRecord, threads: Int, budget: SearchBudget? = nil) {
        self.record = record
        let counter = LayoutCounter(shape: record.shape, fleet: record.fleet)
        let check: (@Sendable (UInt64) -> Bool)? = budget.map { b in { @Sendable n in b.shouldStop(nodes: n) } }
        count = counter.count(record, threads: threads, shouldStop: check)
    }

    /// The unknown cell most likely to hold a ship (first in row-major order on ties), or nil
    /// when no layout fits or nothing is left to fire at.
    var bestShot: Int? {
        var best: Int? = nil
        var bestCount: UInt128 = 0
        for cell in 0..<record.shape.cellCount where record.unknown & record.shape.bit(cell) != 0 {
            if best == nil || count.cells[cell] > bestCount { best = cell; bestCount = count.cells[cell] }
        }
        return count.layouts == 0 ? nil : best
    }

    var summary: String {
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
