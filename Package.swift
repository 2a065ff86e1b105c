// swift-tools-version: 6.1

import PackageDescription

let package = Package(
  name: "StateWorkbench",
  products: [
    .library(name: "StateMachines", targets: ["StateMachines"]),
    .library(
      name: "SecuritySystemRevisions",
      targets: ["SecuritySystemR1", "SecuritySystemR2", "SecuritySystemR3", "SecuritySystemR4"]),
    .library(name: "GameCharacterRevisions", targets: ["GameCharacterR1", "GameCharacterR2"]),
    .library(name: "Diagrams", targets: ["Diagrams"]),
    // One shared library with both modules, loaded by the REPL (`./repl`).
    .library(name: "WorkbenchREPL", type: .dynamic, targets: ["StateMachines", "Diagrams"]),
    .library(name: "Workbench", targets: ["Workbench"]),
    .executable(name: "fsm", targets: ["fsm"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // `swift package generate-documentation`: the library's DocC catalog, built in CI.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    // Generated inputs for the tests that no input traps `fsm` (test target only).
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    // Reads the benchmarks' influx CSV export (quoted fields, CRLF) for `fsm compare`.
    .package(url: "https://github.com/yaslab/CSV.swift", exact: "2.5.2"),
    // The diagrams' DOT pinned as reviewed snapshots (test target only).
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    // The class view's web server (`fsm serve`): Hummingbird's core on SwiftNIO.
    // A classroom's network is hostile, and SwiftNIO's HTTP parser reads each
    // byte once and bounds the head, Hummingbird streams bodies, and both
    // let a channel handler of ours answer 414/431/408 and close slow or
    // greedy clients (Serve/RequestGuard.swift). FlyingFox, used before,
    // re-scanned a header line at every byte (a 64 KB line froze a worker)
    // and parsed the rest of a refused body as the next request. Only
    // HummingbirdCore is used (no router, no configuration trait): the class
    // view routes its own paths.
    .package(
      url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1", traits: []),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    // Reads the styles' source structure for the class view's code marks.
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
  ],
  targets: [
    .target(name: "StateMachines"),
    // The security system's first four revisions (lesson 6), one module each,
    // so that every file reads exactly as it did then; the fifth is StateMachines.
    .target(
      name: "SecuritySystemR1", dependencies: ["StateMachines"],
      path: "Sources/SecuritySystemRevisions/Revision1"),
    .target(
      name: "SecuritySystemR2", dependencies: ["StateMachines"],
      path: "Sources/SecuritySystemRevisions/Revision2"),
    .target(
      name: "SecuritySystemR3", dependencies: ["StateMachines"],
      path: "Sources/SecuritySystemRevisions/Revision3"),
    .target(
      name: "SecuritySystemR4", dependencies: ["StateMachines"],
      path: "Sources/SecuritySystemRevisions/Revision4"),
    // The game character's first two revisions (movement without sliding,
    // then with it), likewise; the third, with the weapon, is StateMachines.
    .target(
      name: "GameCharacterR1", dependencies: ["StateMachines"],
      path: "Sources/GameCharacterRevisions/Revision1"),
    .target(
      name: "GameCharacterR2", dependencies: ["StateMachines"],
      path: "Sources/GameCharacterRevisions/Revision2"),
    .systemLibrary(
      name: "CGraphviz",
      pkgConfig: "libgvc",
      providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
    ),
    // Graphviz 2.43's HTML-like label code leaks on every render; this
    // replaces the one function at fault (see its source).
    .target(name: "CGraphvizFixes", dependencies: ["CGraphviz"]),
    .target(name: "Diagrams", dependencies: ["StateMachines", "CGraphviz", "CGraphvizFixes"]),
    // GitHub's own Markdown renderer (cmark-gfm and its extensions), for the
    // lessons and docs the class view shows: they read there as on GitHub.
    // Debian's libcmark-gfm.pc links the extensions too; the module map
    // names both for systems whose .pc does not.
    .systemLibrary(
      name: "CCmarkGFM",
      pkgConfig: "libcmark-gfm",
      providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]
    ),
    .target(
      name: "Workbench",
      dependencies: [
        "StateMachines",
        "Diagrams",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "CSV", package: "CSV.swift"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
        .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        "CCmarkGFM",
      ],
      // The class view's JavaScript and CSS, served from the checkout (Serve/Assets.swift).
      exclude: ["Serve/Assets"]
    ),
    .executableTarget(name: "fsm", dependencies: ["Workbench"]),
    // The conformance checks, written once for the machines and the revisions.
    .target(name: "ConformanceSupport", dependencies: ["StateMachines"], path: "Tests/Support"),
    .testTarget(
      name: "StateMachinesTests",
      dependencies: ["StateMachines", "ConformanceSupport", "Workbench"]),
    .testTarget(
      name: "DiagramsTests",
      dependencies: [
        "Diagrams", "StateMachines", "Workbench",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "WorkbenchTests",
      dependencies: [
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        "Workbench", "StateMachines", "Diagrams",
        .product(name: "PropertyBased", package: "swift-property-based"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOEmbedded", package: "swift-nio"),
      ],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "RevisionsTests",
      dependencies: [
        "StateMachines", "SecuritySystemR1", "SecuritySystemR2", "SecuritySystemR3",
        "SecuritySystemR4", "GameCharacterR1", "GameCharacterR2", "Workbench",
        "ConformanceSupport",
      ]),
    // Compiles and runs every lesson against the built modules, so they must be built first.
    .testTarget(name: "LessonsTests", dependencies: ["StateMachines", "Diagrams"]),
    // The student's exercises and their checks: `swift run exercises 1.2`.
    .executableTarget(
      name: "exercises", dependencies: ["StateMachines"], path: "Lessons/Exercises"),
  ],
  swiftLanguageModes: [.v6]
)
