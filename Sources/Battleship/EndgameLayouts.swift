// EndgameLayouts: every fleet layout consistent with a ShotRecord, listed one by one (not just
// counted), for positions with few layouts left. Layouts that differ only in where the sunk
// ships lie lead to the same future shots, so they are merged: one entry per placement of the
// ships still afloat, weighted by how many layouts share it.

/// The afloat ships of one group of layouts and how many layouts the group holds.
struct EndgameLayout: Hashable {
    /// Cell masks of the ships not yet sunk, in fleet order of those ships.
    var afloat: [UInt128]
    var weight: UInt64
}

extension LayoutCounter {
    /// All consistent layouts merged by their afloat ships, or nil when there are more than
    /// `limit` layouts (counted before merging). Same rules as `count`: ships straight and
    /// disjoint, off the misses, every hit covered; a sunk ship covers the cell of the shot that
    /// sank it and lies on the hits of that moment; a ship afloat is not all hits.
    func endgameLayouts(_ shots: ShotRecord, limit: Int) -> [EndgameLayout]? {
        let n = fleet.count
        let sunkShips = shots.sunk.map(\.ship)
        let afloat = fleet.indices.filter { !sunkShips.contains($0) }
        let allowed = shape.fullMask & ~shots.misses
        var groups: [[UInt128]: UInt64] = [:]
        var layouts = 0
        var placed = [UInt128](repeating: 0, count: n)
        var done = [Bool](repeating: false, count: n)
        var overflow = false

        func placements(_ s: Int) -> [UInt128] {
            let c = table.classIndex(ofLength: fleet[s])
            return table.placements(class: c, inside: allowed).members.map { table.mask(class: c, $0) }
        }
        let options = fleet.indices.map(placements)

        // Afloat ships: the one covering the lowest unexplained hit first (each layout is made
        // exactly once, as in the counter), then the rest in fleet order, clear of all hits.
        func placeAfloat(_ used: UInt128) {
            if overflow { return }
            let uncovered = shots.hits & ~used
            if uncovered != 0 {
                let h = shape.bit(uncovered.trailingZeroBitCount)
                for s in afloat where !done[s] {
                    for m in options[s] where m & h != 0 && m & used == 0 && m & ~shots.hits != 0 {
                        placed[s] = m; done[s] = true
                        placeAfloat(used | m)
                        done[s] = false
                    }
                }
                return
            }
            guard let s = afloat.first(where: { !done[$0] }) else {
                layouts += 1
                if layouts > limit { overflow = true; return }
                groups[afloat.map { placed[$0] }, default: 0] += 1
                return
            }
            for m in options[s] where m & used == 0 && m & shots.hits == 0 {
                placed[s] = m; done[s] = true
                placeAfloat(used | m)
                done[s] = false
            }
        }
        func placeSunk(_ i: Int, _ used: UInt128) {
            if overflow { return }
            if i == shots.sunk.count { placeAfloat(used); return }
            let a = shots.sunk[i]
            let on = (a.hitsThen ?? shots.hits) & shots.hits
            for m in options[a.ship] where m & shape.bit(a.cell) != 0 && m & ~on == 0 && m & used == 0 {
                placed[a.ship] = m
                placeSunk(i + 1, used | m)
            }
        }
        placeSunk(0, 0)
        if overflow { return nil }
        return groups.map { EndgameLayout(afloat: $0.key, weight: $0.value) }
            .sorted { $0.afloat.lexicographicallyPrecedes($1.afloat) }
    }
}
