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
        .executableTarget(name: "perfectplay", dependencies: ["SolverKit", "Quarto"], swiftSettings: optimized),
        // Feeds mutated inputs to every parser (plain build for CI; -DFUZZING for libFuzzer).
        .executableTarget(name: "perfectplay-fuzz", dependencies: ["SolverKit"]),
        .testTarget(name: "SolverKitTests", dependencies: ["SolverKit"]),
        .testTarget(name: "perfectplayTests", dependencies: ["perfectplay", "SolverKit"]),
        .target(name: "Quarto", dependencies: ["SolverKit"], swiftSettings: optimized),
        .testTarget(name: "QuartoTests", dependencies: ["Quarto", "SolverKit"]),
    ]
)
