import StateMachines

/// What an SCXML document needs beyond a machine's description: the
/// ECMAScript for the labels the description writes in words.
///
/// A description labels its guards and the work of its effects and
/// activities for a diagram (`code valid`, `count -= 1`, `queued(data)`),
/// and keeps some work unlabelled (the security system's counter starts at
/// 0 on entering `armed`). An SCXML engine has to run them, so this gives,
/// machine by machine, the data each document declares and each label's
/// ECMAScript. A label it does not give is never dropped: the document
/// calls a function of that name, which it does not define, and says so in
/// a comment (`SCXMLDocument`).
///
/// An event's argument reaches the document as `_event.data`: `code`,
/// `count`, `data`, `n`, `state` and `weapon` as the parameter's name, a
/// point as `x` and `y`, and `wait`'s seconds as `seconds`. Codes, data,
/// states and weapons are strings; the others are numbers.
struct SCXMLDatamodel {
  /// One piece of executable content.
  enum Action: Equatable {
    /// An output: `<log label="NAME" expr="DATA"/>`, `DATA` an ECMAScript
    /// expression for the output's data, if it has any.
    case output(String, data: String?)
    /// `<assign location="LOCATION" expr="EXPRESSION"/>`.
    case assign(String, String)
    /// `<script>` with one statement.
    case script(String)
    /// An output for each item of an array: `<foreach>` around `<log>`.
    case outputEach(String, array: String, item: String, data: String)
  }

  /// The data the document declares, `<data id expr>`, in order.
  var data: [(id: String, expression: String)] = []

  /// Functions the conditions call, in a top-level `<script>`.
  var functions: [String] = []

  /// The condition of each guard label, by `event/label` (`/label` for a
  /// transition with no event), else by `label` for every event.
  var guards: [String: String] = [:]

  /// The executable content of each label that is not an output's plain id.
  var actions: [String: [Action]] = [:]

  /// Work a transition does that its label does not name, by `state/event`
  /// or by `event` for every state: run after the labelled effect.
  var unlabelledEffects: [String: [Action]] = [:]

  /// Work an entry activity does that its labels do not name, by state.
  var unlabelledEntries: [String: [Action]] = [:]

  /// The output a guard speaks when it fails where no transition follows,
  /// by `state/event` (the security system's `invalidCode` in `alarm`).
  var failingGuardOutputs: [String: String] = [:]

  /// The guard outputs, by guard label: spoken first in the transition.
  var guardOutputs: [String: String] = [:]

  /// The milliseconds of each delay label that is not a constant (`lines s`).
  var delays: [String: String] = [:]

  /// The conditions of the ways in, by their guard label.
  var entrances: [String: String] = [:]

  /// Notes for the document's opening comment.
  var notes: [String] = []

  /// The ECMAScript of `machine` as configured.
  static func of<M: CatalogMachine>(_ machine: M.Type, _ configuration: M.Configuration) -> Self {
    let any: Any = configuration
    switch M.id {
    case SecuritySystem.id:
      return securitySystem(any as? SecuritySystem.Configuration ?? .init())
    case GumballMachine.id:
      return gumballMachine(any as? GumballMachine.Configuration ?? .init())
    case TCPConnection.id: return tcpConnection
    case RecordCommit.id:
      return recordCommit(any as? RecordCommit.Configuration ?? .init())
    case VideoPlayer.id: return videoPlayer
    case TicketWorkflow.id: return ticketWorkflow
    case DrawingTool.id: return drawingTool
    default: return Self()
    }
  }

