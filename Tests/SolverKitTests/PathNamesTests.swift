// Path names taken apart, one-character names included (NSString traps on those).

import Testing
@testable import SolverKit

@Test func pathPartsOfShortAndLongPaths() {
    #expect(PathNames.directory(of: "u") == "")
    #expect(PathNames.directory(of: "a/b/c") == "a/b")
    #expect(PathNames.directory(of: "/c") == "/")
    #expect(PathNames.directory(of: "a/b/") == "a")
    #expect(PathNames.lastComponent(of: "u") == "u")
    #expect(PathNames.lastComponent(of: "a/b/c.peg") == "c.peg")
    #expect(PathNames.lastComponent(of: "shards/r1/") == "r1")
}
