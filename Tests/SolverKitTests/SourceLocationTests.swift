import Testing
@testable import SolverKit

@Test func parseErrorPrintsFileLineColumn() {
    let e = ParseError("unknown symbol 'x'", at: SourceLocation(file: "a.peg", line: 3, column: 7))
    #expect(e.description == "a.peg:3:7: unknown symbol 'x'")
}
