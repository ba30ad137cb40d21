// swift-tools-version: 6.0
// PerfectPlay: exact solvers for board games. No package dependencies, by design.
import PackageDescription

let optimized: [SwiftSetting] = [.unsafeFlags(["-Ounchecked", "-wmo"], .when(configuration: .release))]

let package = Package(
    name: "PerfectPlay",
    products: [
        .executable(name: "perfectplay", targets: ["perfectplay"]),
    ],
    targets: [
        .target(name: "SolverKit", swiftSettings: optimized),
        .executableTarget(name: "perfectplay", dependencies: ["SolverKit", "Battleship"], swiftSettings: optimized),
        // Feeds mutated inputs to every parser (plain build for CI; -DFUZZING for libFuzzer).
        .executableTarget(name: "perfectplay-fuzz", dependencies: ["SolverKit", "Battleship"]),
        .testTarget(name: "SolverKitTests", dependencies: ["SolverKit"]),
        .testTarget(name: "perfectplayTests", dependencies: ["perfectplay", "SolverKit"]),
        .target(name: "Battleship", dependencies: ["SolverKit"], swiftSettings: optimized),
        .testTarget(name: "BattleshipTests", dependencies: ["Battleship", "SolverKit"]),
    ]
)
