// How a fit is judged: the nodes of solving FFO positions with one thread (deterministic),
// as `perfectplay bench reversi-ffo20-39-t1` counts them (same table size).
import Foundation
import SolverKit
import Reversi

/// Solves FFO `numbers` with one thread and the weights now installed; prints the nodes of
/// each and the total (which it returns). Stops at a wrong score.
func measureNodes(_ numbers: ClosedRange<Int>, label: String) -> UInt64 {
    var total: UInt64 = 0
    var line = ""
    for (number, record) in FFOPositions.records(numbers) {
        let solver = EndgameSolver(geometry: record.position.geometry, threads: 1, hashMB: 256)
        let solved = solver.solve(record.position, everyBestMove: false)
        let expected = record.annotations.map(\.score).max()!
        guard solved.score == expected else {
            StandardStream.error.write("#\(number): score \(solved.score), published \(expected)\n")
            exit(1)
        }
        total &+= solved.nodes
        line += " #\(number) \(solved.nodes)"
    }
    StandardStream.error.write("measure \(label) [\(OrderingTuning.current)]:\(line)\n")
    print("nodes FFO #\(numbers.lowerBound)-#\(numbers.upperBound) (\(label)): \(total)")
    return total
}
