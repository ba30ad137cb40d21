// A tsume problem from a KIF record, so that a record saved by a GUI can be handed to `solve`:
// a problem diagram (a board diagram with no moves, or with its solution ending in mate) is the
// problem itself; any other record gives its final position, the side to move attacking.

import Foundation
import SolverKit

extension TsumeInput {
    /// The one problem of a KIF text, or where it is malformed.
    static func loadKIF(text: String, file: String) -> [Result<TsumeProblem, ParseError>] {
        let reading: KIFReading
        do { reading = try KIFRecord.read(text, file: file) } catch { return [.failure(error)] }
        let record = reading.record
        let line = record.mainLine
        var end = record.start
        for m in line { end.play(m) }
        let solvedDiagram = reading.hasDiagram && !line.isEmpty && end.inCheck && !end.hasLegalMove()
        let problemLine = line.isEmpty || solvedDiagram ? reading.startLine : reading.moveLines[record.lineNodes(after: KIFRecord.root).last!]
        let chosen = line.isEmpty || solvedDiagram ? record.start : end
        let location = SourceLocation(file: file, line: problemLine)
        let position: Position
        do {
            position = try Position(sfen: Substring(chosen.sfen), at: location)
        } catch {
            let which = line.isEmpty || solvedDiagram ? "the diagram" : "the position after move \(line.count)"
            return [.failure(ParseError("\(which) is not a tsume problem: \(error.message)", at: location))]
        }
        let name = record.value("作品名") ?? record.value("表題") ?? ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        return [.success(TsumeProblem(name: name, location: location, position: position))]
    }
}
