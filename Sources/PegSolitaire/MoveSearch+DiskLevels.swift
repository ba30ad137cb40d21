// The move search forward only, one level in memory at a time: with a move bound D, level g
// (the canonical positions g moves from a start that the Merson bound and the one-move finish
// test keep, `verdict`) is built as a bare set from level g - 1, read back from disk, then
// written to disk itself and freed. Nothing is deduplicated across levels (a position may sit
// at two depths; each copy is expanded), so memory is the widest level alone, 8 bytes a slot,
// where the bidirectional search holds every level with its depth. Level D holds only
// one-peg finishes: the first found decides D, and the solution is walked back level by
// level through the files (each member of level g is one move from a member of g - 1). An
// empty level, or level D without a finish, shows no solution within D. Used where the
// forward side alone fits and the backward one would not (one-peg finishes on a large board:
// reverse chains from a few pegs number in the millions).
import Foundation
import SolverKit

extension MoveSearch {
    /// Searches within `moveBound` moves, levels spilled to `directory` (created; its level
    /// files are removed at the end unless `keepLevels`). `maxBytes`: the largest set a level
    /// may take; a level that does not fit is built in passes, each keeping the positions of one
    /// hash partition (memory the level over the passes, time the passes over one). `resume`:
    /// start from the level files 0...resume kept by an earlier run of the same search.
    /// `reverseBudget`: the reverse chains the walk back to the start tries from a position
    /// before it scans the level forward instead.
    func solveForwardOnDisk(directory: String, maxBytes: Int, keepLevels: Bool = false, resume: Int? = nil,
                            reverseBudget: Int = 4_000_000) -> MoveSearchResult {
        let t0 = monotonicSeconds()
        var result = MoveSearchResult()
        let bound = moveBound
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        func path(_ g: Int) -> String { "\(directory)/level-\(g).bin" }
        defer { if !keepLevels { for g in 0...max(0, bound) { unlink(path(g)) } } }
        let finishKeys = Set(finishes.map(tables.canonical))
        let empty = DepthMap()
        defer { empty.free() }
        var depth = resume ?? 0
        var found: UInt64? = nil
        if let resume {
            result.forwardLevels = (0...resume).map { g in
                (try? FileManager.default.attributesOfItem(atPath: path(g))[.size] as? Int).flatMap { $0 }.map { $0 / 8 } ?? 0
            }
            readChunks(path(resume)) { chunk in
                found = chunk.first { finishKeys.contains($0) }
                return found == nil
            }
        } else {
            var level = LayerSet(capacity: starts.count)
            for s in starts { level.insert(tables.canonical(s)) }
            defer { level.free() }
            result.forwardLevels = [level.count]
            found = starts.map(tables.canonical).first { finishKeys.contains($0) }
            guard write(level, to: path(0), append: false) else { log?("cannot write \(path(0))"); return result }
        }
        var passes = 1
        while found == nil && depth < bound && result.forwardLevels.last! > 0 && !shouldStop() {
            let parents = result.forwardLevels.last!
            depth += 1
            // Sized from the last level's growth, up to `maxBytes` (a set that grows needs its
            // old table too); past it, in more passes.
            let counts = result.forwardLevels
            let growth = counts.count > 1 ? Double(counts[counts.count - 1]) / Double(max(1, counts[counts.count - 2])) : 1
            let predicted = Double(parents) * max(1, growth) * 1.6
            var slots = 16
            while Double(slots) * 0.75 < predicted / Double(passes) && slots * 16 <= maxBytes { slots *= 2 }
            while Double(slots) * 0.75 * Double(passes) < predicted { passes *= 2 }
            var made = 0
            var pass = 0
            while pass < passes && found == nil {
                var level = LayerSet(capacity: slots * 3 / 4 - 1)
                var overflowed = false
                // A finish reached is in the set of its own partition's pass.
                found = expandFromDisk(path(depth - 1), into: &level, depth: depth, partition: (pass, passes), empty: empty,
                                       finishes: finishKeys, maxBytes: maxBytes, overflowed: &overflowed, result: &result)
                if found == nil && shouldStop() {
                    // A level cut short decides nothing: only the levels before it hold.
                    level.free()
                    result.movesAtLeast = depth
                    result.seconds = monotonicSeconds() - t0
                    return result
                }
                if overflowed {
                    // Twice the passes, the level from its start.
                    level.free()
                    passes *= 2; pass = 0; made = 0
                    log?("level \(depth) outgrew \(maxBytes >> 20) MB: \(passes) passes")
                    continue
                }
                guard write(level, to: path(depth), append: pass > 0) else { level.free(); log?("cannot write \(path(depth))"); return result }
                made += level.count
                result.peakBytes = max(result.peakBytes, level.bytes)
                level.free()
                pass += 1
            }
            result.forwardLevels.append(made)
            log?("level \(depth): \(made) positions from \(parents)\(passes > 1 ? " in \(passes) passes" : ""), \(result.children) chain positions, \(Int(monotonicSeconds() - t0)) s")
            passes = max(1, passes / 2)
        }
        result.seconds = monotonicSeconds() - t0
        guard let f = found else {
            // Every level through the bound was built (or one ran dry): none within it.
            result.movesAtLeast = result.forwardLevels.last! == 0 || depth == bound ? bound + 1 : depth
            return result
        }
        result.moves = depth
        result.movesAtLeast = depth
        if let (start, jumps) = walkBack(from: f, depth: depth, path: path, reverseBudget: reverseBudget), let end = board.replay(jumps, from: start),
           finishes.contains(where: { tables.canonical($0) == tables.canonical(end) }) {
            result.start = start
            result.jumps = jumps
        }
        result.seconds = monotonicSeconds() - t0
        return result
    }

