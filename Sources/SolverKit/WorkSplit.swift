// Runs past one machine: one huge solve cut into independent work units. `perfectplay split`
// writes the canonical positions `depth` moves below a root as an ordinary position file plus
// a tree file; any scheduler solves the units with `perfectplay solve`; `perfectplay merge
// --tree` reads the tree and the units' results.jsonl and gives the root's result.

import Foundation

/// What a game's `split` returns: the units (a position file of the game, one position a unit,
/// named `u1`, `u2`, ...) and the game's tree joining their values back into the root's.
public struct WorkSplit: Sendable {
    /// The units file's text, in the game's own input format.
    public var units: String
    public var unitCount: Int
    /// The verb the units must be run with (`solve` for values, `count` for counts).
    public var verb: Verb
    /// Game-specific: how the root's result follows from the units' results.
    public var tree: JSON
    /// One line for the terminal: "78 canonical units 1 ply below the root".
    public var summary: String
    /// The root position's line in its file (the source of the joined record).
    public var rootLine: Int
    /// The verb of the joined record (`analyze` for a split analysis; default: `solve`, or
    /// `count` when the units are counted).
    public var joinedVerb: Verb?

    public init(units: String, unitCount: Int, verb: Verb, tree: JSON, summary: String, rootLine: Int = 1,
                joinedVerb: Verb? = nil) {
        self.rootLine = rootLine
        self.joinedVerb = joinedVerb
        self.units = units
        self.unitCount = unitCount
        self.verb = verb
        self.tree = tree
        self.summary = summary
    }

    /// The name of unit k (1-based) in the units file and in its results.
    public static func unitName(_ k: Int) -> String { "u\(k)" }
}

/// The tree file `split` writes beside the units: the game, the root, the verb, the game's tree.
public struct WorkTreeFile: Sendable {
    public var game: String
    public var root: String
    public var depth: Int
    public var split: WorkSplit

    public init(game: String, root: String, depth: Int, split: WorkSplit) {
        self.game = game
        self.root = root
        self.depth = depth
        self.split = split
    }

    public var json: JSON {
        .object([("game", .string(game)), ("root", .string(root)), ("depth", .int(depth)),
                 ("verb", .string(split.verb.rawValue)), ("units", .int(split.unitCount))]
                + (split.joinedVerb.map { [("joinedVerb", .string($0.rawValue))] } ?? []) + [("tree", split.tree)])
    }

    /// The verb of the record `merge --tree` writes.
    public var joinedVerb: Verb { split.joinedVerb ?? (split.verb == .count ? .count : .solve) }

    public init(json: JSON) throws(WorkTreeError) {
        guard let game = json["game"]?.stringValue, let root = json["root"]?.stringValue,
              let depth = json["depth"]?.intValue, let verb = json["verb"]?.stringValue.flatMap(Verb.init(rawValue:)),
              let units = json["units"]?.intValue, let tree = json["tree"] else {
            throw WorkTreeError("not a tree file written by perfectplay split (game, root, depth, verb, units, tree)")
        }
        let joined = json["joinedVerb"]?.stringValue.flatMap(Verb.init(rawValue:))
        self.init(game: game, root: root, depth: depth,
                  split: WorkSplit(units: "", unitCount: units, verb: verb, tree: tree, summary: "", joinedVerb: joined))
    }

    /// The units' records by unit name, from records of any number of runs: a solved record
    /// preferred; throws naming the units that have no solved record (not yet run, or stopped
    /// by a limit), since the root's value needs every one.
    public func unitRecords(_ records: [ResultRecord]) throws(WorkTreeError) -> [String: ResultRecord] {
        var byName: [String: ResultRecord] = [:]
        for record in records where record.game == game && record.verb == split.verb {
            if let existing = byName[record.name], existing.status == .solved { continue }
            byName[record.name] = record
        }
        let missing = (1...max(1, split.unitCount)).map(WorkSplit.unitName).filter { byName[$0]?.status != .solved }
        if !missing.isEmpty {
            let list = missing.prefix(8).joined(separator: ", ") + (missing.count > 8 ? ", ..." : "")
            throw WorkTreeError("\(missing.count) of \(split.unitCount) units have no solved \(split.verb.rawValue) record: \(list)")
        }
        return byName
    }
}

public struct WorkTreeError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
