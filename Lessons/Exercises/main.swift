// Checks your answers to the lessons' exercises:
//
//     swift run exercises 1.2    one exercise
//     swift run exercises 1      every exercise of lesson 1
//     swift run exercises        every exercise
//     swift run exercises 1.2 --hint
//                                the same, with a hint where one is unsolved
//
// Each check runs your code in this folder and lists what is still wrong,
// without telling you the answer.
// The exit status is 0 only when every exercise checked is solved.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let arguments = CommandLine.arguments.dropFirst()
let wantsHints = arguments.contains("--hint")
let wanted = arguments.first { $0 != "--hint" }
let chosen = ExerciseCheck.all.filter { check in
  guard let wanted else { return true }
  return check.id == wanted || check.id.hasPrefix(wanted + ".")
}

if chosen.isEmpty {
  let ids = ExerciseCheck.all.map(\.id).joined(separator: ", ")
  print("no exercise '\(wanted ?? "")': the exercises are \(ids), or a lesson number")
  exit(2)
}

var unsolved = 0
for check in chosen {
  let problems = check.problems()
  if problems.isEmpty {
    print("✓ exercise \(check.id) (\(check.title)): solved")
  } else {
    unsolved += 1
    print("✗ exercise \(check.id) (\(check.title)): not solved yet")
    for problem in problems {
      print("    " + problem.split(separator: "\n").joined(separator: "\n    "))
    }
    if let hint = check.hint {
      if wantsHints {
        print("    hint:")
        for line in terminalLines(ofHint: hint) { print(line.isEmpty ? "" : "      " + line) }
      } else {
        print("    (stuck? swift run exercises \(check.id) --hint)")
      }
    }
  }
}
exit(unsolved == 0 ? 0 : 1)
