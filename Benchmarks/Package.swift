// swift-tools-version: 6.1

import PackageDescription

/// The benchmarks of the state machine workbench: dispatch cost, and the
/// command line's cost for long runs.
///
/// A package of its own, so that the workbench's `swift build` and
/// `swift test` never build package-benchmark. Run from this directory:
/// `swift package --allow-writing-to-package-directory benchmark`.
let package = Package(
  name: "Benchmarks",
  dependencies: [
    .package(name: "StateWorkbench", path: ".."),
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    // What every measurement shares: the machines' event streams, the loop
    // that drives them, and what the loop keeps of the outputs.
    .target(
      name: "Harness",
      dependencies: [.product(name: "StateMachines", package: "StateWorkbench")],
      path: "Harness"
    ),
    // The same harness and the same style files, compiled into one module:
    // the machines as an app's own code, in the module of the loop that
    // drives them (whole-module optimised, as `swift build -c release` builds
    // every module), where `handle` and the `emit` closure can be inlined.
    // Its folder holds two symbolic links, `StateMachines` to the library's
    // sources and `Harness` to the harness, so nothing is copied and no
    // style file changes; `OWN_CODE` leaves out the harness's
    // `import StateMachines`, whose types are this module's own here. No
    // flag reaches the library: its Package.swift, and every package that
    // depends on it, build it as before.
    .target(
      name: "OwnCode",
      path: "OwnCode",
      swiftSettings: [.define("OWN_CODE")]
    ),
    // The two configurations side by side, behind one signature: the
    // package's machines through `Harness`, the app's own through `OwnCode`.
    .target(
      name: "Configurations",
      dependencies: ["Harness", "OwnCode"],
      path: "Configurations"
    ),
    .executableTarget(
      name: "DispatchCost",
      dependencies: [
        "Harness",
        "Configurations",
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "DispatchCost",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    // The command line's cost for long runs: reading and running must be
    // linear in the number of events.
    .executableTarget(
      name: "Parsing",
      dependencies: [
        .product(name: "Workbench", package: "StateWorkbench"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Parsing",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    // The same loop, run once under `valgrind --tool=callgrind`: the
    // instructions each style spends per event (scripts/count-instructions).
    .executableTarget(
      name: "InstructionCount",
      dependencies: ["Harness", "Configurations"],
      path: "InstructionCount"
    ),
  ],
  swiftLanguageModes: [.v6]
)
