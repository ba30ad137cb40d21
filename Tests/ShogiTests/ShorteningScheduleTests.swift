// The order of the exact-length search's bounds, against an oracle that answers like the solver:
// a bound at or above the exact length proves a mate (of any length between the exact one and
// the bound), one under it is disproven.
import Testing
@testable import Shogi

/// Runs the schedule from a first proof of `first` plies for a problem whose shortest mate is
/// `exact`; the oracle's proofs are as long as the bound allows (`longest`) or exact, and its
/// disproofs show no mate within the bound or (`deep`) within exact - 1 plies. Returns
/// each bound searched with the bracket (disproven, proven) it was chosen in, and the final state.
private func run(exact: Int, first: Int, longest: Bool, deep: Bool = false,
                 firstBound: Int? = nil, noMateWithin: Int = -1) -> ([(bound: Int, disproven: Int, proven: Int)], ShorteningSchedule) {
    var schedule = ShorteningSchedule(proven: first, firstBound: firstBound, noMateWithin: noMateWithin)
    var steps: [(bound: Int, disproven: Int, proven: Int)] = []
    while !schedule.isExact && steps.count < 1000 {
        let bound = schedule.nextBound
        steps.append((bound, schedule.disproven, schedule.proven))
        schedule.record(bound: bound, provenLength: bound >= exact ? (longest ? bound : exact) : nil,
                        noMateWithin: deep ? exact - 1 : bound)
    }
    return (steps, schedule)
}

@Test func scheduleEndsAtTheExactLengthWithoutRepeatingABound() {
    for exact in stride(from: 1, through: 301, by: 2) {
        for first in stride(from: exact, through: exact + 400, by: 2) {
            for longest in [false, true] { for deep in [false, true] {
                let (steps, schedule) = run(exact: exact, first: first, longest: longest, deep: deep)
                let bounds = steps.map(\.bound)
                #expect(schedule.isExact && schedule.proven == exact && schedule.disproven == exact - 2)
                #expect(Set(bounds).count == bounds.count)
                #expect(steps.allSatisfy { $0.bound % 2 == 1 && $0.bound > $0.disproven && $0.bound < $0.proven })
                // a first proof hundreds of plies too long costs a few searches, not hundreds
                #expect(bounds.count <= 24, "exact \(exact), first \(first): \(bounds)")
                // a disproof that shows more settles the length at once
                if deep { #expect(bounds.filter { $0 < exact }.count <= 1) }
            } }
        }
    }
}

@Test func scheduleClimbsInStepsOfTwoAfterItsFirstDisproof() {
    // the usual case, a first proof that is exact: one disproof 16 plies under it, then steps of
    // two up to the bound two under it; never the disproof straight under the proof first
    #expect(run(exact: 43, first: 43, longest: true).0.map(\.bound) == [27, 29, 31, 33, 35, 37, 39, 41])
    #expect(run(exact: 5, first: 5, longest: true).0.map(\.bound) == [1, 3])
    // while proofs come the step doubles (16, 32, 64); then bisection while the bracket is
    // wider than 32 plies, and the climb
    #expect(run(exact: 101, first: 201, longest: true).0.map(\.bound) == [185, 153, 89, 121, 91, 93, 95, 97, 99, 101])
    for exact in stride(from: 1, through: 301, by: 2) {
        for first in stride(from: exact, through: exact + 400, by: 2) {
            for (bound, disproven, proven) in run(exact: exact, first: first, longest: false).0 where disproven >= 0 {
                if proven - disproven <= ShorteningSchedule.ascentGap {
                    #expect(bound == disproven + 2)
                } else {
                    #expect(abs(2 * bound - (proven + disproven)) <= 2)
                }
            }
        }
    }
}

@Test func scheduleSearchesTheNamedFirstBoundFirst() {
    // a problem of the expected length: one disproof under it, then (when the first proof was
    // longer) the proof at it
    #expect(run(exact: 69, first: 69, longest: true, firstBound: 67).0.map(\.bound) == [67])
    #expect(run(exact: 41, first: 43, longest: true, firstBound: 39).0.map(\.bound) == [39, 41])
    // an expectation that is wrong, too long or too short, still ends at the exact length
    for exact in stride(from: 1, through: 151, by: 2) {
        for first in stride(from: exact, through: exact + 200, by: 4) {
            for firstBound in stride(from: -1, through: first + 2, by: 2) {
                let (steps, schedule) = run(exact: exact, first: first, longest: false, firstBound: firstBound)
                let bounds = steps.map(\.bound)
                #expect(schedule.isExact && schedule.proven == exact && schedule.disproven == exact - 2)
                #expect(Set(bounds).count == bounds.count)
                if firstBound >= 1 && firstBound < first { #expect(bounds.first == firstBound) }
            }
        }
    }
}

@Test func scheduleGoesOnAboveTheBoundsAnEarlierRunDisproved() {
    // --resume: an earlier run showed no mate within `known` plies (so `known` < exact); the
    // search starts two above it (or at a named first bound above it), searches nothing at or
    // under it, and still ends at the exact length
    #expect(run(exact: 31, first: 33, longest: true, noMateWithin: 29).0.map(\.bound) == [31])
    #expect(run(exact: 57, first: 57, longest: true, firstBound: 37, noMateWithin: 47).0.map(\.bound) == [49, 51, 53, 55])
    #expect(run(exact: 57, first: 57, longest: true, firstBound: 51, noMateWithin: 47).0.map(\.bound) == [51, 53, 55])
    // an even bound shows none within the odd bound under it too
    #expect(run(exact: 57, first: 57, longest: true, noMateWithin: 48).0.map(\.bound) == [49, 51, 53, 55])
    for exact in stride(from: 1, through: 151, by: 2) {
        for first in stride(from: exact, through: exact + 200, by: 4) {
            for known in stride(from: -1, through: exact - 1, by: 1) {
                let (steps, schedule) = run(exact: exact, first: first, longest: false, noMateWithin: known)
                let bounds = steps.map(\.bound)
                #expect(schedule.isExact && schedule.proven == exact && schedule.disproven == exact - 2)
                #expect(Set(bounds).count == bounds.count)
                #expect(bounds.allSatisfy { $0 > known })
            }
        }
    }
}
