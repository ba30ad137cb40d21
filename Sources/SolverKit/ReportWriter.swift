// A collection's report folder: `results.jsonl`, appended one whole line as each position
// finishes (so an interrupted run loses nothing finished), and `summary.md`, rewritten as the
// run goes.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

public final class ReportWriter {
    public let directory: String
    public let collection: String
    private var descriptor: Int32 = -1
    private(set) public var records: [ResultRecord] = []
    /// Records kept from an earlier run (with `--resume`): their sources are skipped.
    private(set) public var previous: [ResultRecord] = []
    /// Positions an earlier run stopped at a limit (with `--resume`): they run again, and a
    /// solver may continue from what the record kept (e.g. Reversi's `movesSoFar`).
    private(set) public var stoppedEarlier: [ResultRecord] = []

    /// Opens `directory/results.jsonl`: emptied, or with `resume` its finished records kept.
    /// The game's drawing of a record and its charts, for `index.html`.
    public var fragment: (ResultRecord) -> String? = { _ in nil }
    public var charts: ([ResultRecord]) -> [BarChart] = { _ in [] }
    /// The game's files for a record (a tsume problem's KIF), written by `finish()`.
    public var files: (ResultRecord) -> [ReportFile] = { _ in [] }
    private var lastSummary = 0.0

    /// `continuing`: a later file of the same run writing to the same collection; its records
    /// are kept as they are, and `stoppedEarlier` is what the first writer found stopped.
    public init(directory: String, collection: String, resume: Bool, continuing: Bool = false,
                stoppedEarlier: [ResultRecord] = []) throws {
        self.directory = directory
        self.collection = collection
        self.stoppedEarlier = stoppedEarlier
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/results.jsonl"
        if continuing, let data = FileManager.default.contents(atPath: path) {
            previous = ReportWriter.records(in: data)
            descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        } else if resume, let data = FileManager.default.contents(atPath: path) {
            // Keep the finished records; a torn last line (a killed run) and positions stopped
            // by a limit or an interruption are dropped, so they run again and each position
            // ends up in the file once. The file is replaced atomically.
            // The stopped records wait in `stopped.jsonl` until their positions end again: a
            // resumed run killed in the middle of one would otherwise lose what its record kept
            // (the records there are older than those of results.jsonl: `stoppedRecord` takes
            // the last).
            self.stoppedEarlier += ReportWriter.records(in: FileManager.default.contents(atPath: stoppedPath))
            for record in ReportWriter.records(in: data) {
                if record.status == .limit { self.stoppedEarlier.append(record) } else { previous.append(record) }
            }
            let kept = previous.map { $0.json.serialized + "\n" }.joined()
            try kept.write(toFile: path, atomically: true, encoding: .utf8)
            try writeWaiting()
            descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        } else {
            descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0o644)
            try? writeWaiting()
        }
        guard descriptor >= 0 else {
            throw ReportError(message: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Where a resumed run keeps the stopped records it took out of `results.jsonl`.
    private var stoppedPath: String { directory + "/stopped.jsonl" }

    /// Writes `stopped.jsonl`: the last stopped record of each position that has no record in
    /// `results.jsonl` (finished earlier, or written by this run); none: no file.
    private func writeWaiting() throws {
        let written = Set((previous + records).map { "\($0.verb) \($0.source)" })
        var last: [String: Int] = [:]
        for (i, r) in stoppedEarlier.enumerated() where !written.contains("\(r.verb) \(r.source)") {
            last["\(r.verb) \(r.source)"] = i
        }
        let waiting = last.values.sorted().map { stoppedEarlier[$0] }
        if waiting.isEmpty {
            try? FileManager.default.removeItem(atPath: stoppedPath)
        } else {
            try waiting.map { $0.json.serialized + "\n" }.joined().write(toFile: stoppedPath, atomically: true, encoding: .utf8)
        }
    }

    /// The whole records of a results file's text (a torn line is skipped).
    private static func records(in data: Data?) -> [ResultRecord] {
        guard let data else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            (try? JSONReader.parse(String(line))).flatMap(ResultRecord.init(json:))
        }
    }

    /// Whether an earlier run already finished this position (for `--resume`).
    public func alreadyDone(source: String, verb: Verb) -> Bool {
        previous.contains { $0.source == source && $0.verb == verb }
    }

    /// The record of the earlier run that stopped this position at a limit, if any (the last
    /// one, for `--resume`).
    public func stoppedRecord(source: String, verb: Verb) -> ResultRecord? {
        stoppedEarlier.last { $0.source == source && $0.verb == verb }
    }

    /// Appends one record as one whole line (a single write), then refreshes `summary.md`
    /// (at most every two seconds; `finish()` writes the final one).
    public func append(_ record: ResultRecord) {
        records.append(record)
        let line = Array((record.json.serialized + "\n").utf8)
        _ = line.withUnsafeBytes { writeAll(descriptor, $0) }
        if monotonicSeconds() - lastSummary > 2 { writeSummary() }
    }

    public func writeSummary() {
        lastSummary = monotonicSeconds()
        let text = SummaryReport(collection: collection, records: previous + records).markdown
        try? text.write(toFile: directory + "/summary.md", atomically: true, encoding: .utf8)
    }

    /// Writes the final `summary.md` and `index.html`.
    public func finish() {
        writeSummary()
        try? writeWaiting()
        let all = previous + records
        let page = HTMLReport(collection: collection, records: all, fragment: fragment, charts: charts(all)).html
        try? page.write(toFile: directory + "/index.html", atomically: true, encoding: .utf8)
        writeRecordFiles(all)
    }

    /// Every record's own files. Two records asking for one path (two problems of one name) keep
    /// them apart: the later one's files get `-<line>` of its source before the extension.
    private func writeRecordFiles(_ all: [ResultRecord]) {
        var taken: Set<String> = []
        for record in all {
            var wanted = files(record)
            guard !wanted.isEmpty else { continue }
            if wanted.contains(where: { taken.contains($0.path) }) {
                let line = record.source.split(separator: ":").last.map(String.init) ?? String(taken.count)
                for i in wanted.indices {
                    let path = wanted[i].path as NSString
                    let ext = path.pathExtension
                    wanted[i].path = path.deletingPathExtension + "-\(line)" + (ext.isEmpty ? "" : "." + ext)
                }
            }
            for file in wanted {
                taken.insert(file.path)
                let full = directory + "/" + file.path
                try? FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                         withIntermediateDirectories: true)
                // a plain write: FileManager's atomic one syncs each file, and a collection has thousands
                let fd = open(full, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                if fd >= 0 {
                    _ = file.bytes.withUnsafeBytes { writeAll(fd, $0) }
                    close(fd)
                }
            }
        }
    }
}

public struct ReportError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// The facts of a collection's run as Markdown tables.
public struct SummaryReport {
    public var collection: String
    public var records: [ResultRecord]

