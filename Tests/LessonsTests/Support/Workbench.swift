import Foundation

#if canImport(Darwin)
  import Darwin
#endif

/// Why the lessons cannot be compiled here: said plainly, never skipped.
struct SetupError: Error, CustomStringConvertible {
  var description: String

  init(_ description: String) {
    self.description = description
  }
}

/// Where the package, its built modules and the Swift compiler are, and how
/// to compile a program against the modules.
struct Workbench: Sendable {
  /// The library modules a lesson may import, and whose objects it links.
  /// When a library target joins the lessons, add it here (and to the
  /// `LessonsTests` dependencies in Package.swift, so it is built first).
  static let libraryModules = ["StateMachines", "Diagrams"]

  /// Targets whose objects a lesson links but does not import: the fix for
  /// Graphviz 2.43's leak, so that a lesson renders as the workbench does.
  static let linkedTargets = ["CGraphvizFixes"]

  /// The package's root folder (the one with Package.swift).
  let root: URL
  /// The folder of build products: `swift build --show-bin-path`.
  let bin: URL
  /// The folder of `.swiftmodule`s inside `bin`.
  let modules: URL
  /// The Swift compiler driver.
  let swiftc: URL
  /// The object files of `libraryModules`.
  let objects: [String]
  /// Search paths for system libraries: the CGraphviz module map, and
  /// Graphviz's headers and libraries where pkg-config knows them.
  let systemLibraryFlags: [String]

  /// The workbench of this test run, found once.
  static let current = Result { () throws(SetupError) -> Workbench in try locate() }

  /// The workbench, or the reason it cannot be found, as a thrown error
  /// that fails the calling test with a message.
  static func require() throws -> Workbench {
    try current.get()
  }

  /// The path of `url` relative to the root, for messages.
  func relative(_ url: URL) -> String {
    let rootPath = root.standardizedFileURL.path + "/"
    let path = url.standardizedFileURL.path
    return path.hasPrefix(rootPath) ? String(path.dropFirst(rootPath.count)) : path
  }

  // MARK: - Finding things

  private static func locate() throws(SetupError) -> Workbench {
    let environment = ProcessInfo.processInfo.environment
    let root = try packageRoot()
    let bin = try buildDirectory(environment)
    let modules =
      FileManager.default.fileExists(atPath: bin.appending(path: "Modules").path)
      ? bin.appending(path: "Modules") : bin
    let swiftc = try compiler(environment)
    var objects: [String] = []
    for module in libraryModules + linkedTargets {
      objects += try objectFiles(of: module, in: bin)
    }
    return Workbench(
      root: root, bin: bin, modules: modules, swiftc: swiftc, objects: objects,
      systemLibraryFlags: systemLibraryFlags(root))
  }

