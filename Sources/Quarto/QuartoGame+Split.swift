// Work units for runs past one machine: the game tree `depth` moves below a position, its
// leaves merged by canonical form into units (each an ordinary `.quarto` position), and the
// negamax that joins the units' exact values back into the root's value, distance and best moves.

import SolverKit

extension QuartoGame {
    /// The units give the root's value, distance and best moves: a split of `solve` only.
    public static func split(text: String, file: String, depth: Int, verb: Verb) -> Result<WorkSplit, ParseError>? {
        guard verb == .solve else { return nil }
        guard let first = QuartoFormat.parse(text: text, file: file).first else {
            return .failure(ParseError("no position in the file", at: SourceLocation(file: file, line: 1)))
        }
        switch first {
        case .failure(let error): return .failure(error)
        case .success(let parsed):
            var work = split(parsed.position, text: parsed.text, depth: depth)
            work.rootLine = parsed.location.line
            return .success(work)
        }
    }

    /// Expands `depth` plies below `root`. A tree node is `{"moves": [[MOVES, CHILD], ...]}`, one
    /// entry a class of symmetric moves (MOVES space-separated); CHILD is `{"end": SCORE}` for a
    /// move that ends the game, `{"unit": "uK"}` at the depth, or a node. The tree's `head` is the
    /// root's `QuartoResult` without an answer (`text`: the root's own block, default its grid).
    static func split(_ root: Position, text: String? = nil, depth: Int) -> WorkSplit {
        let solver = QuartoSolver(rules: root.rules, hashMB: 1)
        var unitIndex: [UInt128: Int] = [:]
        var units = ""
        func node(_ position: Position, _ depth: Int) -> JSON {
            if depth == 0 || position.isOver {
                let key = solver.group.canonicalKey(position.board, hand: position.hand)
                let k: Int
                if let known = unitIndex[key] { k = known } else {
                    k = unitIndex.count + 1
                    unitIndex[key] = k
                    units += "name: \(WorkSplit.unitName(k))\n\(position.text)\n\n"
                }
                return .object([("unit", .string(WorkSplit.unitName(k)))])
            }
            let classes = solver.moveClasses(position).map { c -> JSON in
                let moves = JSON.string(c.moves.map(\.description).joined(separator: " "))
                switch c.successor {
                case .ends(let score): return .array([moves, .object([("end", .int(score))])])
                case .position(let next): return .array([moves, node(next, depth - 1)])
                }
            }
            return .object([("moves", .array(classes))])
        }
        let tree = node(root, max(0, depth))
        let head = QuartoResult(root, text: text ?? root.text)
        let drawDistance = QuartoSolver.value(score: 0, position: root).distance
        return WorkSplit(units: "# Work units of perfectplay split (depth \(depth)); solve each, then merge --tree.\n\n" + units,
                         unitCount: unitIndex.count, verb: .solve,
                         tree: .object([("head", head.json), ("drawDistance", .int(drawDistance)), ("root", tree)]),
                         summary: "\(unitIndex.count) canonical units \(depth) ply\(depth == 1 ? "" : "s") below the root")
    }

    public static func joinTree(_ tree: JSON, units: [String: ResultRecord]) throws(WorkTreeError) -> Outcome {
        guard var result = tree["head"].flatMap(QuartoResult.init(json:)), let drawDistance = tree["drawDistance"]?.intValue,
              let root = tree["root"] else { throw WorkTreeError("not a Quarto work tree") }
        var nodes = 0.0, seconds = 0.0
        for record in units.values { nodes += record.nodes; seconds += record.seconds }
        /// The search score of a node (side to move there), and the best move classes at it.
        func score(_ node: JSON) throws(WorkTreeError) -> (Int, [String]) {
            if let name = node["unit"]?.stringValue {
                guard let unit = units[name].flatMap({ QuartoResult(json: $0.result) }), let value = unit.value,
                      let distance = unit.distance else { throw WorkTreeError("unit \(name): no value in its record") }
                return (value == "win" ? mate - distance : value == "loss" ? distance - mate : 0, [])
            }
            guard let classes = node["moves"]?.arrayValue, !classes.isEmpty else { throw WorkTreeError("a tree node without moves") }
            var best = Int.min, bestMoves: [String] = []
            for entry in classes {
                guard let moves = entry[0]?.stringValue, let child = entry[1] else { throw WorkTreeError("a malformed move entry") }
                let s: Int
                if let end = child["end"]?.intValue { s = end } else { s = QuartoSolver.parentScore(try score(child).0) }
                if s > best { best = s; bestMoves = [] }
                if s == best { bestMoves += moves.split(separator: " ").map(String.init) }
            }
            return (best, bestMoves)
        }
        let (rootScore, bestMoves) = try score(root)
        let distance = rootScore > 0 ? mate - rootScore : rootScore < 0 ? mate + rootScore : drawDistance
        let value = Value(score: rootScore, distance: distance)
        result.set(value)
        result.bestMoves = bestMoves.sorted()
        return Outcome(result: result.json, stats: [("nodes", .int(Int(nodes))), ("seconds", .double(seconds)), ("units", .int(units.count))],
                       summary: "\(value), best \(bestMoves.sorted().prefix(3).joined(separator: " "))\(bestMoves.count > 3 ? " ..." : "") (joined from \(units.count) units)")
    }
}
