// Debug-build checks of the shot state that a simulated game updates shot by shot: a shot record
// (misses and hits disjoint and on the board, each ship announced sunk once, by a hit), and the
// game behind it (ships disjoint and of the fleet's lengths, every hit on a ship and every miss
// off them, a ship announced sunk exactly when all its cells are hit, one shot a cell).
// `SimulatedGame.fire` asserts them; release builds compile the asserts out.

extension ShotRecord {
    var invariantsHold: Bool {
        guard misses & hits == 0, (misses | hits) & ~shape.fullMask == 0 else { return false }
        var ships = Set<Int>()
        for s in sunk {
            guard fleet.indices.contains(s.ship), ships.insert(s.ship).inserted,
                  hits & shape.bit(s.cell) != 0, (s.hitsThen ?? hits) & ~hits == 0 else { return false }
        }
        return true
    }
}

extension SimulatedGame {
    var invariantsHold: Bool {
        guard record.invariantsHold, ships.count == record.fleet.count else { return false }
        var used: UInt128 = 0
        for (s, ship) in ships.enumerated() {
            guard ship & used == 0, ship.nonzeroBitCount == record.fleet[s] else { return false }
            used |= ship
            let announced = record.sunk.contains { $0.ship == s }
            if announced != (ship & ~record.hits == 0) { return false }
        }
        return record.hits & ~used == 0 && record.misses & used == 0
            && shots == (record.hits | record.misses).nonzeroBitCount
    }
}
