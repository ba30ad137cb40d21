// Clean composer disproofs: the part of hand superiority the composers' rules keep.
//
// The composer's table matches exact hands (MateSolver+Composer.swift: with a piece more in the
// attacker's hand, L0 can drop and an interposition turn effective, so neither proofs nor
// disproofs carry over to other hands in general). One kind does: a disproof none of whose
// defender escapes is an interposition. Let H' be covered by H, the same board. Every check with
// H' is one with H (fewer drops; pawn-drop mate and the rest depend on the board only), and the
// child has the smaller hand again. A reply that is no interposition (a king move, a capture of
// the checker, any reply to a check that cannot be blocked) is the same board move whatever the
// hands, and never futile, so the escape that refuted a check with H is there with H' and, by
// induction on the disproof, is not mated within the bound either. Drops by the defender only
// ever interpose, so its larger hand changes nothing that was used. Such a disproof is stored as
// `MateEntry.disprovenClean` with the node's hand and answers for every hand that hand covers.
//
// Clean: a node with no check or no ply left; an attacker node whose checks are all refuted
// cleanly; a defender node refuted by a reply that is no interposition, itself cleanly disproven;
// the horizon's tests (`composerHorizonAttacker`) when no escape they used was an effective
// interposition, which `uncleanEscapes` counts. Disproofs resting on a repetition are never
// clean. `cleanDisproofsHoldForOtherHands` in Tests/ShogiTests/ComposerTests.swift checks the
// table's answers for smaller and larger hands against the brute force.

extension MateSolver {
    /// Is the disproof `v` of the current defender node's reply `i` (arena index) a clean escape?
    @inline(__always)
    func cleanEscape(_ v: NodeValue, child i: Int) -> Bool {
        composer && v.clean && childState[i] == ChildState.counted
    }
}