    public init(collection: String, records: [ResultRecord]) {
        self.collection = collection
        self.records = records
    }

    public var markdown: String {
        var table = MarkdownTable(header: ["position", "name", "status", "result", "nodes", "seconds", "nodes/s"],
                                  rightAligned: [4, 5, 6])
        var totalNodes = 0.0, totalSeconds = 0.0
        var counts: [Status: Int] = [:]
        for r in records {
            counts[r.status, default: 0] += 1
            totalNodes += r.nodes
            totalSeconds += r.seconds
            let result = r.status == .error ? (r.error ?? "error") : r.summary
            let rate = r.seconds > 0 ? NumberFormat.compact(r.nodes / r.seconds) : "-"
            table.rows.append([r.source, r.name, r.status.rawValue, result,
                               NumberFormat.grouped(Int(r.nodes)), NumberFormat.seconds(r.seconds), rate])
        }
        let games = Set(records.map(\.game)).sorted().joined(separator: ", ")
        let verbs = Set(records.map(\.verb.rawValue)).sorted().joined(separator: ", ")
        var out = "# \(collection)\n\n"
        out += "Game: \(games.isEmpty ? "-" : games). Verb: \(verbs.isEmpty ? "-" : verbs). "
        out += "Positions: \(records.count) (solved \(counts[.solved] ?? 0), limit \(counts[.limit] ?? 0), "
        out += "error \(counts[.error] ?? 0)). Nodes: \(NumberFormat.grouped(Int(totalNodes))). "
        out += "Time: \(NumberFormat.seconds(totalSeconds)) s.\n\n"
        if let spread = DifficultySpread(records: records).line { out += spread + "\n\n" }
        out += table.rendered
        return out
    }
}
