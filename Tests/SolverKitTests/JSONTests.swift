// JSON: exact big integers, ordered objects, escaping, and reading back what we write.

import Testing
@testable import SolverKit

@Test func bigIntegersStayExact() {
    // The number of peg-solitaire games to a dead end on the English board (Bell), past 2^64.
    let games: UInt128 = 577_116_156_815_309_849_672
    #expect(JSON(games).serialized == "577116156815309849672")
    #expect(JSON(UInt64.max).serialized == "18446744073709551615")
    #expect(JSON(UInt128(42)) == .int(42))
}

@Test func objectsKeepTheirOrderAndStringsAreEscaped() {
    let value: JSON = ["game": "peg", "name": "a \"quoted\"\nline\u{01}", "list": [1, true, nil, 2.5]]
    #expect(value.serialized == #"{"game":"peg","name":"a \"quoted\"\nline\u0001","list":[1,true,null,2.5]}"#)
}

@Test func readerRoundTripsWhatWeWrite() throws {
    let value: JSON = ["a": .integer("577116156815309849672"), "b": [-3, 0.25, "é ✓"], "c": ["d": false]]
    let parsed = try JSONReader.parse(value.serialized)
    #expect(parsed == value)
    #expect(parsed["a"]?.integerText == "577116156815309849672")
}

@Test func readerRejectsMalformedText() {
    for bad in ["{", "[1,]", "{\"a\" 1}", "tru", "\"abc", "1 2", ""] {
        #expect(throws: JSONReader.Failure.self) { try JSONReader.parse(bad) }
    }
}
