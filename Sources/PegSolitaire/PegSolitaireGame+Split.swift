// Work units for runs past one machine: the positions `depth` jumps below a start, merged by
// symmetry (the group that fixes the target) into units, each an ordinary `.peg` problem with
// the same target, with the number of jump sequences reaching it. `count` on every unit, then
// `merge --tree`: solutions and games of the root are the sums of the units' counts times their
// multiplicities (both count jump sequences, so they add). Reachable-position counts do not add
// (subtrees overlap), so the join gives solutions and games only.

import SolverKit

extension PegSolitaireGame {
    public static func split(text: String, file: String, depth: Int, verb: Verb) -> Result<WorkSplit, ParseError>? {
        guard let first = PegFile.parse(text: text, file: file).first else {
            return .failure(ParseError("no problem in the file", at: SourceLocation(file: file, line: 1)))
        }
        switch first {
        case .failure(let error): return .failure(error)
        case .success(let problem):
            var work = split(problem, depth: depth)
            work.rootLine = problem.location.line
            return .success(work)
        }
    }

    /// The tree is `{"units": [[NAME, MULTIPLICITY], ...]}` (multiplicities as decimal text).
    /// A position without a jump before the depth is a unit too (its count is its one game).
    static func split(_ root: PegProblem, depth: Int) -> WorkSplit {
        let board = root.board
        let tables = SymmetryTables(permutations: board.symmetries(for: root.target), holes: board.holeCount)
        var leaves: [UInt64: UInt128] = [:]
        var frontier: [UInt64: UInt128] = [root.start: 1]
        for _ in 0..<max(0, depth) {
            var next: [UInt64: UInt128] = [:]
            for (position, paths) in frontier {
                let children = board.children(position)
                if children.isEmpty { leaves[position, default: 0] += paths; continue }
                for child in children { next[tables.canonical(child.position), default: 0] += paths }
            }
            frontier = next
        }
        for (position, paths) in frontier { leaves[position, default: 0] += paths }
        // Most pegs first (earlier dead ends last), then by bits: a stable order for the file.
        let ordered = leaves.sorted { a, b in
            a.key.nonzeroBitCount != b.key.nonzeroBitCount ? a.key.nonzeroBitCount > b.key.nonzeroBitCount : a.key < b.key
        }
        var units = "# Work units of perfectplay split (depth \(depth)); count each, then merge --tree.\n"
        var entries: [JSON] = []
        for (k, (position, paths)) in ordered.enumerated() {
            var unit = root
            unit.name = WorkSplit.unitName(k + 1)
            unit.start = position
            units += "\n" + PegGenerator.text(unit)
            entries.append(.array([.string(unit.name), .string(String(paths))]))
        }
        return WorkSplit(units: units, unitCount: ordered.count, verb: .count,
                         tree: .object([("position", .string(root.text)), ("target", .string(root.targetDescription)), ("units", .array(entries))]),
                         summary: "\(ordered.count) canonical units \(depth) jump\(depth == 1 ? "" : "s") below the start")
    }

    public static func joinTree(_ tree: JSON, units: [String: ResultRecord]) throws(WorkTreeError) -> Outcome {
        guard let entries = tree["units"]?.arrayValue else { throw WorkTreeError("not a peg work tree") }
        var solutions: UInt128 = 0, games: UInt128 = 0
        var nodes = 0.0, seconds = 0.0
        for entry in entries {
            guard let name = entry[0]?.stringValue, let paths = entry[1]?.stringValue.flatMap({ UInt128($0) }) else {
                throw WorkTreeError("a malformed unit entry")
            }
            guard let record = units[name], let unit = PegSolitaireResult(json: record.result),
                  let s = unit.solutions, let g = unit.games else {
                throw WorkTreeError("unit \(name): no solutions and games in its count record")
            }
            let (ps, o1) = paths.multipliedReportingOverflow(by: s), (pg, o2) = paths.multipliedReportingOverflow(by: g)
            let (ts, o3) = solutions.addingReportingOverflow(ps), (tg, o4) = games.addingReportingOverflow(pg)
            if o1 || o2 || o3 || o4 { throw WorkTreeError("the counts overflow 128 bits") }
            solutions = ts
            games = tg
            nodes += record.nodes
            seconds += record.seconds
        }
        var result = PegSolitaireResult(position: tree["position"]?.stringValue, target: tree["target"]?.stringValue ?? "")
        result.solutions = solutions
        result.games = games
        result.units = entries.count
        return Outcome(result: result.json, stats: [("nodes", .int(Int(nodes))), ("seconds", .double(seconds))],
                       summary: "\(solutions) solutions, \(games) games (joined from \(entries.count) units)")
    }
}
