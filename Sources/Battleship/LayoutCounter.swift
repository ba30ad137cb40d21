// LayoutCounter: the exact number of fleet layouts consistent with a ShotRecord, and per cell
// the number of those layouts with a ship there. Splits the search into tasks that both cores
// pull from; on a board with misses only it enumerates the first ship up to the board
// symmetries that fix the misses (orbit representatives weighted by orbit size) and averages
// the per-cell sums over the group at the end, which is exact.

import Dispatch
import Synchronization

/// The counter's answer. All counts exact.
struct LayoutCount: Sendable {
    var layouts: UInt128
    /// Per cell (row-major): layouts with a ship on that cell.
    var cells: [UInt128]
    /// Per fleet ship, per placement of its length class: layouts with that ship there.
    /// nil when the symmetry shortcut was taken (then only the cell totals are known).
    var shipWeights: [[UInt128]]?
    var nodes: UInt64
    /// false when the budget stopped the search (the counts are then partial).
    var complete: Bool
}

final class LayoutCounter: @unchecked Sendable {
    let shape: BoardShape
    let fleet: [Int]
    let table: PlacementTable
    /// Internal ship order: fleet indices sorted by decreasing length (stable).
    let order: [Int]
    let shipClass: UnsafeMutablePointer<Int>
    let classOffset: UnsafeMutablePointer<Int>
    let stride: Int

    init(shape: BoardShape, fleet: [Int]) {
        self.shape = shape
        self.fleet = fleet
        table = PlacementTable(shape: shape, lengths: fleet)
        order = fleet.indices.sorted { fleet[$0] != fleet[$1] ? fleet[$0] > fleet[$1] : $0 < $1 }
        shipClass = .allocate(capacity: max(fleet.count, 1))
        for (i, f) in order.enumerated() { shipClass[i] = table.classIndex(ofLength: fleet[f]) }
        classOffset = .allocate(capacity: max(table.classCount, 1))
        for k in 0..<table.classCount { classOffset[k] = table.classOffset[k] }
        stride = table.classSize.max() ?? 0
    }

    deinit {
        shipClass.deallocate()
        classOffset.deallocate()
    }

    /// A partial layout handed to one worker.
    struct Task {
        var valid: [PlacementSet]
        var uncovered: UInt128
        var placed: UInt32
        var sunkNext: Int
        var path: [(ship: Int, placement: Int)]
        var multiplier: UInt128
    }

