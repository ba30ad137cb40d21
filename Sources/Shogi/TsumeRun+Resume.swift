// `--resume` for tsume: the length bounds a stopped run had disproven, taken over from its
// record so that the searches start above them.
import SolverKit

/// With `--resume`, what an earlier run of the same problem that stopped at a limit had
/// disproven: the shortest mate is at least `bound.lengthAtLeast` plies, the composer length's
/// W at least `composerBound.lengthAtLeast` (mate within a bound is monotone in the bound, so
/// every bound under those is disproven too); likewise the exact shortest mate of a record that
/// stopped after it, and the bounds the composer search disproved. The searches start above them instead of
/// disproving them again, and the record says which it took over (`resumedFrom`).
struct ResumedBounds {
    /// No mate within this many plies, plain and composer (-1: nothing known).
    var plain = -1
    var composer = -1

    init(_ problem: TsumeProblem, earlier: JSON?) {
        // only a record of this very position (the file may have changed since)
        guard let earlier, earlier["position"]?.stringValue == problem.recordText
        else { return }
        if earlier[ShogiResult.Field.shortest.rawValue]?.boolValue == false,
           let least = earlier[ShogiResult.Field.bound.rawValue]?["lengthAtLeast"]?.intValue, least > 1 {
            plain = least - 2
        }
        // a record stopped later (in the composer part or the soundness report) holds the exact
        // shortest mate: every bound under it is disproven
        if earlier[ShogiResult.Field.shortest.rawValue]?.boolValue == true,
           let length = earlier[ShogiResult.Field.length.rawValue]?.intValue, length > 1 {
            plain = length - 2
        }
        if let least = earlier[ShogiResult.Field.composerBound.rawValue]?["lengthAtLeast"]?.intValue, least > 1 {
            composer = least - 2
        }
        // the composer bounds its shortening disproved, whether or not it went on to stop
        for i in earlier[ShogiResult.Field.composerIterations.rawValue]?.arrayValue ?? [] where i["proven"] == .null {
            if let bound = i["bound"]?.intValue { composer = max(composer, bound) }
        }
    }

    /// Records what was taken over, and has the runner add up the runs' nodes and seconds.
    func note(_ outcome: inout Outcome) {
        guard plain > 0 || composer > 0, case .object(var fields) = outcome.result else { return }
        var from: [(String, JSON)] = []
        if plain > 0 { from.append(("lengthAtLeast", JSON(plain + 2))) }
        if composer > 0 { from.append(("composerLengthAtLeast", JSON(composer + 2))) }
        fields.append((ShogiResult.Field.resumedFrom.rawValue, .object(from)))
        outcome.result = .object(fields)
        outcome.continuedEarlier = true
    }
}