    /// Which of `count` passes keeps `key` (a hash independent of `LayerSet`'s slots).
    @inline(__always) static func partition(_ key: UInt64, _ count: Int) -> Int {
        var x = key ^ (key >> 31)
        x = x &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: (x ^ (x >> 29)) % UInt64(count))
    }

    /// The level's members to a file (raw UInt64s).
    private func write(_ set: LayerSet, to path: String, append: Bool) -> Bool {
        guard let file = fopen(path, append ? "ab" : "wb") else { return false }
        defer { fclose(file) }
        let chunk = 1 << 20
        var buffer = [UInt64](repeating: 0, count: chunk)
        var n = 0, ok = true
        set.forEach { x in
            buffer[n] = x; n += 1
            if n == chunk { ok = ok && fwrite(buffer, 8, n, file) == n; n = 0 }
        }
        if n > 0 { ok = ok && fwrite(buffer, 8, n, file) == n }
        return ok
    }

    /// Calls `body` on the file's positions, a chunk at a time.
    private func readChunks(_ path: String, chunk: Int = 1 << 18, _ body: ([UInt64]) -> Bool) {
        guard let file = fopen(path, "rb") else { return }
        defer { fclose(file) }
        var buffer = [UInt64](repeating: 0, count: chunk)
        while true {
            let n = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 8, chunk, file) }
            if n == 0 { return }
            if !body(Array(buffer[0..<n])) { return }
        }
    }

    /// Level `depth` into `set` (the positions of partition `partition.0` of `partition.1`)
    /// from the parents in the file; stops at, and returns, a finish in the set.
    private func expandFromDisk(_ parents: String, into set: inout LayerSet, depth: Int, partition: (Int, Int), empty: DepthMap,
                                finishes: Set<UInt64>, maxBytes: Int, overflowed: inout Bool, result: inout MoveSearchResult) -> UInt64? {
        let buffers = (0..<threads).map { _ in GrowableBuffer<UInt64>() }
        let meets = SharedPointer<UInt64>(capacity: threads)
        let made = SharedPointer<UInt64>(capacity: threads)
        defer { meets.p.deallocate(); made.p.deallocate() }
        var finish: UInt64? = nil
        var read = 0
        readChunks(parents) { frontier in
            let t = frontier.count < 4096 ? 1 : threads
            expand(frontier, 0..<frontier.count, seen: empty, other: empty, forward: true, pegBound: 0,
                   depth: depth, threads: t, into: buffers, meets: meets, made: made)
            for part in 0..<t {
                result.children &+= made.p[part]
                let out = buffers[part]
                if partition.1 > 1 {
                    var kept = 0
                    for k in 0..<out.count where MoveSearch.partition(out.base[k], partition.1) == partition.0 {
                        out.base[kept] = out.base[k]; kept += 1
                    }
                    out.count = kept
                }
                guard set.insert(batch: out.base, out.count, maxBytes: maxBytes) else { overflowed = true; return false }
            }
            finish = finishes.first { set.contains($0) }
            read += frontier.count
            if (read >> 18) % 64 == 0 { log?("level \(depth): \(read) parents read, \(set.count) positions") }
            return finish == nil && !shouldStop()
        }
        return finish
    }

    /// From the finish `x` at `depth` back to a start through the level files; the start and
    /// the jumps in playing order. A level may not fit in memory, so each step streams its
    /// file: against the predecessors of the current position by reverse moves when they are
    /// few (dense positions), else by a forward move from each member (sparse positions, whose
    /// reverse moves are past counting).
    private func walkBack(from x: UInt64, depth: Int, path: (Int) -> String, reverseBudget: Int) -> (UInt64, [Int])? {
        var position = x
        var collected: [[Int]] = []
        for k in stride(from: depth - 1, through: 0, by: -1) {
            let target = tables.canonical(position)
            var previous: [UInt64: (UInt64, [Int])] = [:]
            if reverseMoves(of: position, maxPegs: board.holeCount - k, budget: reverseBudget, into: &previous) {
                var hit: (UInt64, [Int])? = nil
                readChunks(path(k)) { chunk in
                    for y in chunk { if let h = previous[y] { hit = h; return false } }
                    return true
                }
                guard let (y, jumps) = hit else { return nil }
                collected.append(jumps)
                position = y
                continue
            }
            // A member with a forward move to an image of the position; then the move itself
            // from the position back, over chains of exactly the pegs between them.
            // A move leaves at most its landing hole outside the pegs it started from: members
            // with no image of the position inside them, bar one hole, are skipped unexpanded.
            let images = (0..<tables.order).map { tables.image(position, $0) }
            var member: UInt64? = nil
            readChunks(path(k)) { chunk in
                for y in chunk where member == nil && images.contains(where: { ($0 & ~y).nonzeroBitCount <= 1 }) {
                    forEachMove(from: y) { c in
                        if member == nil && tables.canonical(c) == target { member = y }
                        return member == nil
                    }
                }
                return member == nil
            }
            guard let y = member else { return nil }
            var exact: [UInt64: (UInt64, [Int])] = [:]
            let length = y.nonzeroBitCount - position.nonzeroBitCount
            _ = reverseMoves(of: position, maxPegs: y.nonzeroBitCount, budget: Int.max, into: &exact, only: length)
            guard let (image, jumps) = exact[y] else { return nil }
            collected.append(jumps)
            position = image
        }
        return (position, collected.reversed().flatMap { $0 })
    }

    /// The positions one reverse move from `q` with at most `maxPegs` pegs (chains of exactly
    /// `only` unjumps when given), by canonical key: each with the actual position and the
    /// move's jumps in playing order. False when more than `budget` chain positions.
    private func reverseMoves(of q: UInt64, maxPegs: Int, budget: Int, into found: inout [UInt64: (UInt64, [Int])], only: Int? = nil) -> Bool {
        var visited = 0
        return forEachChain(from: q, reversed: true) { c, chain in
            if c.nonzeroBitCount > maxPegs { return .skip }
            visited += 1
            if visited > budget { return .stop }
            if only == nil || chain.count == only! {
                let key = tables.canonical(c)
                if found[key] == nil { found[key] = (c, chain.reversed()) }
            }
            return only == nil || chain.count < only! ? .extend : .skip
        }
    }
}
