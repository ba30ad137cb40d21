// The checkpoint of a positions-only count: after each level, the next level's bitmap
// (`level.bits`, its words as they lie in memory) and the counts so far (`levels.json`, with
// the board and start it belongs to). Each file is written beside and renamed over the old
// one, so a run stopped at any moment leaves a consistent pair (the JSON names the level the
// bitmap holds; a mismatch is no checkpoint).
import Foundation
import SolverKit

extension ReachableLevels {
    /// What identifies the count: the board's holes and the start.
    var checkpointKey: String { problem.board.names.joined(separator: ",") + " start \(problem.start)" }

    func save(_ level: LevelBitmap, _ result: StateSpaceResult) {
        guard let dir = checkpoint else { return }
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let bits = dir + "/level.bits", json = dir + "/levels.json"
        guard let file = fopen(bits + ".tmp", "wb") else { log("checkpoint: cannot write \(bits).tmp"); return }
        let written = fwrite(level.words, 8, level.wordCount, file)
        fclose(file)
        guard written == level.wordCount else { log("checkpoint: \(bits).tmp: disk full?"); return }
        let record = JSON.object([
            ("key", .string(checkpointKey)), ("pegs", .int(level.pegs)), ("children", JSON(result.children)),
            ("levels", .array(result.levels.map { l in
                .array([.int(l.jumps), JSON(l.positions), JSON(l.canonicalPositions), JSON(l.deadEnds)])
            })),
        ])
        // The JSON names the bitmap's peg count: written last, it marks the pair complete.
        guard rename(bits + ".tmp", bits) == 0,
              (try? record.serialized.write(toFile: json + ".tmp", atomically: false, encoding: .utf8)) != nil,
              rename(json + ".tmp", json) == 0 else { log("checkpoint: cannot write \(dir)"); return }
    }

    /// The saved level and the counts before it, when the checkpoint is of this count.
    func resume() -> (level: LevelBitmap, levels: [LevelCounts], children: UInt64)? {
        guard let dir = checkpoint, let text = try? String(contentsOfFile: dir + "/levels.json", encoding: .utf8),
              let record = try? JSONReader.parse(text), record["key"]?.stringValue == checkpointKey,
              let pegs = record["pegs"]?.intValue, let rows = record["levels"]?.arrayValue,
              pegs == problem.start.nonzeroBitCount - rows.count,
              let level = LevelBitmap(holes: problem.board.holeCount, pegs: pegs, ranks: ranks),
              let file = fopen(dir + "/level.bits", "rb") else { return nil }
        defer { fclose(file) }
        guard fread(level.words, 8, level.wordCount, file) == level.wordCount else { return nil }
        var levels: [LevelCounts] = []
        for row in rows {
            guard let r = row.arrayValue, r.count == 4, let jumps = r[0].intValue else { return nil }
            let counts = r.dropFirst().compactMap { $0.integerText.flatMap { UInt64($0) } }
            guard counts.count == 3 else { return nil }
            var l = LevelCounts(jumps: jumps)
            (l.positions, l.canonicalPositions, l.deadEnds) = (counts[0], counts[1], counts[2])
            levels.append(l)
        }
        return (level, levels, record["children"]?.integerText.flatMap { UInt64($0) } ?? 0)
    }
}