    /// Counts layouts. `shouldStop` is called with node increments every few thousand leaves.
    func count(_ shots: ShotRecord, threads: Int = 1, useSymmetry: Bool = true,
                      shouldStop: (@Sendable (UInt64) -> Bool)? = nil) -> LayoutCount {
        precondition(shots.shape == shape && shots.fleet == fleet)
        assert(shots.invariantsHold)
        let C = table.classCount
        let n = fleet.count
        let internalOf = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        let allowed = shape.fullMask & ~shots.misses
        let rootValid = (0..<C).map { table.placements(class: $0, inside: allowed) }
        let touchHits = (0..<C).map { table.placements(class: $0, touching: shots.hits) }
        // A sunk ship lies on the hits of the moment it sank (all hits when the order is unknown).
        let sunk = shots.sunk.map { (ship: internalOf[$0.ship]!, cell: $0.cell, on: ($0.hitsThen ?? shots.hits) & shots.hits) }
        let root = Task(valid: rootValid, uncovered: shots.hits, placed: 0, sunkNext: 0, path: [], multiplier: 1)

        // Symmetry: only with misses alone (hits and sunk ships would pin the branching).
        var group: [[Int]] = [Array(0..<shape.cellCount)]
        if useSymmetry && shots.hits == 0 && shots.sunk.isEmpty && n >= 3 {
            group = shape.symmetries.filter { shape.apply($0, to: shots.misses) == shots.misses }
        }
        let symmetric = group.count > 1
        var tasks: [Task] = []
        if symmetric {
            let c0 = shipClass[0]
            var seen = Set<Int>()
            for p in rootValid[c0].members where !seen.contains(p) {
                let m = table.mask(class: c0, p)
                var orbit = Set<Int>()
                for g in group { orbit.insert(table.indexOfMask[shape.apply(g, to: m)]!) }
                seen.formUnion(orbit)
                var t = root
                apply(&t, ship: 0, placement: p, banHits: false)
                t.multiplier = UInt128(orbit.count)
                tasks.append(t)
            }
            if n >= 4 { tasks = tasks.flatMap { children(of: $0, sunk: sunk, touchHits: touchHits, hits: shots.hits) ?? [$0] } }
        } else {
            tasks = [root]
            let wanted = threads > 1 ? 16 * threads : 1
            var rounds = 0
            while tasks.count < wanted && rounds < 3 {
                var next: [Task] = []
                var grew = false
                for t in tasks {
                    if let kids = children(of: t, sunk: sunk, touchHits: touchHits, hits: shots.hits) { next += kids; grew = true } else { next.append(t) }
                }
                tasks = next
                rounds += 1
                if !grew { break }
            }
        }

        // Run the tasks on `threads` workers pulling from a shared index.
        let workers = max(1, min(threads, tasks.count))
        let nextTask = Atomic<Int>(0)
        let totalNodes = Atomic<UInt64>(0)
        let stopFlag = Atomic<Bool>(false)
        let cellCount = shape.cellCount
        let weightSize = n * max(stride, 1)
        nonisolated(unsafe) let results = UnsafeMutablePointer<PartialResult>.allocate(capacity: workers)
        nonisolated(unsafe) let sunkShipBuf = UnsafeMutablePointer<Int>.allocate(capacity: max(sunk.count, 1))
        nonisolated(unsafe) let sunkCellBuf = UnsafeMutablePointer<Int>.allocate(capacity: max(sunk.count, 1))
        nonisolated(unsafe) let sunkOnBuf = UnsafeMutablePointer<UInt128>.allocate(capacity: max(sunk.count, 1))
        for (i, s) in sunk.enumerated() { sunkShipBuf[i] = s.ship; sunkCellBuf[i] = s.cell; sunkOnBuf[i] = s.on }
        nonisolated(unsafe) let touchBuf = UnsafeMutablePointer<PlacementSet>.allocate(capacity: max(C, 1))
        for k in 0..<C { touchBuf[k] = touchHits[k] }
        defer { sunkShipBuf.deallocate(); sunkCellBuf.deallocate(); sunkOnBuf.deallocate(); touchBuf.deallocate() }
        let taskList = tasks
        let budgetCheck: (@Sendable (UInt64) -> Bool)? = shouldStop.map { check in
            { @Sendable (inc: UInt64) -> Bool in
                let total = totalNodes.add(inc, ordering: .relaxed).newValue
                if stopFlag.load(ordering: .relaxed) { return true }
                if check(total) { stopFlag.store(true, ordering: .relaxed); return true }
                return false
            }
        }
        let body: @Sendable (Int) -> Void = { (w: Int) in
            let weights = UnsafeMutablePointer<UInt128>.allocate(capacity: max(weightSize, 1))
            weights.initialize(repeating: 0, count: max(weightSize, 1))
            let valid = UnsafeMutablePointer<PlacementSet>.allocate(capacity: (n + 2) * max(C, 1))
            var cells = [UInt128](repeating: 0, count: symmetric ? cellCount : 0)
            let scratch = UnsafeMutablePointer<Int>.allocate(capacity: 13 * 256)
            var worker = CountWorker(masks: self.table.masks, conflicts: self.table.conflicts, covers: self.table.covers,
                                     classOffset: self.classOffset, shipClass: self.shipClass, classCount: C,
                                     allShips: n == 32 ? ~0 : (UInt32(1) << UInt32(n)) - 1, hits: shots.hits,
                                     touchHits: touchBuf, sunkShip: sunkShipBuf, sunkCell: sunkCellBuf, sunkOn: sunkOnBuf,
                                     sunkCount: sunk.count, weights: weights, stride: self.stride, valid: valid,
                                     scratch: scratch, shouldStop: budgetCheck)
            var total: UInt128 = 0
            while true {
                let i = nextTask.add(1, ordering: .relaxed).oldValue
                if i >= taskList.count || worker.stopped { break }
                let t = taskList[i]
                for k in 0..<C { valid[k] = t.valid[k] }
                let sub = worker.search(0, uncovered: t.uncovered, placed: t.placed, sunkNext: t.sunkNext)
                for step in t.path { weights[step.ship * self.stride + step.placement] &+= sub }
                total &+= sub &* t.multiplier
                if symmetric {
                    self.addCells(weights, times: t.multiplier, into: &cells)
                    weights.update(repeating: 0, count: max(weightSize, 1))
                }
            }
            valid.deallocate()
            scratch.deallocate()
            (results + w).initialize(to: PartialResult(total: total, weights: weights, cells: cells,
                                                       nodes: worker.nodes, stopped: worker.stopped))
        }
        if workers == 1 { body(0) } else { DispatchQueue.concurrentPerform(iterations: workers, execute: body) }

        var layouts: UInt128 = 0
        var nodes: UInt64 = 0
        var complete = true
        var cells = [UInt128](repeating: 0, count: cellCount)
        var shipWeights: [[UInt128]]? = nil
        if symmetric {
            var x = [UInt128](repeating: 0, count: cellCount)
            for w in 0..<workers { for c in 0..<cellCount { x[c] &+= results[w].cells[c] } }
            for c in 0..<cellCount {
                var s: UInt128 = 0
                for g in group { s &+= x[g[c]] }
                cells[c] = s / UInt128(group.count)
            }
        } else {
            var merged = [[UInt128]](repeating: [], count: n)
            for s in 0..<n {
                let size = table.classSize[shipClass[s]]
                var row = [UInt128](repeating: 0, count: size)
                for w in 0..<workers { for p in 0..<size { row[p] &+= results[w].weights[s * stride + p] } }
                merged[s] = row
                for p in 0..<size where row[p] != 0 {
                    var m = table.mask(class: shipClass[s], p)
                    while m != 0 { cells[m.trailingZeroBitCount] &+= row[p]; m &= m &- 1 }
                }
            }
            shipWeights = fleet.indices.map { merged[internalOf[$0]!] }
        }
        for w in 0..<workers {
            layouts &+= results[w].total
            nodes &+= results[w].nodes
            if results[w].stopped { complete = false }
            results[w].weights.deallocate()
        }
        results.deinitialize(count: workers)
        results.deallocate()
        return LayoutCount(layouts: layouts, cells: cells, shipWeights: shipWeights, nodes: nodes, complete: complete)
    }

