// A solution with the fewest moves, walked backward through the levels the sweep wrote to
// disk (`levelDirectory`: per level its bitmap, `moves-P.bits`, and its values, `moves-P.values`;
// from a French start, 16 GiB of bitmaps and 8 bytes a position). From the finish, with the last
// peg on the finish hole and D its fewest moves, each step takes a jump into the current hole
// from a position of the level before whose value accounts for D: the same moves with the jumping
// peg among its last pegs (the chain goes on), or one move fewer (a new move starts there).
#if canImport(Glibc)
import Glibc
#endif
import Foundation

extension FewestMoveLevels {
    func bitsPath(_ dir: String, pegs: Int) -> String { dir + "/moves-\(pegs).bits" }
    func valuesPath(_ dir: String, pegs: Int) -> String { dir + "/moves-\(pegs).values" }

    /// Writes the level's bitmap and values; false (logged) when it cannot.
    func write(_ level: MoveLevel, directory dir: String) -> Bool {
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let pegs = level.bitmap.pegs
        for (path, base, count) in [(bitsPath(dir, pegs: pegs), UnsafeRawPointer(level.bitmap.words), level.bitmap.wordCount),
                                    (valuesPath(dir, pegs: pegs), UnsafeRawPointer(level.values), level.count)] {
            guard let file = fopen(path, "wb") else { log("cannot write \(path)"); return false }
            let written = fwrite(base, 8, count, file)
            fclose(file)
            guard written == count else { log("\(path): disk full?"); return false }
            bytesWritten += count * 8
        }
        return true
    }

    /// Removes the level files of `dir`, and `dir` itself when that leaves it empty (the callers
    /// give each job a directory of its own; `write` makes it again when needed).
    func removeLevels(directory dir: String) {
        let fm = FileManager.default
        for name in (try? fm.contentsOfDirectory(atPath: dir)) ?? [] where name.hasPrefix("moves-") {
            try? fm.removeItem(atPath: dir + "/" + name)
        }
        if (try? fm.contentsOfDirectory(atPath: dir))?.isEmpty == true { try? fm.removeItem(atPath: dir) }
    }

    /// A level read back from `dir`, its files mapped (the walk looks up a few positions; the
    /// count before each word comes from one pass over the bitmap).
    final class StoredLevel {
        let words: UnsafePointer<UInt64>
        let prefix: UnsafeMutablePointer<UInt64>
        let values: UnsafePointer<UInt64>
        private var mappings: [(UnsafeMutableRawPointer, Int)] = []

        init?(bits bitsPath: String, values valuesPath: String, holes: Int, pegs: Int, ranks: CombinationRank) {
            let wordCount = Int((ranks.choose(holes, pegs) + 63) / 64)
            guard let bits = StoredLevel.map(bitsPath, bytes: wordCount * 8) else { return nil }
            mappings.append((bits, wordCount * 8))
            words = UnsafePointer(bits.bindMemory(to: UInt64.self, capacity: max(1, wordCount)))
            prefix = HugeBuffer.allocate(UInt64.self, capacity: wordCount + 1)
            let count = Int(MoveLevel.countBefore(words, wordCount, into: prefix))
            guard let v = StoredLevel.map(valuesPath, bytes: count * 8) else {
                munmap(bits, max(8, wordCount * 8))
                HugeBuffer.free(prefix)
                return nil
            }
            mappings.append((v, count * 8))
            values = UnsafePointer(v.bindMemory(to: UInt64.self, capacity: max(1, count)))
        }

        deinit {
            for (m, bytes) in mappings { munmap(m, max(8, bytes)) }
            HugeBuffer.free(prefix)
        }

        /// The file mapped read-only, nil unless it holds exactly `bytes`.
        static func map(_ path: String, bytes: Int) -> UnsafeMutableRawPointer? {
            let fd = open(path, O_RDONLY)
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            var st = stat()
            guard fstat(fd, &st) == 0, Int(st.st_size) == bytes,
                  let m = mmap(nil, max(8, bytes), PROT_READ, MAP_PRIVATE, fd, 0), Int(bitPattern: m) != -1 else { return nil }
            return m
        }

        func value(rank: UInt64) -> UInt64? {
            guard words[Int(truncatingIfNeeded: rank >> 6)] >> (rank & 63) & 1 != 0 else { return nil }
            return values[MoveLevel.index(rank, words, prefix)]
        }
    }

    /// The jumps of a solution from the start to one peg on `finish` in the fewest moves, from
    /// the levels in `dir`; nil when the finish was not reached or a level cannot be read.
    func solution(finish: Int, directory dir: String) -> [Int]? {
        let holes = board.holeCount
        let startPegs = start.nonzeroBitCount
        guard let finishLevel = StoredLevel(bits: bitsPath(dir, pegs: 1), values: valuesPath(dir, pegs: 1),
                                            holes: holes, pegs: 1, ranks: ranks),
              let v = finishLevel.value(rank: ranks.rank(UInt64(1) << UInt64(finish))) else { return nil }
        var q = UInt64(1) << UInt64(finish)
        var last = finish
        var moves = MoveLevel.moves(v)
        var jumps: [Int] = []
        var into = [[Int]](repeating: [], count: holes)
        for (j, jump) in board.jumps.enumerated() { into[jump.to].append(j) }
        while q != start {
            let pegs = q.nonzeroBitCount + 1
            guard pegs <= startPegs, let before = StoredLevel(bits: bitsPath(dir, pegs: pegs), values: valuesPath(dir, pegs: pegs),
                                                              holes: holes, pegs: pegs, ranks: ranks) else { return nil }
            var stepped = false
            for j in into[last] where q & board.jumps[j].need == 0 {
                let r = q ^ groups.flips[j]
                guard let rv = before.value(rank: ranks.rank(r)) else { continue }
                let d = MoveLevel.moves(rv), lastPegs = MoveLevel.lastPegs(rv)
                let from = groups.origin[j]
                if lastPegs >> UInt64(from) & 1 != 0 && d == moves {
                    last = from  // the chain goes on
                } else if d + 1 == moves {
                    moves = d  // a new move starts at r
                    last = lastPegs == 0 ? -1 : lastPegs.trailingZeroBitCount
                } else {
                    continue
                }
                jumps.append(j)
                q = r
                stepped = true
                break
            }
            guard stepped, last >= 0 || q == start else { return nil }
        }
        return jumps.reversed()
    }
}
