import Foundation
import Testing

@testable import Workbench

@Suite("fsm serve: the checkout's files the lessons and docs link to")
struct ClassViewCheckoutTests {
  @Test(
    "a relative link resolves from its file to the class view's address, as on GitHub",
    arguments: [
      ("02-three-styles.md", "Lessons/01-finite-state-machines.md", "/lessons/2"),
      ("Exercises/Lesson1.swift", "Lessons/01-a.md", "/lessons/Exercises/Lesson1.swift"),
      ("README.md#exercises", "Lessons/01-a.md", "/lessons/README.md#exercises"),
      ("Exercises/", "Lessons/README.md", "/lessons/Exercises"),
      ("../docs/diagrams", "Lessons/01-a.md", "/docs/diagrams"),
      ("../Benchmarks/README.md", "Lessons/11-a.md", "/Benchmarks/README.md"),
      ("./../README.md", "Lessons/14-a.md", "/README.md"),
      ("Lessons/03-uml-state-diagrams.md", "README.md", "/lessons/3"),
      ("Lessons/README.md#for-authors", "README.md", "/lessons/README.md#for-authors"),
      ("../semantics.md#time", "docs/machines/traffic-light.md", "/docs/semantics.md#time"),
      ("a%20b.md", "docs/README.md", "/docs/a%20b.md"),
      // Left as written: absolute, fragments, schemes, and paths out of the checkout.
      ("https://github.com/x", "README.md", "https://github.com/x"),
      ("mailto:a@b.c", "README.md", "mailto:a@b.c"),
      ("#goal", "Lessons/01-a.md", "#goal"),
      ("/costs", "Lessons/01-a.md", "/costs"),
      ("../../etc/passwd", "Lessons/01-a.md", "../../etc/passwd"),
    ])
  func resolve(link: String, from file: String, address: String) {
    #expect(CheckoutAddresses.resolve(link, from: file) == address)
  }

  @Test("the files the lessons link to are served: exercises highlighted, folders listed")
  func served() throws {
    let client = ClassViewClient()
    let exercise = client.request("GET", "/lessons/Exercises/Lesson1.swift")
    #expect(exercise.status == 200)
    #expect(
      text(of: exercise).contains(#"<span class="k">enum</span> <span class="t">Lesson1</span>"#))
    let diagrams = text(of: client.request("GET", "/docs/diagrams"))
    #expect(diagrams.contains(#"<a href="/docs/diagrams/turnstile.svg">turnstile.svg</a>"#))
    let exercises = text(of: client.request("GET", "/lessons/Exercises/"))
    #expect(exercises.contains(#"<a href="/lessons/Exercises/Checks">Checks/</a>"#))
    for path in ["/README.md", "/Benchmarks/README.md", "/lessons/README.md", "/docs/README.md"] {
      let response = client.request("GET", path)
      #expect(response.status == 200, "\(path)")
      #expect(text(of: response).contains(#"<article class="markdown"><h1 id="#), "\(path)")
    }
    #expect(client.request("GET", "/docs/images/class-view.png").contentType == "image/png")
    #expect(client.request("HEAD", "/README.md").status == 200)
    #expect(client.request("POST", "/README.md").status == 405)
  }

  @Test(
    "nothing outside the checkout, nothing hidden, no other type, one address per file",
    arguments: [
      "/docs/../Package.swift", "/lessons/../README.md", "/docs/diagrams/../../README.md",
      "/.git/config", "/docs/.hidden.md", "/Package.resolved", "/docs/benchmarks/results.json",
      "/Lessons/README.md", "/Lessons/01-finite-state-machines.md", "/docs/nowhere.md",
      "/lessons/Exercises/missing.swift", "/repl",
    ])
  func refused(path: String) throws {
    let response = ClassViewClient().request("GET", path)
    #expect(response.status == 404)
    #expect(response.contentType.hasPrefix("text/html"))
    let message = try errorMessage(of: response)
    #expect(
      message.contains(".md, .swift, .svg or .png") || message.contains("see /, "), "\(message)")
  }

