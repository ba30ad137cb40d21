// swift-tools-version: 6.0
// PerfectPlay: exact solvers for board games. No package dependencies, by design.
import PackageDescription

let optimized: [SwiftSetting] = [.unsafeFlags(["-Ounchecked", "-wmo"], .when(configuration: .release))]

// Reversi's bitboard search leans on popcount/tzcnt/lzcnt: on x86-64 let the compiler use
// them (x86-64-v3 level, the benchmark machine's kind); about 25% faster than baseline x86-64.
#if arch(x86_64)
let reversiSettings: [SwiftSetting] = optimized + [.unsafeFlags(["-target-cpu", "haswell"], .when(configuration: .release))]
#else
let reversiSettings: [SwiftSetting] = optimized
#endif

let package = Package(
    name: "PerfectPlay",
    products: [
        .executable(name: "perfectplay", targets: ["perfectplay"]),
    ],
    targets: [
        .target(name: "SolverKit", swiftSettings: optimized),
        .executableTarget(name: "perfectplay", dependencies: ["SolverKit", "Reversi"], swiftSettings: optimized),
        // Feeds mutated inputs to every parser (plain build for CI; -DFUZZING for libFuzzer).
        .executableTarget(name: "perfectplay-fuzz", dependencies: ["SolverKit"]),
        .testTarget(name: "SolverKitTests", dependencies: ["SolverKit"]),
        .testTarget(name: "perfectplayTests", dependencies: ["perfectplay", "SolverKit"]),
        .target(name: "Reversi", dependencies: ["SolverKit"], swiftSettings: reversiSettings),
        .testTarget(name: "ReversiTests", dependencies: ["Reversi", "SolverKit"], exclude: ["Fixtures"]),
    ]
)
