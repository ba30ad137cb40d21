// The checkpoint of a positions-only count: after each level, the next level's bitmap
// (`level-P.bits` for P pegs, its words as they lie in memory; with the last-peg count the
// level before it stays too) and the counts so far (`levels.json`, with the board, start and
// kind of count it belongs to, the peg count of the level to expand, and the seconds spent, so
// that a resumed count reports the time of the whole count). The bitmap is
// written first, the JSON renamed over the old one last, the files no longer named removed
// after: a run stopped at any moment leaves a consistent checkpoint.
import Foundation
import SolverKit

extension ReachableLevels {
    /// What identifies the count: the board's holes and the start.
    var checkpointKey: String {
        problem.board.names.joined(separator: ",") + " start \(problem.start)" + (countsLastPeg ? " last peg" : "")
    }

    /// Writes the bitmap to `path`.tmp; false (logged) when it cannot.
    func write(_ level: LevelBitmap, _ path: String) -> Bool {
        guard let file = fopen(path + ".tmp", "wb") else { log("checkpoint: cannot write \(path).tmp"); return false }
        let written = fwrite(level.words, 8, level.wordCount, file)
        fclose(file)
        guard written == level.wordCount else { log("checkpoint: \(path).tmp: disk full?"); return false }
        return true
    }

    func read(holes: Int, pegs: Int, _ path: String) -> LevelBitmap? {
        guard let level = LevelBitmap(holes: holes, pegs: pegs, ranks: ranks), let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        return fread(level.words, 8, level.wordCount, file) == level.wordCount ? level : nil
    }

    func bitsPath(_ dir: String, pegs: Int) -> String { dir + "/level-\(pegs).bits" }

    /// Removes the bitmaps of another count (a fresh start in a used directory).
    func clearCheckpoint() {
        guard let dir = checkpoint else { return }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [] where name.hasPrefix("level-") {
            try? FileManager.default.removeItem(atPath: dir + "/" + name)
        }
    }

    func save(_ level: LevelBitmap, previous: LevelBitmap?, _ result: StateSpaceResult) {
        guard let dir = checkpoint else { return }
        let fm = FileManager.default
        try? fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
        var keep = [level]
        if let previous { keep.append(previous) }
        // The level before was written by the last save of this run (a fresh run clears the rest).
        for l in keep where l === level || !fm.fileExists(atPath: bitsPath(dir, pegs: l.pegs)) {
            let path = bitsPath(dir, pegs: l.pegs)
            guard write(l, path), rename(path + ".tmp", path) == 0 else { return }
        }
        let record = JSON.object([
            ("key", .string(checkpointKey)), ("pegs", .int(level.pegs)), ("children", JSON(result.children)),
            ("seconds", .double(result.generateSeconds)), ("cpuSeconds", .double(result.generateCPU)),
            ("levels", .array(result.levels.map { l in
                .array([.int(l.jumps), JSON(l.positions), JSON(l.canonicalPositions), JSON(l.deadEnds), JSON(l.lastPegStates)])
            })),
        ])
        let json = dir + "/levels.json"
        guard (try? record.serialized.write(toFile: json + ".tmp", atomically: false, encoding: .utf8)) != nil,
              rename(json + ".tmp", json) == 0 else { log("checkpoint: cannot write \(json)"); return }
        let named = Set(keep.map { "level-\($0.pegs).bits" })
        for name in (try? fm.contentsOfDirectory(atPath: dir)) ?? [] where name.hasPrefix("level-") && !named.contains(name) {
            try? fm.removeItem(atPath: dir + "/" + name)
        }
    }

    /// The saved level (and the one before it) and the counts before it, when the checkpoint
    /// is of this count.
    func resume() -> (level: LevelBitmap, previous: LevelBitmap?, levels: [LevelCounts], children: UInt64,
                      seconds: Double, cpuSeconds: Double)? {
        let holes = problem.board.holeCount
        guard let dir = checkpoint, let text = try? String(contentsOfFile: dir + "/levels.json", encoding: .utf8),
              let record = try? JSONReader.parse(text), record["key"]?.stringValue == checkpointKey,
              let pegs = record["pegs"]?.intValue, let rows = record["levels"]?.arrayValue,
              pegs == problem.start.nonzeroBitCount - rows.count,
              let level = read(holes: holes, pegs: pegs, bitsPath(dir, pegs: pegs)) else { return nil }
        var previous: LevelBitmap? = nil
        if countsLastPeg {
            guard let before = read(holes: holes, pegs: pegs + 1, bitsPath(dir, pegs: pegs + 1)) else { return nil }
            previous = before
        }
        var levels: [LevelCounts] = []
        for row in rows {
            guard let r = row.arrayValue, r.count == 5, let jumps = r[0].intValue else { return nil }
            let counts = r.dropFirst().compactMap { $0.integerText.flatMap { UInt64($0) } }
            guard counts.count == 4 else { return nil }
            var l = LevelCounts(jumps: jumps)
            (l.positions, l.canonicalPositions, l.deadEnds, l.lastPegStates) = (counts[0], counts[1], counts[2], counts[3])
            levels.append(l)
        }
        return (level, previous, levels, record["children"]?.integerText.flatMap { UInt64($0) } ?? 0,
                record["seconds"]?.doubleValue ?? 0, record["cpuSeconds"]?.doubleValue ?? 0)
    }
}