  /// The folder above this source file that has Package.swift and Lessons/.
  static func packageRoot() throws(SetupError) -> URL {
    var folder = URL(filePath: #filePath).deletingLastPathComponent()
    while folder.path != "/" {
      let manifest = folder.appending(path: "Package.swift").path
      let lessons = folder.appending(path: "Lessons").path
      if FileManager.default.fileExists(atPath: manifest)
        && FileManager.default.fileExists(atPath: lessons)
      {
        return folder
      }
      folder = folder.deletingLastPathComponent()
    }
    throw SetupError(
      "cannot find the package root (a folder with Package.swift and Lessons/) above \(#filePath)")
  }

  /// The build folder: `LESSONS_BUILD_DIR`, or the folder above the running
  /// test binary that holds the built StateMachines module.
  private static func buildDirectory(_ environment: [String: String]) throws(SetupError) -> URL {
    if let path = environment["LESSONS_BUILD_DIR"], !path.isEmpty {
      let url = URL(filePath: path)
      guard hasModule("StateMachines", in: url) else {
        throw SetupError("LESSONS_BUILD_DIR=\(path) holds no StateMachines.swiftmodule")
      }
      return url
    }
    guard let image = imagePath() else {
      throw SetupError(
        "cannot tell where the test binary is (dladdr failed); set LESSONS_BUILD_DIR to the "
          + "folder that `swift build --show-bin-path` prints")
    }
    var folder = URL(filePath: image).deletingLastPathComponent()
    while folder.path != "/" {
      if hasModule("StateMachines", in: folder) { return folder }
      folder = folder.deletingLastPathComponent()
    }
    throw SetupError(
      "no StateMachines.swiftmodule in any folder above the test binary \(image): the build "
        + "products are not where SwiftPM usually puts them. Set LESSONS_BUILD_DIR to the folder "
        + "that `swift build --show-bin-path` prints")
  }

  private static func hasModule(_ module: String, in folder: URL) -> Bool {
    [folder.appending(path: "Modules"), folder].contains { place in
      FileManager.default.fileExists(atPath: place.appending(path: "\(module).swiftmodule").path)
    }
  }

  /// The file this test code was loaded from (the test binary or bundle).
  private static func imagePath() -> String? {
    imagePath(containing: UnsafeRawPointer(#dsohandle))
  }

  /// The path of the executable or library loaded at `address`.
  private static func imagePath(containing address: UnsafeRawPointer) -> String? {
    #if canImport(Darwin)
      var info = Dl_info()
      guard dladdr(address, &info) != 0, let name = info.dli_fname else { return nil }
      return String(cString: name)
    #else
      // Glibc's module does not export dladdr: read the process's memory map.
      guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else {
        return nil
      }
      let target = UInt(bitPattern: address)
      for line in maps.split(separator: "\n") {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count >= 6, fields[5].hasPrefix("/") else { continue }
        let bounds = fields[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
        if bounds.count == 2 && bounds[0] <= target && target < bounds[1] {
          return fields[5...].joined(separator: " ")
        }
      }
      return nil
    #endif
  }

  /// The compiler: `LESSONS_SWIFTC`, the toolchain whose standard library
  /// this test runs on, `swiftc` on the PATH, or `xcrun --find swiftc`.
  private static func compiler(_ environment: [String: String]) throws(SetupError) -> URL {
    if let path = environment["LESSONS_SWIFTC"], !path.isEmpty {
      guard FileManager.default.isExecutableFile(atPath: path) else {
        throw SetupError("LESSONS_SWIFTC=\(path) is not an executable")
      }
      return URL(filePath: path)
    }
    // A toolchain's libswiftCore is in usr/lib/swift/<platform>/; swiftc in usr/bin/.
    let intMetadata = unsafeBitCast(Int.self as Any.Type, to: UnsafeRawPointer.self)
    if let standardLibrary = imagePath(containing: intMetadata) {
      let candidate = URL(filePath: standardLibrary)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "bin/swiftc")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    if let swiftc = Subprocess.onPath("swiftc") { return swiftc }
    if let xcrun = Subprocess.onPath("xcrun"),
      let found = try? shell(xcrun, ["--find", "swiftc"]),
      FileManager.default.isExecutableFile(atPath: found)
    {
      return URL(filePath: found)
    }
    throw SetupError(
      "cannot find the Swift compiler: no swiftc next to the running toolchain, on the PATH, or "
        + "from `xcrun --find swiftc`. Set LESSONS_SWIFTC to the swiftc that built the package")
  }

  /// The objects SwiftPM compiled for `module`, from its output file map.
  private static func objectFiles(of module: String, in bin: URL) throws(SetupError) -> [String] {
    let folder = bin.appending(path: "\(module).build")
    let map = folder.appending(path: "output-file-map.json")
    if let data = try? Data(contentsOf: map),
      let entries = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    {
      let objects = entries.values.compactMap { entry in
        (entry as? [String: Any])?["object"] as? String
      }
      let missing = objects.filter { !FileManager.default.fileExists(atPath: $0) }
      guard missing.isEmpty else {
        throw SetupError("\(module) is not fully built: missing \(missing.joined(separator: ", "))")
      }
      if !objects.isEmpty { return objects.sorted() }
    }
    let listed = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    let objects = listed.filter { $0.hasSuffix(".o") }.map { folder.appending(path: $0).path }
    guard !objects.isEmpty else {
      throw SetupError(
        "no object files for \(module) in \(folder.path): is \(module) a dependency of the "
          + "LessonsTests target in Package.swift, so that `swift test` builds it first?")
    }
    return objects.sorted()
  }

  /// `-I Sources/CGraphviz` and `-I Sources/CGraphvizFixes/include` (the C
  /// modules `Diagrams` imports), plus Graphviz's own folders where
  /// pkg-config knows them (Homebrew puts them outside the default search paths).
  private static func systemLibraryFlags(_ root: URL) -> [String] {
    var flags = [
      "-I", root.appending(path: "Sources/CGraphviz").path,
      "-I", root.appending(path: "Sources/CGraphvizFixes/include").path,
    ]
    if let pkgConfig = Subprocess.onPath("pkg-config") {
      let includes = (try? shell(pkgConfig, ["--cflags-only-I", "libgvc"])) ?? ""
      for flag in includes.split(separator: " ") { flags += ["-Xcc", String(flag)] }
      let libraries = (try? shell(pkgConfig, ["--libs-only-L", "libgvc"])) ?? ""
      for flag in libraries.split(separator: " ") { flags.append(String(flag)) }
    }
    return flags
  }

  /// Runs a quick command synchronously and returns its trimmed output.
  private static func shell(_ executable: URL, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw SetupError("\(executable.path) failed") }
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}

// MARK: - Compiling and running programs against the workbench

extension Workbench {
  /// Compiles `sources` into `executable`, importing and linking the
  /// library modules, in Swift 6 mode with warnings treated as errors.
  func compile(_ sources: [URL], into executable: URL, flags: [String] = []) async throws
    -> ProcessResult
  {
    var arguments =
      ["-swift-version", "6", "-warnings-as-errors", "-module-name", "LessonProgram"]
      + ["-I", modules.path] + systemLibraryFlags + flags + objects + sources.map(\.path)
      + ["-o", executable.path]
    // Each compile keeps its temporary files (the driver's response files and
    // the list of libraries to link automatically) in a folder of its own:
    // with several lessons linking at once in the shared /tmp, a link now and
    // then read a list that was not its own or not yet whole (`undefined
    // reference` to the standard library, or `no such file: 'lpthread'`).
    let temporary = executable.deletingLastPathComponent().appending(path: "tmp-\(UUID())")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: temporary) }
    let environment = ["TMPDIR": temporary.path]
    var result = try await Subprocess.run(swiftc, arguments, environment: environment)
    // Objects built by `swift test --enable-code-coverage` or with a sanitizer
    // need that runtime too; the linker's complaint says which.
    if !result.succeeded, let extra = Self.instrumentation(in: result.stderr) {
      arguments.insert(extra, at: 0)
      result = try await Subprocess.run(swiftc, arguments, environment: environment)
    }
    // Should a link still fail that way, the same command is run again. A
    // lesson that really does not compile fails before the link, so this
    // cannot hide a drift.
    for _ in 0..<2 where !result.succeeded && result.stderr.contains("link command failed") {
      result = try await Subprocess.run(swiftc, arguments, environment: environment)
    }
    return result
  }

  /// Runs a program compiled by `compile`, in `folder` (where an instrumented
  /// program may leave its profile).
  func runProgram(_ executable: URL, in folder: URL) async throws -> ProcessResult {
    try await Subprocess.run(
      executable, [], environment: ["LLVM_PROFILE_FILE": folder.appending(path: "%p.profraw").path],
      in: folder, timeout: .seconds(120))
  }

  private static func instrumentation(in linkerErrors: String) -> String? {
    let runtimes = [
      ("__llvm_profile", "-profile-generate"), ("__asan", "-sanitize=address"),
      ("__tsan", "-sanitize=thread"), ("__ubsan", "-sanitize=undefined"),
    ]
    return runtimes.first { linkerErrors.contains($0.0) }?.1
  }
}
