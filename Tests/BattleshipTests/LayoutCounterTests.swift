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

    /// (layouts, per-cell counts) consistent with misses, hits and sunk (ship, cell) pairs;
    /// with `hitsWhenSunk` (one set per announcement), a sunk ship lies on the cells hit by
    /// the time it sank.
    func count(misses: Set<Int>, hits: Set<Int>, sunk: [(Int, Int)], hitsWhenSunk: [Set<Int>]? = nil) -> (UInt128, [UInt128]) {
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
                    let announced = sunk.firstIndex { $0.0 == s }
                    if let a = announced {
                        if !ship.contains(sunk[a].1) || !ship.isSubset(of: hitsWhenSunk?[a] ?? hits) { return }
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
            var misses = Set<Int>(), hits = Set<Int>(), sunk: [(Int, Int)] = [], hitsWhenSunk: [Set<Int>] = []
            var ordered = record
            for cell in shots {
                if let s = layout.firstIndex(where: { $0.contains(cell) }) {
                    hits.insert(cell)
                    record.hits |= shape.bit(cell)
                    ordered.hits |= shape.bit(cell)
                    if layout[s].isSubset(of: hits) {
                        sunk.append((s, cell))
                        hitsWhenSunk.append(hits)
                        record.sunk.append(SunkAnnouncement(ship: s, cell: cell))
                        ordered.sunk.append(SunkAnnouncement(ship: s, cell: cell, hitsThen: ordered.hits))
                    }
                } else {
                    misses.insert(cell)
                    record.misses |= shape.bit(cell)
                    ordered.misses |= shape.bit(cell)
                }
            }
            // Without the shot order (as read from a file) and with it (as in a game).
            let expected = brute.count(misses: misses, hits: hits, sunk: sunk)
            let expectedOrdered = brute.count(misses: misses, hits: hits, sunk: sunk, hitsWhenSunk: hitsWhenSunk)
            for threads in [1, 2] {
                let r = counter.count(record, threads: threads)
                #expect(r.layouts == expected.0, "\(w)x\(h) \(fleet) shots \(shots.count)")
                #expect(r.cells == expected.1)
                #expect(r.layouts >= 1)
                let o = counter.count(ordered, threads: threads)
                #expect(o.layouts == expectedOrdered.0, "ordered \(w)x\(h) \(fleet) shots \(shots.count)")
                #expect(o.cells == expectedOrdered.1)
                #expect(o.layouts >= 1 && o.layouts <= r.layouts)
            }
        }
    }
}

@Test func sunkShipLiesOnTheHitsOfItsMoment() {
    // 6x6, fleet 3, 2: the 2 on a1 b1, the 3 on c1 d1 e1. Shots a1, b1 (sinks the 2), c1. Read
    // without the order, the 2 could be b1 c1 (with the 3 down from a1); in the game it cannot,
    // since c1 was hit after the 2 sank.
    let shape = BoardShape(width: 6, height: 6)!
    let bits = { (cells: [Int]) in cells.reduce(UInt128(0)) { $0 | shape.bit($1) } }
    var game = SimulatedGame(shape: shape, ships: [bits([2, 3, 4]), bits([0, 1])], record: ShotRecord(shape: shape, fleet: [3, 2]))
    for cell in [0, 1, 2] { game.fire(cell) }
    #expect(game.record.sunk == [SunkAnnouncement(ship: 1, cell: 1, hitsThen: bits([0, 1]))])
    var unordered = game.record
    unordered.sunk = unordered.sunk.map { SunkAnnouncement(ship: $0.ship, cell: $0.cell) }
    let brute = BruteForceCounter(width: 6, height: 6, fleet: [3, 2])
    let ordered = brute.count(misses: [], hits: [0, 1, 2], sunk: [(1, 1)], hitsWhenSunk: [[0, 1]])
    let loose = brute.count(misses: [], hits: [0, 1, 2], sunk: [(1, 1)])
    #expect(ordered.0 < loose.0)
    let counter = LayoutCounter(shape: shape, fleet: [3, 2])
    for threads in [1, 2] {
        let o = counter.count(game.record, threads: threads), u = counter.count(unordered, threads: threads)
        #expect(o.layouts == ordered.0 && o.cells == ordered.1)
        #expect(u.layouts == loose.0 && u.cells == loose.1)
    }
}

@Test func emptyTenByTenTotal() {
    let shape = BoardShape(width: 10, height: 10)!
    let r = LayoutCounter(shape: shape, fleet: [5, 4, 3, 3, 2]).count(ShotRecord(shape: shape), threads: 2)
    // Published: 30,093,975,536 layouts; each layout covers 17 cells.
    #expect(r.layouts == 30_093_975_536)
    #expect(r.cells.reduce(0, +) == 17 * 30_093_975_536)
}
