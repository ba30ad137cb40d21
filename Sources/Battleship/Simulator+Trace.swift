// A readable trace of one simulated game: every shot with the exact probability of a hit the
// shooter faced there, its outcome, and the board at the end (for looking at outliers).

import SolverKit

extension Simulator {
    /// The ship cells of game `seed` (the layout `play` draws), in fleet order.
    func layout(seed: UInt64) -> [UInt128] {
        var layoutRNG = SplitMix64(seed: seed)
        return SimulatedGame.randomLayout(table, fleet: fleet, rng: &layoutRNG)
    }

    /// One line per shot (`n cell p outcome`, p the exact posterior of a ship on the cell
    /// before the shot), then the final board: ship letters where hit, `o` misses, `.` unshot.
    func trace(_ strategy: ShooterStrategy, seed: UInt64) -> String {
        var lines: [String] = []
        var before = ShotRecord(shape: shape, fleet: fleet)
        var n = 0
        var chance = counter.count(before, threads: 1)
        _ = play(strategy, seed: seed) { cell, after in
            n += 1
            let p = chance.layouts == 0 ? 0 : Double(chance.cells[cell]) / Double(chance.layouts)
            let top = chance.cells.indices.filter { before.unknown & self.shape.bit($0) != 0 }.map { chance.cells[$0] }.max() ?? 0
            let pMax = chance.layouts == 0 ? 0 : Double(top) / Double(chance.layouts)
            var outcome = after.hits & self.shape.bit(cell) != 0 ? "hit" : "miss"
            if after.sunk.count > before.sunk.count, let s = after.sunk.last {
                outcome += ", sinks \(ShotRecord.letter(ofShip: s.ship)) (\(self.fleet[s.ship]))"
            }
            lines.append("\(n) \(self.shape.name(of: cell)) p=\(fmt(p)) max=\(fmt(pMax)) \(outcome)")
            before = after
            if after.sunk.count < self.fleet.count { chance = self.counter.count(after, threads: 1) }
        }
        let ships = layout(seed: seed)
        for r in 0..<shape.height {
            var row = ""
            for c in 0..<shape.width {
                let bit = shape.bit(shape.cell(col: c, row: r))
                if let s = ships.firstIndex(where: { $0 & bit != 0 }) {
                    row += before.hits & bit != 0 ? ShotRecord.letter(ofShip: s) : "?"
                } else {
                    row += before.misses & bit != 0 ? "o" : "."
                }
                row += " "
            }
            lines.append(row)
        }
        return lines.joined(separator: "\n")
    }
}

private func fmt(_ x: Double) -> String {
    let scaled = Int((x * 1000).rounded())
    return "\(scaled / 1000).\(String(repeating: "0", count: 3 - String(scaled % 1000).count))\(scaled % 1000)"
}