    struct PartialResult {
        var total: UInt128
        var weights: UnsafeMutablePointer<UInt128>
        var cells: [UInt128]
        var nodes: UInt64
        var stopped: Bool
    }

    private func addCells(_ weights: UnsafeMutablePointer<UInt128>, times k: UInt128, into cells: inout [UInt128]) {
        for s in 0..<fleet.count {
            let c = shipClass[s]
            for p in 0..<table.classSize[c] {
                let w = weights[s * stride + p]
                if w == 0 { continue }
                var m = table.mask(class: c, p)
                while m != 0 { cells[m.trailingZeroBitCount] &+= w &* k; m &= m &- 1 }
            }
        }
    }

    private func apply(_ t: inout Task, ship s: Int, placement p: Int, banHits: Bool, touchHits: [PlacementSet] = []) {
        let g = table.classOffset[shipClass[s]] + p
        for k in 0..<t.valid.count {
            t.valid[k] = t.valid[k].subtracting(table.conflicts[g * table.classCount + k])
            if banHits { t.valid[k] = t.valid[k].subtracting(touchHits[k]) }
        }
        t.uncovered &= ~table.masks[g]
        t.placed |= 1 << UInt32(s)
        t.path.append((s, p))
    }

    /// The tasks one branching step below `t` (the same branching as the search), or nil at a
    /// node the search closes directly.
    private func children(of t: Task, sunk: [(ship: Int, cell: Int, on: UInt128)], touchHits: [PlacementSet], hits: UInt128) -> [Task]? {
        let C = table.classCount
        var out: [Task] = []
        if t.sunkNext < sunk.count {
            let (s, cell, on) = sunk[t.sunkNext]
            let c = shipClass[s]
            for p in t.valid[c].intersection(table.covers[cell * C + c]).members {
                let m = table.mask(class: c, p)
                if m & ~on != 0 { continue }
                var k = t
                apply(&k, ship: s, placement: p, banHits: (t.uncovered & ~m) == 0, touchHits: touchHits)
                k.sunkNext += 1
                out.append(k)
            }
            return out
        }
        if t.uncovered != 0 {
            let h = t.uncovered.trailingZeroBitCount
            let remaining = (0..<fleet.count).filter { t.placed & (1 << UInt32($0)) == 0 }
            for s in remaining {
                let c = shipClass[s]
                for p in t.valid[c].intersection(table.covers[h * C + c]).members {
                    let m = table.mask(class: c, p)
                    if m & ~hits == 0 { continue }
                    var k = t
                    apply(&k, ship: s, placement: p, banHits: (t.uncovered & ~m) == 0, touchHits: touchHits)
                    out.append(k)
                }
            }
            return out
        }
        let remaining = (0..<fleet.count).filter { t.placed & (1 << UInt32($0)) == 0 }
        if remaining.count <= 3 { return nil }
        let s = remaining[0]
        for p in t.valid[shipClass[s]].members {
            var k = t
            apply(&k, ship: s, placement: p, banHits: false)
            out.append(k)
        }
        return out
    }
}
