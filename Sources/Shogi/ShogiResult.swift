// The `result` object of a tsume record, typed: written by the solver (TsumeRun), read back by
// reports, KIF files, bench rows and `merge`. Lengths are in plies, attacker's moves and the
// defender's replies both counted. Field names are spelled once, in `Field`.
import SolverKit

struct ShogiResult {
    enum Field: String {
        case position, mate, length, shortest, pv, kif, verified, verifyError, unique, leftover, bound
        case expectedLength, lengthMatches, bookLength, bookNote, firstProof, iterations, tree, perft
        // The composers' reading (TsumeComposerRun.swift writes them, Puzzles/tsume/README.md
        // documents them).
        case composerLength, composerLine, composerKif, forcedLength, exemptionPlies, composerMatches
        case composerWalkCapped, composerVerified, composerVerifyError, soundness, composerBound
        case composerIterations, composerNodes, uncountedInterpositions, uncountedInVariations
        case uncountedInVariationsCapped, plainLineUncounted, uncountedListingStopped, resumedFrom
    }

    /// The SFEN the problem was read as (a `.kif` or `.tsv` line is recorded as its SFEN).
    var position: String?
    /// true: mate proven; false: no mate (every check refuted); nil (written as null): a limit
    /// stopped the search first. `isSolve` says the record answers that question at all (`count`
    /// records carry `perft` only).
    var mate: Bool?
    var isSolve = true
    /// The mate's length; the exact shortest when `shortest` (else the first proof's length).
    var length: Int?
    var shortest: Bool?
    /// The mating line in USI moves, and the same in KIF notation (one string).
    var pv: [String]?
    var kif: String?
    /// The line was replayed: every attacker move a legal check, mate at the end; else why not.
    var verified: Bool?
    var verifyError: String?
    /// Whether the attacker's moves of the shortest mate are the only ones that mate in time
    /// (checked up to `TsumeRun.uniqueMaxLength` plies; `uniqueUnknown`: the budget ran out).
    var unique: Bool?
    var uniqueUnknown = false
    /// Attacker pieces in hand at the end of the line (empty: none).
    var leftover: String?
    /// Stopped by a limit after a mate was proven: the exact length lies in this range.
    var bound: (atLeast: Int, atMost: Int)?
    /// The length the source gives (`"nomate"`: the source says there is none), and whether the
    /// exact result reproduces it.
    var expectedLength: Int?
    var expectsNoMate = false
    var lengthMatches: Bool?
    /// Shogi Zuko's book length, and why the plain length differs from it.
    var bookLength: Int?
    var bookNote: String?
    /// Nodes and seconds of the first (unbounded) proof, before the shortening.
    var firstProof: (nodes: UInt64, seconds: Double)?
    /// The shortening: each bound tried and the length proven within it (nil: disproven).
    var iterations: [(bound: Int, proven: Int?)] = []
    /// The proof tree to `--tree-depth` (`{"move", "defences": [{"move", "answer"}]}`).
    var tree: JSON?
    /// `count`: perft from the position, leaves at each depth.
    var perft: [UInt64]?

    init() {}

    var json: JSON {
        var f = JSONFields<Field>()
        f.set(.position, position.map(JSON.string))
        if let perft {
            f.set(.perft, .array(perft.map { JSON($0) }))
            return f.json
        }
        f.set(.mate, mate.map(JSON.bool) ?? .null)
        f.set(.length, length.map(JSON.int))
        f.set(.shortest, shortest.map(JSON.bool))
        f.set(.pv, pv.map { JSON($0) })
        f.set(.kif, kif.map(JSON.string))
        f.set(.verified, verified.map(JSON.bool))
        f.set(.verifyError, verifyError.map(JSON.string))
        f.set(.unique, uniqueUnknown ? .null : unique.map(JSON.bool))
        f.set(.leftover, leftover.map(JSON.string))
        f.set(.bound, bound.map { .object([("lengthAtLeast", .int($0.atLeast)), ("lengthAtMost", .int($0.atMost))]) })
        f.set(.expectedLength, expectsNoMate ? .string("nomate") : expectedLength.map(JSON.int))
        f.set(.lengthMatches, lengthMatches.map(JSON.bool))
        f.set(.bookLength, bookLength.map(JSON.int))
        f.set(.bookNote, bookNote.map(JSON.string))
        f.set(.firstProof, firstProof.map { .object([("nodes", JSON($0.nodes)), ("seconds", JSON($0.seconds))]) })
        f.set(.iterations, .array(iterations.map { .object([("bound", .int($0.bound)), ("proven", $0.proven.map(JSON.int) ?? .null)]) }))
        f.set(.tree, tree)
        return f.json
    }

    /// Reads a record's result back.
    init(json: JSON) {
        position = json[Field.position]?.stringValue
        if let counts = json[Field.perft]?.arrayValue {
            perft = counts.compactMap { $0.intValue.map(UInt64.init) }
            isSolve = false
            return
        }
        mate = json[Field.mate]?.boolValue
        length = json[Field.length]?.intValue
        shortest = json[Field.shortest]?.boolValue
        pv = json[Field.pv]?.arrayValue?.compactMap(\.stringValue)
        kif = json[Field.kif]?.stringValue
        verified = json[Field.verified]?.boolValue
        verifyError = json[Field.verifyError]?.stringValue
        unique = json[Field.unique]?.boolValue
        uniqueUnknown = json[Field.unique] == JSON.null
        leftover = json[Field.leftover]?.stringValue
        if let b = json[Field.bound], let least = b["lengthAtLeast"]?.intValue, let most = b["lengthAtMost"]?.intValue {
            bound = (least, most)
        }
        expectedLength = json[Field.expectedLength]?.intValue
        expectsNoMate = json[Field.expectedLength]?.stringValue == "nomate"
        lengthMatches = json[Field.lengthMatches]?.boolValue
        bookLength = json[Field.bookLength]?.intValue
        bookNote = json[Field.bookNote]?.stringValue
        if let p = json[Field.firstProof], let nodes = p["nodes"]?.intValue {
            firstProof = (UInt64(nodes), p["seconds"]?.doubleValue ?? 0)
        }
        iterations = json[Field.iterations]?.arrayValue?.compactMap { i in
            i["bound"]?.intValue.map { ($0, i["proven"]?.intValue) }
        } ?? []
        tree = json[Field.tree]
    }
}
