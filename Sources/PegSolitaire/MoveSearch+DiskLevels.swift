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
    /// files are removed at the end). `maxBytes`: the largest set a level may take.
    func solveForwardOnDisk(directory: String, maxBytes: Int) -> MoveSearchResult {
        let t0 = monotonicSeconds()
        var result = MoveSearchResult()
        let bound = moveBound
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        func path(_ g: Int) -> String { "\(directory)/level-\(g).bin" }
        defer { for g in 0...max(0, bound) { unlink(path(g)) } }
        var finishMap = DepthMap()
        defer { finishMap.free() }
        for f in finishes { _ = finishMap.insert(tables.canonical(f), depth: 0) }
        let empty = DepthMap()
        defer { empty.free() }
        var level = LayerSet(capacity: starts.count)
        for s in starts { level.insert(tables.canonical(s)) }
        result.forwardLevels = [level.count]
        var found: UInt64? = level.count > 0 ? starts.map(tables.canonical).first { finishMap.contains($0) } : nil
        var depth = 0
        while found == nil && depth < bound && level.count > 0 && !shouldStop() {
            guard write(level, to: path(depth)) else { log?("cannot write \(path(depth))"); break }
            let parents = level.count
            level.free()
            depth += 1
            // Sized from the last level's growth, up to `maxBytes` (a set that grows needs its old
            // table too).
            let growth = Double(result.forwardLevels.last!) / Double(max(1, result.forwardLevels.dropLast().last ?? 1))
            var slots = 16
            let predicted = Double(parents) * max(1, growth) * 1.6
            while Double(slots) * 0.75 < predicted && slots * 16 <= maxBytes { slots *= 2 }
            level = LayerSet(capacity: slots * 3 / 4 - 1)
            var overflowed = false
            found = expandFromDisk(path(depth - 1), into: &level, depth: depth, empty: empty, finishes: finishMap,
                                   maxBytes: maxBytes, overflowed: &overflowed, result: &result)
            if overflowed { log?("level \(depth) outgrew \(maxBytes >> 20) MB"); result.movesAtLeast = depth; level.free(); return result }
            result.forwardLevels.append(level.count)
            log?("level \(depth): \(level.count) positions from \(parents), \(result.children) chain positions, \(Int(monotonicSeconds() - t0)) s")
        }
        defer { level.free() }
        result.peakBytes = level.bytes
        result.seconds = monotonicSeconds() - t0
        guard let f = found else {
            // Every level through the bound was built (or one ran dry): none within it.
            if level.count == 0 || depth == bound { result.movesAtLeast = bound + 1 } else { result.movesAtLeast = depth }
            return result
        }
        result.moves = depth
        result.movesAtLeast = depth
        if let (start, jumps) = walkBack(from: f, depth: depth, path: path), let end = board.replay(jumps, from: start),
           finishes.contains(where: { tables.canonical($0) == tables.canonical(end) }) {
            result.start = start
            result.jumps = jumps
        }
        result.seconds = monotonicSeconds() - t0
        return result
    }

    /// The level's members to a file (raw UInt64s).
    private func write(_ set: LayerSet, to path: String) -> Bool {
        guard let file = fopen(path, "wb") else { return false }
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

    /// Level `depth` into `set` from the parents in the file; returns a finish reached.
    private func expandFromDisk(_ parents: String, into set: inout LayerSet, depth: Int, empty: DepthMap, finishes: DepthMap,
                                maxBytes: Int, overflowed: inout Bool, result: inout MoveSearchResult) -> UInt64? {
        let buffers = (0..<threads).map { _ in GrowableBuffer<UInt64>() }
        let meets = SharedPointer<UInt64>(capacity: threads)
        let made = SharedPointer<UInt64>(capacity: threads)
        defer { meets.p.deallocate(); made.p.deallocate() }
        var meeting: UInt64? = nil
        var read = 0
        var stop = false
        readChunks(parents) { frontier in
            let t = frontier.count < 4096 ? 1 : threads
            expand(frontier, 0..<frontier.count, seen: empty, other: finishes, forward: true, pegBound: 0,
                   depth: depth, threads: t, into: buffers, meets: meets, made: made)
            for part in 0..<t {
                result.children &+= made.p[part]
                guard set.insert(batch: buffers[part].base, buffers[part].count, maxBytes: maxBytes) else { overflowed = true; stop = true; return false }
                if meeting == nil && meets.p[part] != 0 { meeting = meets.p[part] }
            }
            read += frontier.count
            if (read >> 18) % 64 == 0 { log?("level \(depth): \(read) parents read, \(set.count) positions") }
            return meeting == nil && !stop && !shouldStop()
        }
        return meeting
    }

    /// From the finish `x` at `depth` back to a start through the level files; the start and
    /// the jumps in playing order.
    private func walkBack(from x: UInt64, depth: Int, path: (Int) -> String) -> (UInt64, [Int])? {
        var position = x
        var collected: [[Int]] = []
        for k in stride(from: depth - 1, through: 0, by: -1) {
            var level = LayerSet(capacity: 16)
            defer { level.free() }
            readChunks(path(k)) { chunk in
                chunk.withUnsafeBufferPointer { level.insert(batch: $0.baseAddress!, $0.count) }
                return true
            }
            var found: (UInt64, [Int])? = nil
            var chain: [Int] = []
            // Reverse chains from `q`, the moving peg on `hole` (any peg first).
            func search(_ q: UInt64, hole: Int?) {
                let candidates = hole.map { h in board.jumps.indices.filter { board.jumps[$0].to == h } } ?? Array(board.jumps.indices)
                for j in candidates where found == nil {
                    let jump = board.jumps[j]
                    guard q & jump.flip == UInt64(1) << UInt64(jump.to) else { continue }
                    let c = q ^ jump.flip
                    chain.append(j)
                    if level.contains(tables.canonical(c)) { found = (c, chain) } else { search(c, hole: jump.from) }
                    chain.removeLast()
                }
            }
            search(position, hole: nil)
            guard let (previous, jumps) = found else { return nil }
            collected.append(jumps.reversed())
            position = previous
        }
        return (position, collected.reversed().flatMap { $0 })
    }
}
