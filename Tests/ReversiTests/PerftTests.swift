// perft from the start positions against the published tables (/work/shared/data/README.md).
import Testing
@testable import Reversi

@Suite struct PerftTests {
    @Test func standardBoardFromStart() {
        let expected: [UInt64] = [4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284]
        let start = Position.start()
        for (i, count) in expected.enumerated() {
            #expect(start.perft(i + 1) == count, "depth \(i + 1)")
        }
    }

    @Test func sixBySixFromStart() {
        let expected: [UInt64] = [4, 12, 56, 244, 1364, 7604, 47740, 308716, 2114912, 14976792]
        let start = Position.start(BoardGeometry(size: 6)!)
        for (i, count) in expected.enumerated() {
            #expect(start.perft(i + 1) == count, "depth \(i + 1)")
        }
    }
}
