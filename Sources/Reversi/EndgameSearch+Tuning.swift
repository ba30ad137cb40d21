// The ordering's tunable thresholds, settable from outside the module so that reversi-train
// can measure a fit (and the depths of the ordering search) by the nodes of FFO #20-#39.

package enum OrderingTuning {
    /// Evaluation-search ordering from `sortMinEmpties`, one ply more every `sortStep`, at
    /// most `sortMaxDepth` plies; table-free shallow search at or below `shallowEmpties`.
    package static func set(sortMinEmpties: Int? = nil, sortStep: Int? = nil, sortMaxDepth: Int? = nil,
                            shallowEmpties: Int? = nil, etcMinEmpties: Int? = nil,
                            proofNumbers: ProofNumberSettings? = nil, selective: SelectiveSettings? = nil) {
        if let v = proofNumbers { ProofNumberSettings.standard = v }
        if let v = selective { SelectiveSettings.standard = v }
        if let v = sortMinEmpties { EndgameSearch.defaultSortMinEmpties = v }
        if let v = sortStep { EndgameSearch.defaultSortStep = v }
        if let v = sortMaxDepth { EndgameSearch.defaultSortMaxDepth = v }
        if let v = shallowEmpties { EndgameSearch.defaultShallowEmpties = v }
        if let v = etcMinEmpties { EndgameSearch.defaultETCMinEmpties = v }
    }

    package static var current: String {
        "sort from \(EndgameSearch.defaultSortMinEmpties) step \(EndgameSearch.defaultSortStep) "
            + "max \(EndgameSearch.defaultSortMaxDepth), shallow \(EndgameSearch.defaultShallowEmpties), "
            + "ETC above \(EndgameSearch.defaultETCMinEmpties), "
            + "df-pn window \(ProofNumberSettings.standard.window) from \(ProofNumberSettings.standard.minEmpties) empties"
            + " to \(ProofNumberSettings.standard.leafEmpties), budget \(ProofNumberSettings.standard.budget)"
            + ", selective passes from \(SelectiveSettings.standard.rootMinEmpties) empties, ProbCut from "
            + "\(SelectiveSettings.standard.probCutMinEmpties) (4 plies from \(SelectiveSettings.standard.deepEmpties)), "
            + "margins \(SelectiveSettings.standard.margins)"
    }
}