  /// The ECMAScript string literal of `text`.
  static func literal(_ text: String) -> String {
    var escaped = "'"
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": escaped += "\\\\"
      case "'": escaped += "\\'"
      case "\n": escaped += "\\n"
      default:
        if scalar.value < 0x20 {
          escaped +=
            "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
            + String(scalar.value, radix: 16)
        } else {
          escaped.unicodeScalars.append(scalar)
        }
      }
    }
    return escaped + "'"
  }

  private static func securitySystem(_ configuration: SecuritySystem.Configuration) -> Self {
    let valid = "_event.data.code === code"
    let invalid = "_event.data.code !== code"
    // The workbench counts the attempt before the check (`attempts + 1`):
    // an SCXML condition is evaluated before any executable content.
    return Self(
      data: [("code", literal(configuration.code)), ("attempts", "0")],
      guards: [
        "code valid": valid,
        "code invalid and attempts > 3": "\(invalid) && attempts + 1 > 3",
        "code invalid and attempts <= 3": "\(invalid) && attempts + 1 <= 3",
      ],
      actions: ["attempts += 1": [.assign("attempts", "attempts + 1")]],
      unlabelledEntries: ["armed": [.assign("attempts", "0")]],
      failingGuardOutputs: ["alarm/reset": "invalidCode", "silentAlarm/reset": "invalidCode"],
      guardOutputs: [
        "code valid": "codeAccepted", "code invalid and attempts > 3": "invalidCode",
        "code invalid and attempts <= 3": "invalidCode",
      ],
      notes: [
        "code is the secret code (fsm option code); attempts counts wrong codes since armed was entered.",
        "The code check speaks (codeAccepted or invalidCode) wherever it runs: each transition "
          + "after the check says it first, and a targetless transition says invalidCode where "
          + "a wrong code changes nothing.",
      ])
  }

  private static func gumballMachine(_ configuration: GumballMachine.Configuration) -> Self {
    Self(
      data: [
        ("count", String(configuration.gumballs)),
        ("winnerPolicy", literal(configuration.winner.rawValue)),
      ],
      functions: [
        """
        function winnerDrawn() {
          return winnerPolicy === 'always' || (winnerPolicy === 'random' && Math.random() < 0.1);
        }
        """
      ],
      guards: [
        "refill/count > 0": "_event.data.count > 0",
        "turnCrank/winner drawn and count > 1": "count > 1 && winnerDrawn()",
        "/count > 0": "count > 0",
        "/count == 0": "count === 0",
      ],
      actions: [
        "count -= 1": [.assign("count", "count - 1")],
        "count -= 2": [.assign("count", "count - 2")],
      ],
      unlabelledEffects: ["refill": [.assign("count", "count + _event.data.count")]],
      entrances: ["gumballs > 0": "count > 0"],
      notes: [
        "count is the gumballs left (fsm option gumballs); winnerPolicy is fsm option winner. With random, "
          + "winnerDrawn() calls Math.random(): the workbench's seeded draw (--seed) is not "
          + "reproduced, so fsm export takes no seed."
      ])
  }

  private static let tcpConnection = Self(
    data: [("queue", "[]")],
    actions: [
      "queued(data)": [
        .output("queued", data: "_event.data.data"), .script("queue.push(_event.data.data);"),
      ],
      "transmit(data)": [.output("transmit", data: "_event.data.data")],
      "transmit(queued)": [
        .outputEach("transmit", array: "queue", item: "item", data: "item"),
        .assign("queue", "[]"),
      ],
    ],
    // A close before the connection is established drops the queue; in the
    // other states that take close the queue is already empty.
    unlabelledEffects: ["close": [.assign("queue", "[]")]],
    notes: ["queue holds the data sent before the connection was established."])

  private static func recordCommit(_ configuration: RecordCommit.Configuration) -> Self {
    Self(
      data: [("loaded", configuration.loaded ? "true" : "false")],
      entrances: ["created in memory": "!loaded", "loaded from the database": "loaded"],
      notes: [
        "loaded: whether the record was loaded from the database (fsm option loaded), which starts it oldClean rather than new."
      ])
  }

  private static let videoPlayer = Self(
    data: [("at", "0"), ("start", "0")],
    functions: [
      """
      function seconds(ms) {
        return String(ms / 1000);
      }
      """
    ],
    guards: ["at > 0": "at > 0"],
    actions: [
      "position(at)": [.output("position", data: "seconds(at)")],
      "position(0)": [.output("position", data: "seconds(0)")],
      "position(now - start)": [.output("position", data: "seconds(now - start)")],
      "start = now - at": [.assign("start", "now - at")],
      "at = 0": [.assign("at", "0")],
      "at = now - start": [.assign("at", "now - start")],
    ],
    notes: [
      "at is the position while paused and start the clock reading at position 0 while "
        + "playing, both in milliseconds; seconds(ms) writes a position as the trace does."
    ])

  private static let ticketWorkflow = Self(
    notes: [
      "moveTo(target) is the event moveTo with _event.data.state the target; a move the "
        + "table does not allow matches no transition."
    ])

  private static let drawingTool = Self(
    data: [("lines", "0"), ("copying", "0")],
    functions: [
      """
      function onPad(point) {
        return point.x >= 0 && point.x < 100 && point.y >= 0 && point.y < 100;
      }
      """
    ],
    guards: [
      "on the pad": "onPad(_event.data)",
      "on the pad and lines > 0": "onPad(_event.data) && lines > 0",
      "lines > 0": "lines > 0",
    ],
    actions: [
      "lines += 1": [.assign("lines", "lines + 1")],
      "lines = 0": [.assign("lines", "0")],
      "lines = n": [.assign("lines", "copying")],
      "linesCopied(n)": [.output("linesCopied", data: "String(copying)")],
    ],
    unlabelledEffects: ["copyLines": [.assign("copying", "_event.data.n")]],
    delays: ["lines s": "lines * 1000"],
    notes: [
      "lines is the lines on the pad; copying is the n of copy(n). The pad is 100 by 100 points."
    ])
}
