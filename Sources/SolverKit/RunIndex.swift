// The report folder's table of contents: `index.md` and `index.html` beside the collections,
// rewritten at the end of every run. The collections this run wrote come first, each with its
// counts and one line saying what was found; collections left by earlier runs in the same folder
// follow, so the page never hides a report that is there.

import Foundation

public struct RunIndex {
    /// One collection's line in the index.
    public struct Entry {
        public var collection: String
        public var records: [ResultRecord]
        /// What the collection's positions came to, in the game's words ("1231 mates, 1-11 plies").
        public var headline: String

        public init(collection: String, records: [ResultRecord], headline: String) {
            self.collection = collection
            self.records = records
            self.headline = headline
        }

        var game: String { Set(records.map(\.game)).sorted().joined(separator: ", ") }
        static func byGame(_ a: Entry, _ b: Entry) -> Bool { (a.game, a.collection) < (b.game, b.collection) }
        var verb: String { Set(records.map(\.verb.rawValue)).sorted().joined(separator: ", ") }
        func count(_ status: Status) -> Int { records.count { $0.status == status } }
        var nodes: Double { records.reduce(0) { $0 + $1.nodes } }
        var seconds: Double { records.reduce(0) { $0 + $1.seconds } }
    }

    /// The command line of the run, as typed (shown as the page's subtitle).
    public var command: String
    public var thisRun: [Entry]
    public var earlier: [Entry]
    /// Other folders worth a link (`bench/`, `examples/`), relative to the index.
    public var otherFolders: [String]
    /// The run's wall time; nil for a merge, whose records come from runs elsewhere.
    public var wallSeconds: Double?

    public init(command: String, thisRun: [Entry], earlier: [Entry], otherFolders: [String], wallSeconds: Double?) {
        self.command = command
        self.thisRun = thisRun
        self.earlier = earlier
        self.otherFolders = otherFolders
        self.wallSeconds = wallSeconds
    }

    /// The index of `directory`: `written` are this run's collections (name -> records); every
    /// other `directory/<collection>/results.jsonl` is read back as an earlier run's.
    public static func build(directory: String, command: String, written: [String: [ResultRecord]],
                             catalog: GameCatalog, wallSeconds: Double?) -> RunIndex {
        func entry(_ collection: String, _ records: [ResultRecord]) -> Entry {
            let game = records.first.flatMap { catalog.game(id: $0.game) }
            let headline = game?.collectionHeadline(for: records) ?? GenericHeadline.line(for: records)
            return Entry(collection: collection, records: records, headline: headline)
        }
        let thisRun = written.map { entry($0.key, $0.value) }.sorted(by: Entry.byGame)
        var earlier: [Entry] = []
        var otherFolders: [String] = []
        let children = (try? FileManager.default.contentsOfDirectory(atPath: directory))?.sorted() ?? []
        for child in children where written[child] == nil {
            let path = directory + "/" + child + "/results.jsonl"
            if FileManager.default.fileExists(atPath: path) {
                let records = ResultMerge.read([path])[child] ?? []
                if !records.isEmpty { earlier.append(entry(child, records)) }
            } else if ["bench", "examples"].contains(child) {
                otherFolders.append(child)
            }
        }
        return RunIndex(command: command, thisRun: thisRun, earlier: earlier.sorted(by: Entry.byGame), otherFolders: otherFolders,
                        wallSeconds: wallSeconds)
    }

    /// Writes `index.md` and `index.html` into `directory`.
    public func write(to directory: String) {
        try? markdown.write(toFile: directory + "/index.md", atomically: true, encoding: .utf8)
        try? html.write(toFile: directory + "/index.html", atomically: true, encoding: .utf8)
    }

    private var totals: (positions: Int, solved: Int, limit: Int, errors: Int) {
        let all = thisRun.flatMap(\.records)
        return (all.count, all.count { $0.status == .solved }, all.count { $0.status == .limit },
                all.count { $0.status == .error })
    }

    var runLine: String {
        let t = totals
        return "\(NumberFormat.grouped(t.positions)) positions: \(NumberFormat.grouped(t.solved)) solved, "
            + "\(t.limit) stopped by a limit, \(t.errors) error\(t.errors == 1 ? "" : "s")"
            + (wallSeconds.map { ", \(NumberFormat.seconds($0)) s wall." } ?? ".")
    }

