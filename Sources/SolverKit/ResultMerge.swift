// Joining the results of several runs (shards of one batch, `--shard K/N`) into one report
// equal to a single-machine run: records ordered by source file and line, each position once.

import Foundation

public enum ResultMerge {
    /// All `results.jsonl` files under `paths` (a file itself, or folders searched below).
    public static func resultFiles(under paths: [String]) -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if !isDirectory.boolValue { files.append(path); continue }
            let enumerator = FileManager.default.enumerator(atPath: path)
            while let relative = enumerator?.nextObject() as? String {
                if (relative as NSString).lastPathComponent == "results.jsonl" { files.append(path + "/" + relative) }
            }
        }
        return files.sorted()
    }

    /// Reads records grouped by collection (the folder holding each results.jsonl). A torn
    /// last line (a killed run) is skipped.
    public static func read(_ files: [String]) -> [String: [ResultRecord]] {
        var collections: [String: [ResultRecord]] = [:]
        for file in files {
            let collection = PathNames.lastComponent(of: PathNames.directory(of: file))
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
                if let json = try? JSONReader.parse(String(line)), let record = ResultRecord(json: json) {
                    collections[collection, default: []].append(record)
                }
            }
        }
        return collections
    }

    /// One record a (source, verb), a solved one preferred over a limit; ordered by file, then line.
    public static func merged(_ records: [ResultRecord]) -> [ResultRecord] {
        var best: [String: ResultRecord] = [:]
        for record in records {
            let key = record.verb.rawValue + " " + record.source
            if let existing = best[key], existing.status == .solved, record.status != .solved { continue }
            best[key] = record
        }
        return best.values.sorted { a, b in
            let (fa, la) = split(a.source), (fb, lb) = split(b.source)
            return fa != fb ? fa < fb : (la != lb ? la < lb : a.verb.rawValue < b.verb.rawValue)
        }
    }

    static func split(_ source: String) -> (String, Int) {
        guard let colon = source.lastIndex(of: ":"), let line = Int(source[source.index(after: colon)...]) else {
            return (source, 0)
        }
        return (String(source[..<colon]), line)
    }
}
