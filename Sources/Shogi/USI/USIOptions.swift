// The engine's options as `usi` lists them and `setoption` changes them: the table size and
// the mate search's mode (exact shortest mate or first proof; plain minimax length or the
// composers' rules).

struct USIOptions: Equatable, Sendable {
    /// Megabytes of the mate table (`USI_Hash`).
    var hashMB = 256
    /// Stop at the first proof (`MateSearch first`) instead of the exact shortest mate.
    var firstProof = false
    /// Answer with the composers' main line (`MateLength composer`: futile interpositions not
    /// counted, Puzzles/tsume/README.md) instead of the plain-minimax shortest mate.
    var composerLength = false

    static let hashRange = 1...65536

    /// The `option` lines of the `usi` answer.
    static var declarations: [String] {
        ["option name USI_Hash type spin default 256 min \(hashRange.lowerBound) max \(hashRange.upperBound)",
         "option name MateSearch type combo default shortest var shortest var first",
         "option name MateLength type combo default shortest var shortest var composer"]
    }

    /// Applies `setoption`; the message when the name or value is not one of ours.
    mutating func set(_ name: String, _ value: String?) -> USIError? {
        switch name.lowercased() {
        case "usi_hash":
            guard let v = value.flatMap({ Int($0) }), USIOptions.hashRange.contains(v) else {
                return USIError("USI_Hash needs a number of megabytes in \(USIOptions.hashRange), found '\(value ?? "")'")
            }
            hashMB = v
        case "matesearch":
            switch value?.lowercased() {
            case "shortest": firstProof = false
            case "first": firstProof = true
            default: return USIError("MateSearch is 'shortest' or 'first', found '\(value ?? "")'")
            }
        case "matelength":
            switch value?.lowercased() {
            case "shortest": composerLength = false
            case "composer": composerLength = true
            default: return USIError("MateLength is 'shortest' or 'composer', found '\(value ?? "")'")
            }
        case "usi_ponder", "usi_multipv", "usi_ownbook":
            break   // standard options GUIs send to every engine; a tsume engine has no use for them
        default:
            return USIError("unknown option '\(name)'")
        }
        return nil
    }
}
