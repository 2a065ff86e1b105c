/// The cases ExerciseChecksTests gives exercise 13.1's check: crafted
/// results with a cost model, so that the check's judgement is tested
/// whatever the committed results hold (they have no cost model until the
/// benchmarks are next published), and without one.
enum StreamCostCases {
  /// The cell pairs the lesson asks about, as the check names them.
  static let keys = [
    "own-code/turnstile/enum", "turnstile/state-classes", "own-code/record-commit/enum",
    "traffic-light/table", "tcp-connection/state-classes", "own-code/ticket-workflow/enum",
  ]

  /// A program's `main.swift`, compiled with the checks, that prints
  /// `case NAME` and then each problem of the check, indented, for every
  /// case.
  ///
  /// The crafted results answer, key by key, as `right` does: each stream,
  /// each term, and a difference within the noise band all appear. The
  /// package's `turnstile/enum` cells say the opposite of the own code's,
  /// to show that a key finds its configuration's cells.
  static let main = ##"""
    import Foundation

    let cells = #"""
    [
      {"machine": "turnstile", "contender": "enum", "configuration": "own-code",
       "stream": "uniform", "nsPerEvent": 3.5, "instructionsPerEvent": 12,
       "mispredictionsPerEvent": 0.3, "mallocsPerEvent": 0},
      {"machine": "turnstile", "contender": "enum", "configuration": "own-code",
       "stream": "typical", "nsPerEvent": 0.9, "instructionsPerEvent": 12,
       "mispredictionsPerEvent": 0.01, "mallocsPerEvent": 0},
      {"machine": "turnstile", "contender": "enum", "configuration": "package",
       "stream": "uniform", "nsPerEvent": 1, "instructionsPerEvent": 10,
       "mispredictionsPerEvent": 0, "mallocsPerEvent": 0},
      {"machine": "turnstile", "contender": "enum", "configuration": "package",
       "stream": "typical", "nsPerEvent": 30, "instructionsPerEvent": 400,
       "mispredictionsPerEvent": 0, "mallocsPerEvent": 1},
      {"machine": "turnstile", "contender": "state-classes", "configuration": "package",
       "stream": "uniform", "nsPerEvent": 61, "instructionsPerEvent": 658,
       "mispredictionsPerEvent": 0.5, "mallocsPerEvent": 1},
      {"machine": "turnstile", "contender": "state-classes", "configuration": "package",
       "stream": "typical", "nsPerEvent": 58, "instructionsPerEvent": 658,
       "mispredictionsPerEvent": 0.3, "mallocsPerEvent": 0.9},
      {"machine": "record-commit", "contender": "enum", "configuration": "own-code",
       "stream": "uniform", "nsPerEvent": 11.5, "instructionsPerEvent": 21,
       "mispredictionsPerEvent": 0.8, "mallocsPerEvent": 0},
      {"machine": "record-commit", "contender": "enum", "configuration": "own-code",
       "stream": "typical", "nsPerEvent": 5, "instructionsPerEvent": 20,
       "mispredictionsPerEvent": 0.1, "mallocsPerEvent": 0},
      {"machine": "traffic-light", "contender": "table", "configuration": "package",
       "stream": "uniform", "nsPerEvent": 71, "instructionsPerEvent": 686,
       "mispredictionsPerEvent": 0.5, "mallocsPerEvent": 0.45},
      {"machine": "traffic-light", "contender": "table", "configuration": "package",
       "stream": "typical", "nsPerEvent": 21, "instructionsPerEvent": 211,
       "mispredictionsPerEvent": 0.2, "mallocsPerEvent": 0.007},
      {"machine": "tcp-connection", "contender": "state-classes", "configuration": "package",
       "stream": "uniform", "nsPerEvent": 45.9, "instructionsPerEvent": 524,
       "mispredictionsPerEvent": 0.3, "mallocsPerEvent": 0.2},
      {"machine": "tcp-connection", "contender": "state-classes", "configuration": "package",
       "stream": "typical", "nsPerEvent": 54.8, "instructionsPerEvent": 698,
       "mispredictionsPerEvent": 0.3, "mallocsPerEvent": 0.9},
      {"machine": "ticket-workflow", "contender": "enum", "configuration": "own-code",
       "stream": "uniform", "nsPerEvent": 32.9, "instructionsPerEvent": 392,
       "mispredictionsPerEvent": 0.4, "mallocsPerEvent": 0.023},
      {"machine": "ticket-workflow", "contender": "enum", "configuration": "own-code",
       "stream": "typical", "nsPerEvent": 45.4, "instructionsPerEvent": 651,
       "mispredictionsPerEvent": 0.5, "mallocsPerEvent": 0.122}
    ]
    """#

    let models = #"""
    [
      {"configuration": "package", "rSquared": 0.9, "cells": [], "unexplained": [],
       "coefficients": {"nsPerInstruction": 0.05, "nsPerMispredictionUniform": 10,
         "nsPerMispredictionTypical": 4, "nsPerMalloc": 20, "nsPerEvent": 1}},
      {"configuration": "own-code", "rSquared": 0.9, "cells": [], "unexplained": [],
       "coefficients": {"nsPerInstruction": 0.1, "nsPerMispredictionUniform": 8,
         "nsPerMispredictionTypical": 2, "nsPerMalloc": 30, "nsPerEvent": 0.5}}
    ]
    """#

    /// `document`, decoded as the check decodes the committed results.
    func decoded(_ document: String) -> StreamCostResults {
      do {
        return try JSONDecoder().decode(StreamCostResults.self, from: Data(document.utf8))
      } catch {
        fatalError("the crafted results do not decode: \(error)")
      }
    }

    let withModel = decoded(#"{"noiseBand": 0.15, "cells": \#(cells), "costModel": \#(models)}"#)
    let withoutModel = decoded(#"{"noiseBand": 0.15, "cells": \#(cells)}"#)

    // The differences, worked out with the crafted models as a student
    // would: a · ΔI + (b · M_uniform − b′ · M_typical) + c · ΔA.
    let right: [String: Lesson13.Prediction] = [
      "own-code/turnstile/enum": .init(costlier: .uniform, because: .mispredictions, difference: 2.38),
      "turnstile/state-classes": .init(costlier: .neither, because: .mispredictions, difference: 5.8),
      "own-code/record-commit/enum": .init(costlier: .uniform, because: .mispredictions, difference: 6.3),
      "traffic-light/table": .init(costlier: .uniform, because: .instructions, difference: 36.81),
      "tcp-connection/state-classes": .init(costlier: .typical, because: .mallocs, difference: -20.9),
      "own-code/ticket-workflow/enum": .init(costlier: .typical, because: .instructions, difference: -26.67),
    ]

    /// Prints the case's name and the check's problems.
    func show(_ name: String, _ predictions: [String: Lesson13.Prediction], _ results: StreamCostResults) {
      print("case \(name)")
      for problem in streamCostProblems(predictions, in: results) { print("    " + problem) }
    }

    show("right", right, withModel)
    var answers = right
    answers["traffic-light/table"]?.costlier = .typical
    show("one costlier wrong", answers, withModel)
    answers = right
    answers["tcp-connection/state-classes"]?.because = .instructions
    answers["own-code/turnstile/enum"]?.because = .mallocs
    show("two becauses wrong", answers, withModel)
    answers = right
    answers["own-code/ticket-workflow/enum"] = .init(costlier: .neither, because: .mallocs, difference: 0)
    show("both wrong in one", answers, withModel)
    answers = right
    answers["traffic-light/table"]?.difference = 38.9
    show("one difference off", answers, withModel)
    answers = right
    answers["traffic-light/table"]?.difference = 37.1
    show("one difference close enough", answers, withModel)
    answers = right
    answers["traffic-light/table"] = nil
    answers["turnstile/enum"] = .init(costlier: .uniform, because: .instructions, difference: 1)
    show("missing and extra", answers, withModel)
    show("no cost model", right, withoutModel)
    show("no cost model, no keys", [:], withoutModel)
    """##
}