    public var markdown: String {
        var out = "# PerfectPlay reports\n\nLast run: `\(command)`. \(runLine)\n\n"
        out += table(thisRun, markdown: true)
        if !earlier.isEmpty {
            out += "\n## Earlier runs in this folder\n\n" + table(earlier, markdown: true)
        }
        if !otherFolders.isEmpty {
            out += "\nAlso here: " + otherFolders.map { "[\($0)/](\($0)/)" }.joined(separator: ", ") + ".\n"
        }
        return out
    }

    public var html: String {
        var out = "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>PerfectPlay reports</title>"
        out += "<style>\(HTMLReport.style)</style></head><body><h1>PerfectPlay reports</h1>"
        out += "<p class=\"muted\">Last run: <code>\(HTML.escape(command))</code>. \(HTML.escape(runLine))</p>"
        out += table(thisRun, markdown: false)
        if !earlier.isEmpty {
            out += "<h2>Earlier runs in this folder</h2>" + table(earlier, markdown: false)
        }
        if !otherFolders.isEmpty {
            out += "<p>Also here: " + otherFolders.map { "<a href=\"\($0)/\">\($0)/</a>" }.joined(separator: ", ") + ".</p>"
        }
        return out + "<p class=\"muted\">Written by perfectplay.</p></body></html>\n"
    }

    private func table(_ entries: [Entry], markdown: Bool) -> String {
        let header = ["collection", "game", "verb", "positions", "solved", "limit", "errors", "nodes", "seconds", "result"]
        let rows = entries.map { e in
            [e.collection, e.game, e.verb, NumberFormat.grouped(e.records.count), NumberFormat.grouped(e.count(.solved)),
             String(e.count(.limit)), String(e.count(.error)), NumberFormat.grouped(Int(e.nodes)),
             NumberFormat.seconds(e.seconds), e.headline]
        }
        if markdown {
            var table = MarkdownTable(header: header, rightAligned: [3, 4, 5, 6, 7, 8])
            for (e, row) in zip(entries, rows) {
                var linked = row
                linked[0] = "[\(e.collection)](\(e.collection)/index.html)"
                table.rows.append(linked)
            }
            return table.rendered
        }
        var out = "<table><tr>" + header.map { "<th>\($0)</th>" }.joined() + "</tr>"
        for (e, row) in zip(entries, rows) {
            out += "<tr><td><a href=\"\(HTML.escape(e.collection))/index.html\">\(HTML.escape(e.collection))</a></td>"
            out += "<td>\(HTML.escape(row[1]))</td><td>\(HTML.escape(row[2]))</td>"
            for (i, cell) in row.enumerated() where (3...8).contains(i) {
                let status = i == 5 && e.count(.limit) > 0 ? " status-limit" : i == 6 && e.count(.error) > 0 ? " status-error" : ""
                out += "<td class=\"n\(status)\">\(cell)</td>"
            }
            out += "<td>\(HTML.escape(row[9]))</td></tr>"
        }
        return out + "</table>"
    }
}

/// The headline of a collection whose game says nothing more: its status counts.
public enum GenericHeadline {
    public static func line(for records: [ResultRecord]) -> String {
        let solved = records.count { $0.status == .solved }
        let limit = records.count { $0.status == .limit }
        let errors = records.count { $0.status == .error }
        var parts = ["\(NumberFormat.grouped(solved)) solved"]
        if limit > 0 { parts.append("\(limit) stopped by a limit") }
        if errors > 0 { parts.append("\(errors) error\(errors == 1 ? "" : "s")") }
        return parts.joined(separator: ", ")
    }
}

/// Joins a game's headline phrases, and says what did not finish.
public enum HeadlineParts {
    public static func join(_ parts: [String], records: [ResultRecord]) -> String {
        var all = parts
        let limit = records.count { $0.status == .limit }
        let errors = records.count { $0.status == .error }
        if limit > 0 { all.append("\(limit) stopped by a limit") }
        if errors > 0 { all.append("\(errors) error\(errors == 1 ? "" : "s")") }
        return all.isEmpty ? GenericHeadline.line(for: records) : all.joined(separator: "; ")
    }
}
