import Foundation

/// Finds the checkout of the workbench that `fsm` reads its own files from:
/// the machines' sources (`compare`'s code size, the class view's code
/// panes), the benchmark results, the security system's revisions and the
/// lessons.
///
/// Without it, `fsm` run from any other folder could not find them. It looks,
/// in order, at:
/// 1. `FSM_ROOT`, when it is set: that folder, and no other;
/// 2. the current folder, then each folder above it;
/// 3. the checkout `fsm` was built from, which `swift run` and
///    `.build/debug/fsm` come from.
///
/// A folder holds the workbench when it has `Package.swift` and
/// `Sources/StateMachines`.
public enum WorkbenchRoot {
  /// The environment variable that names the checkout.
  public static let variable = "FSM_ROOT"

  /// What a folder must hold to be the workbench's checkout.
  static let markers = ["Package.swift", "Sources/StateMachines"]

  /// The checkout this file was compiled in: `Sources/Workbench/Files/`
  /// under it.
  static let builtFrom = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

  /// The workbench's checkout: `.` when it is the current folder, so that
  /// paths under it read as they always have, else its path.
  ///
  /// - Throws: `NotFound`, whose message names every place looked and how
  ///   to point `fsm` at a checkout.
  public static func locate() throws(NotFound) -> String {
    try locate(
      environment: ProcessInfo.processInfo.environment[variable],
      currentFolder: FileManager.default.currentDirectoryPath, builtFrom: builtFrom)
  }

  /// `locate()` with the places to look given: for the tests.
  static func locate(
    environment: String?, currentFolder: String, builtFrom: String
  ) throws(NotFound) -> String {
    if let environment, !environment.isEmpty {
      guard holdsWorkbench(environment) else { throw NotFound(environment: environment) }
      return environment
    }
    let start = URL(fileURLWithPath: currentFolder).standardizedFileURL
    var folder = start
    var looked: [String] = []
    while true {
      looked.append(folder.path)
      if holdsWorkbench(folder.path) { return folder == start ? "." : folder.path }
      let parent = folder.deletingLastPathComponent()
      guard parent.path != folder.path else { break }
      folder = parent
    }
    guard holdsWorkbench(builtFrom) else { throw NotFound(looked: looked, builtFrom: builtFrom) }
    return builtFrom
  }

  /// `relative` under `root`: as it is when `root` is the current folder.
  static func path(_ relative: String, in root: String) -> String {
    root == "." ? relative : OutputPath.join(root, relative)
  }

  /// Whether `folder` holds every one of `markers`.
  private static func holdsWorkbench(_ folder: String) -> Bool {
    markers.allSatisfy { FileManager.default.fileExists(atPath: OutputPath.join(folder, $0)) }
  }

  /// No checkout of the workbench where `fsm` looked.
  public struct NotFound: Error, CustomStringConvertible, Sendable {
    /// `FSM_ROOT`, when it was set: the one place looked.
    var environment: String?

    /// The current folder and those above it, in the order looked.
    var looked: [String] = []

    /// The checkout `fsm` was built from, looked at last.
    var builtFrom = ""

    /// What was looked for, where, and how to point `fsm` at a checkout.
    public var description: String {
      let markers = WorkbenchRoot.markers.joinedAsList(conjunction: "and")
      if let environment {
        return "cannot find the workbench: \(variable) is '\(environment.printable)', which "
          + "holds no \(markers); set \(variable) to a checkout of the workbench, or unset it"
      }
      return "cannot find the workbench (a folder with \(markers)): looked in the current "
        + "folder and those above it (\(looked.map(\.printable).joinedAsList(conjunction: "and"))) "
        + "and in the checkout fsm was built from (\(builtFrom.printable)); run fsm from a "
        + "checkout of the workbench, or set \(variable) to one"
    }
  }
}
