// Layout counting against an independent brute force: every tuple of straight placements on a
// small board, filtered by the shot rules, counted directly.

import Testing
@testable import Battleship
import SolverKit

/// The naive reference: all placements of every ship, nested, checked one layout at a time.
struct BruteForceCounter {
    let width: Int, height: Int, fleet: [Int]

    func placements(_ length: Int) -> [Set<Int>] {
        var out: [Set<Int>] = []
        for r in 0..<height {
            for c in 0..<width {
                if c + length <= width { out.append(Set((0..<length).map { r * width + c + $0 })) }
                if length > 1 && r + length <= height { out.append(Set((0..<length).map { (r + $0) * width + c })) }
            }
        }
        return out
    }

    /// (layouts, per-cell counts) consistent with misses, hits and sunk (ship, cell) pairs.
    func count(misses: Set<Int>, hits: Set<Int>, sunk: [(Int, Int)]) -> (UInt128, [UInt128]) {
        let lists = fleet.map { placements($0) }
        var total: UInt128 = 0
        var cells = [UInt128](repeating: 0, count: width * height)
        var chosen: [Set<Int>] = []
        func rec(_ i: Int, _ used: Set<Int>) {
            if i == fleet.count {
                // Every hit is on some ship; sunk ships are all hit and cover their cell;
                // other ships are not all hit.
                if !hits.isSubset(of: used) { return }
                for (s, ship) in chosen.enumerated() {
                    let announced = sunk.first { $0.0 == s }
                    if let (_, cell) = announced {
                        if !ship.contains(cell) || !ship.isSubset(of: hits) { return }
                    } else if ship.isSubset(of: hits) { return }
                }
                total += 1
                for c in used { cells[c] += 1 }
                return
            }
            for p in lists[i] where p.isDisjoint(with: used) && p.isDisjoint(with: misses) {
                chosen.append(p)
                rec(i + 1, used.union(p))
                chosen.removeLast()
            }
        }
        rec(0, [])
        return (total, cells)
    }
}

@Test func emptySmallBoardsMatchBruteForce() {
    for (w, h, fleet) in [(6, 6, [4, 3, 2]), (5, 4, [3, 3, 2]), (7, 5, [3, 2, 2]), (4, 4, [2, 2, 1, 1])] {
        let shape = BoardShape(width: w, height: h)!
        let brute = BruteForceCounter(width: w, height: h, fleet: fleet).count(misses: [], hits: [], sunk: [])
        let counter = LayoutCounter(shape: shape, fleet: fleet)
        for (threads, symmetry) in [(1, false), (2, true), (2, false)] {
            let r = counter.count(ShotRecord(shape: shape, fleet: fleet), threads: threads, useSymmetry: symmetry)
            #expect(r.layouts == brute.0, "\(w)x\(h) \(fleet)")
            #expect(r.cells == brute.1, "\(w)x\(h) \(fleet)")
            #expect(r.complete)
        }
    }
}

@Test func shotsMatchBruteForceOnRandomGames() {
    var rng = SplitMix64(seed: 42)
    let cases: [(Int, Int, [Int])] = [(6, 6, [4, 3, 2]), (6, 6, [3, 3, 2]), (5, 5, [3, 2, 2]), (6, 5, [4, 3, 2])]
    for (w, h, fleet) in cases {
        let shape = BoardShape(width: w, height: h)!
        let brute = BruteForceCounter(width: w, height: h, fleet: fleet)
        let counter = LayoutCounter(shape: shape, fleet: fleet)
        // True layouts drawn by rejection from random placements.
        for _ in 0..<12 {
            var layout: [Set<Int>] = []
            while layout.count < fleet.count {
                layout = []
                var used = Set<Int>()
                for len in fleet {
                    let list = brute.placements(len)
                    let p = list[rng.below(list.count)]
                    if !p.isDisjoint(with: used) { break }
                    layout.append(p); used.formUnion(p)
                }
            }
            // Fire a random number of random shots, recording what the rules announce.
            var order = Array(0..<(w * h))
            order.shuffle(using: &rng)
            let shots = order.prefix(rng.below(w * h * 3 / 4) + 1)
            var record = ShotRecord(shape: shape, fleet: fleet)
            var misses = Set<Int>(), hits = Set<Int>(), sunk: [(Int, Int)] = []
            for cell in shots {
                if let s = layout.firstIndex(where: { $0.contains(cell) }) {
                    hits.insert(cell)
                    record.hits |= shape.bit(cell)
                    if layout[s].isSubset(of: hits) {
                        sunk.append((s, cell))
                        record.sunk.append(SunkAnnouncement(ship: s, cell: cell))
                    }
                } else {
                    misses.insert(cell)
                    record.misses |= shape.bit(cell)
                }
            }
            let expected = brute.count(misses: misses, hits: hits, sunk: sunk)
            for threads in [1, 2] {
                let r = counter.count(record, threads: threads)
                #expect(r.layouts == expected.0, "\(w)x\(h) \(fleet) shots \(shots.count)")
                #expect(r.cells == expected.1)
                #expect(r.layouts >= 1)
            }
        }
    }
}

@Test func emptyTenByTenTotal() {
    let shape = BoardShape(width: 10, height: 10)!
    let r = LayoutCounter(shape: shape, fleet: [5, 4, 3, 3, 2]).count(ShotRecord(shape: shape), threads: 2)
    // Published: 30,093,975,536 layouts; each layout covers 17 cells.
    #expect(r.layouts == 30_093_975_536)
    #expect(r.cells.reduce(0, +) == 17 * 30_093_975_536)
}
