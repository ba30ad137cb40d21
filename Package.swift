// swift-tools-version: 6.0
// PerfectPlay: exact solvers for board games. No package dependencies, by design.
import PackageDescription

let optimized: [SwiftSetting] = [.unsafeFlags(["-Ounchecked", "-wmo"], .when(configuration: .release))]

// The bitboard searches (Reversi, shogi, peg solitaire) lean on popcount/tzcnt/lzcnt: on x86-64 let the compiler use
// them (x86-64-v3 level, the benchmark machine's kind); about 25% faster than baseline x86-64.
// BMI2 tells the code that PEXT is there too (the debug build targets baseline x86-64).
#if arch(x86_64)
let bitboardSettings: [SwiftSetting] = optimized + [.unsafeFlags(["-target-cpu", "haswell"], .when(configuration: .release)),
                                                    .define("BMI2", .when(configuration: .release))]
#else
let bitboardSettings: [SwiftSetting] = optimized
#endif

/// Per-game build settings and test fixture folders (data, not sources).
let gameSettings: [String: [SwiftSetting]] = ["Reversi": bitboardSettings, "Shogi": bitboardSettings, "PegSolitaire": bitboardSettings]
let testFixtures: [String: [String]] = ["Reversi": ["Fixtures"], "Shogi": ["Fixtures"], "Battleship": ["Fixtures"]]

/// One module a game; each depends on SolverKit only.
let games: [String] = ["PegSolitaire", "Reversi", "Shogi", "Quarto", "Battleship"]

let package = Package(
    name: "PerfectPlay",
    products: [
        .executable(name: "perfectplay", targets: ["perfectplay"]),
        .executable(name: "perfectplay-usi", targets: ["perfectplay-usi"]),
    ],
    targets: [
        .target(name: "SolverKit", swiftSettings: optimized),
        // The catalog of games, shared by every executable and the tests.
        .target(name: "Games", dependencies: ["SolverKit"] + games.map { .target(name: $0) }, swiftSettings: optimized),
        .executableTarget(name: "perfectplay", dependencies: ["SolverKit", "Games"], swiftSettings: optimized),
        // `perfectplay usi` under a name of its own: shogi GUIs start an engine with no arguments.
        .executableTarget(name: "perfectplay-usi", dependencies: ["SolverKit", "Shogi"], swiftSettings: optimized),
        // Feeds mutated inputs to every parser (plain build for CI; -DFUZZING for libFuzzer).
        .executableTarget(name: "perfectplay-fuzz", dependencies: ["SolverKit", "Games"]),
        // Fits the Reversi pattern evaluation's weights (writes PatternWeights+Generated.swift).
        .executableTarget(name: "reversi-train", dependencies: ["SolverKit", "Reversi"], swiftSettings: optimized),
        .testTarget(name: "SolverKitTests", dependencies: ["SolverKit"]),
        .testTarget(name: "perfectplayTests", dependencies: ["perfectplay", "SolverKit", "Games", "Shogi"]),
    ] + games.flatMap { game -> [Target] in [
        .target(name: game, dependencies: ["SolverKit"], swiftSettings: gameSettings[game] ?? optimized),
        .testTarget(name: game + "Tests", dependencies: [.target(name: game), "SolverKit"],
                    exclude: testFixtures[game] ?? []),
    ] }
)
