// Number formatting and Markdown tables.

import Testing
@testable import SolverKit

@Test func groupedDigits() {
    #expect(NumberFormat.grouped(187_636_299) == "187,636,299")
    #expect(NumberFormat.grouped("577116156815309849672") == "577,116,156,815,309,849,672")
    #expect(NumberFormat.grouped(-1234) == "-1,234")
    #expect(NumberFormat.grouped(12) == "12")
    #expect(fixedPoint(3.14159, digits: 2) == "3.14")
    #expect(fixedPoint(-0.5, digits: 1) == "-0.5")
    #expect(fixedPoint(2.0, digits: 3) == "2.000")
}

@Test func tableAlignsColumns() {
    let table = MarkdownTable(header: ["a", "count"], rows: [["x", "1"], ["long", "1,000"]], rightAligned: [1])
    #expect(table.rendered == """
    | a    | count |
    | ---- | ----: |
    | x    |     1 |
    | long | 1,000 |

    """)
}