  @Test("a symbolic link out of the checkout is not followed")
  func symbolicLinkOut() throws {
    let checkout = try TemporaryFolder()
    let outside = try TemporaryFolder()
    try "secret".write(toFile: outside.file("secret.md"), atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(
      atPath: checkout.file("docs"), withIntermediateDirectories: false)
    try "# Inside".write(toFile: checkout.file("docs/inside.md"), atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: checkout.file("docs/out"), withDestinationPath: outside.path)
    try FileManager.default.createSymbolicLink(
      atPath: checkout.file("docs/link.md"), withDestinationPath: outside.file("secret.md"))
    let client = ClassViewClient(ClassView(root: checkout.path))
    #expect(client.request("GET", "/docs/inside.md").status == 200)
    #expect(client.request("GET", "/docs/out/secret.md").status == 404)
    #expect(client.request("GET", "/docs/link.md").status == 404)
    #expect(client.request("GET", "/docs/out").status == 404)
  }

  /// The repository's own checkout, where its `.gitignore` files are.
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  /// A checkout with this repository's `.gitignore` files, and what the
  /// workbench generates in it beside files of its own.
  static func generatedCheckout() throws -> TemporaryFolder {
    let checkout = try TemporaryFolder()
    let files = [
      "README.md", "Lessons/README.md", "docs/diagrams/turnstile.svg",
      "tour-output/turnstile.svg", "tour-output/lesson/notes.md", "out/README.md",
      "out/trace.md", "out/run.svg", "diagrams/turnstile.svg", "Benchmarks/README.md",
      "Benchmarks/Results/dispatch-cost.svg", "Benchmarks/Results/summary.md",
    ]
    for file in files {
      let path = checkout.file(file)
      try FileManager.default.createDirectory(
        atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path,
        withIntermediateDirectories: true)
      try "# \(file)".write(toFile: path, atomically: true, encoding: .utf8)
    }
    for ignore in [".gitignore", "Benchmarks/.gitignore"] {
      try FileManager.default.copyItem(
        atPath: repository + "/" + ignore, toPath: checkout.file(ignore))
    }
    return checkout
  }

  @Test(
    "nothing git ignores is served: generated output, its folders, the benchmarks' runs",
    arguments: [
      "/tour-output/turnstile.svg", "/tour-output/lesson/notes.md", "/tour-output",
      "/out/trace.md", "/out/run.svg", "/diagrams/turnstile.svg", "/diagrams",
      "/Benchmarks/Results/dispatch-cost.svg", "/Benchmarks/Results/summary.md",
    ])
  func ignored(path: String) throws {
    let checkout = try Self.generatedCheckout()
    let response = ClassViewClient(ClassView(root: checkout.path)).request("GET", path)
    #expect(response.status == 404)
    #expect(try errorMessage(of: response).contains("nor what git ignores"))
  }

  @Test("what git keeps beside it is served, out/README.md (linked from the lessons) too")
  func keptBesideIgnored() throws {
    let checkout = try Self.generatedCheckout()
    let client = ClassViewClient(ClassView(root: checkout.path))
    for path in [
      "/README.md", "/out/README.md", "/Benchmarks/README.md", "/docs/diagrams/turnstile.svg",
    ] {
      #expect(client.request("GET", path).status == 200, "\(path)")
    }
    let benchmarks = text(of: client.request("GET", "/Benchmarks"))
    #expect(benchmarks.contains(">README.md</a>"))
    #expect(!benchmarks.contains("Results"))
    let out = text(of: client.request("GET", "/out"))
    #expect(out.contains(#"<a href="/out/README.md">README.md</a>"#))
    #expect(!out.contains("trace.md") && !out.contains("run.svg"))
  }

  @Test(
    "git's rules: anchoring, folders only, !, *, ?, [...], ** and a deeper file",
    arguments: [
      // (pattern lines of the root, of sub/, the path, a folder?, ignored?)
      ("/out/*\n!/out/README.md", "", "out/README.md", false, false),
      ("/out/*\n!/out/README.md", "", "out/a.md", false, true),
      ("/out/*\n!/out/README.md", "", "out", true, false),
      ("/out/\n!/out/README.md", "", "out/README.md", false, true),  // Its folder is ignored.
      ("/tour-output/", "", "sub/tour-output/a.md", false, false),  // Anchored.
      ("__pycache__/", "", "sub/deep/__pycache__/a.md", false, true),  // At any depth.
      ("build/", "", "build", false, false),  // A file, not a folder.
      ("*.profraw", "", "sub/default.profraw", false, true),
      ("a?c.md", "", "abc.md", false, true),
      ("a?c.md", "", "a/c.md", false, false),
      ("[a-c]x.md\n[!b]y.md", "", "bx.md", false, true),
      ("[a-c]x.md\n[!b]y.md", "", "by.md", false, false),
      ("[z-a].md", "", "m.md", false, false),  // An empty range, not a trap.
      ("docs/**/gen.md", "", "docs/a/b/gen.md", false, true),
      ("docs/**/gen.md", "", "docs/gen.md", false, true),
      ("docs/**", "", "docs", true, false),
      ("# a comment\n\\#hash.md", "", "#hash.md", false, true),
      ("*.md", "!keep.md", "sub/keep.md", false, false),  // The deeper file decides.
      ("", "/Results/", "sub/Results/run.md", false, true),
      ("", "/Results/", "Results/run.md", false, false),
    ] as [(String, String, String, Bool, Bool)])
  func rules(root: String, sub: String, path: String, isFolder: Bool, ignored: Bool) throws {
    let checkout = try TemporaryFolder()
    try FileManager.default.createDirectory(
      atPath: checkout.file("sub"), withIntermediateDirectories: false)
    try root.write(toFile: checkout.file(".gitignore"), atomically: true, encoding: .utf8)
    try sub.write(toFile: checkout.file("sub/.gitignore"), atomically: true, encoding: .utf8)
    let parts = path.split(separator: "/").map(String.init)
    #expect(GitIgnore(root: checkout.path).ignores(parts, isFolder: isFolder) == ignored)
  }
}
