import StateMachines
import Testing

@testable import Workbench

@Suite("fsm shell")
struct ShellTests {
  @Test("events print their steps; blank lines are ignored; the end of input ends the shell")
  func events() {
    let result = fsm("shell", "turnstile", input: ["coin", "", "   ", "  pass  ", "pass"])
    #expect(result.status == 0)
    #expect(result.errors.isEmpty)
    #expect(
      result.output
        == text(
          "coin   locked   -> unlocked   fired     unlock",
          "pass   unlocked -> locked     fired     lock",
          "pass   locked   -> locked     fired     alarm"))
  }

  @Test("what the user typed is echoed with its control characters escaped")
  func controlCharacters() {
    let result = fsm(
      "shell", "tcp-connection",
      input: [
        "dan\u{1B}[2Jce", ":bo\u{1B}gus", "style x\u{9B}y", "activeOpen", "receiveSynAck",
        "send:a\u{1B}[31mred",
      ])
    #expect(
      result.output
        == text(
          #"unknown event 'dan\u{1B}[2Jce'; valid events: passiveOpen, activeOpen, send:DATA, "#
            + "close, receiveSyn, receiveSynAck, receiveAck, receiveFin, timeout "
            + "(type help for the events and the shell's commands)",
          #"unknown command ':bo\u{1B}gus'; commands: help, state, style, reset, quit, exit"#,
          #"unknown style 'x\u{9B}y'; valid styles: "#
            + "nested-switch, enum, state-pattern, state-classes, table",
          "activeOpen      closed      -> synSent       fired     createTCB, sendSyn",
          "receiveSynAck   synSent     -> established   fired     sendAck",
          #"send:a\u{1B}[31mred   established -> established   fired     transmit:a\u{1B}[31mred"#))
  }

  @Test("help lists the events with their usage and the commands")
  func help() {
    let result = fsm("shell", "security-system", input: ["help"])
    #expect(
      result.output
        == text(
          "Events for security-system:",
          "  arm",
          "  disarm:CODE",
          "  breach",
          "  panic",
          "  reset:CODE",
          "Commands (also written with a colon, as :reset):",
          "  help          list the events and the commands",
          "  state         show the current state",
          "  style STYLE   switch style, replaying the events that style has not seen",
          "  reset         start again from a fresh machine",
          "  quit          leave the shell (so does the end of input)",
          "  exit          the same as quit",
          "'reset' is an event of security-system; the command is written :reset"))
  }

  @Test(
    "switching style replays the events and keeps the state", arguments: SecuritySystem.styles,
    SecuritySystem.styles)
  func switchStyle(from: Style, to: Style) {
    let result = fsm(
      "shell", "security-system", "--style", from.rawValue,
      input: ["arm", "disarm:0000", "style \(to)", "state", "disarm:1234"])
    // The style in use has run every event already.
    let replay =
      from == to
      ? "no events to replay, it has run all 2" : "replayed 2 events, the trace is identical"
    #expect(
      result.output
        == text(
          "arm           disarmed    -> armed         fired     systemArmed",
          "disarm:0000   armed       -> armed         fired     invalidCode",
          "switched from \(from) to \(to): \(replay); in armed",
          "armed (\(to), 2 events so far)",
          "disarm:1234   armed       -> disarmed      fired     codeAccepted, systemDisarmed"))
  }

  @Test("the replay keeps extended state: three wrong codes, then a switch, then the fourth")
  func replayKeepsTheCounter() {
    let result = fsm(
      "shell", "security-system", "--style", "nested-switch",
      input: ["arm", "disarm:1", "disarm:2", "disarm:3", "style state-pattern", "disarm:4"])
    #expect(
      result.lines.suffix(2) == [
        "switched from nested-switch to state-pattern: replayed 4 events, the trace is identical; in armed",
        "disarm:4      armed       -> alarm         fired     invalidCode, administratorInformed, alarmSounded",
      ])
  }

  @Test("style with nothing to replay, without a name, and with a wrong name")
  func styleMistakes() {
    let result = fsm("shell", "turnstile", input: ["style enum", "style", "style fancy", "state"])
    #expect(
      result.output
        == text(
          "switched from state-pattern to enum: no events to replay; in locked",
          "style needs one of: nested-switch, enum, state-pattern, state-classes, table (now enum)",
          "unknown style 'fancy'; valid styles: nested-switch, enum, state-pattern, state-classes, table",
          "locked (enum, 0 events so far)"))
  }

  @Test("reset starts again from a fresh machine in the same style")
  func reset() {
    let result = fsm(
      "shell", "turnstile", "--style", "enum", input: ["coin", "reset", "state", "pass"])
    #expect(
      result.output
        == text(
          "coin   locked   -> unlocked   fired     unlock",
          "reset: a fresh turnstile in enum, in locked",
          "locked (enum, 0 events so far)",
          "pass   locked   -> locked     fired     alarm"))
  }

  @Test("an event named like a command is the event; the command takes a colon")
  func shadowedCommand() {
    let result = fsm("shell", "security-system", input: ["arm", "reset", ":reset", ":state"])
    #expect(
      result.output
        == text(
          "arm           disarmed    -> armed         fired     systemArmed",
          "event 'reset' needs a code: write reset:CODE (the shell's own reset is written :reset)",
          "reset: a fresh security-system in state-pattern, in disarmed",
          "disarmed (state-pattern, 0 events so far)"))
  }

  @Test("unknown input gets a helpful message and the shell goes on")
  func unknownInput() {
    let result = fsm(
      "shell", "turnstile",
      input: ["dance", "coin:5", ":dance", "state now", "help me", "coin"])
    #expect(result.status == 0)
    #expect(
      result.output
        == text(
          "unknown event 'dance'; valid events: coin, pass (type help for the events and the shell's commands)",
          "event 'coin' takes no argument, but was given '5' (type help for the events and the shell's commands)",
          "unknown command ':dance'; commands: help, state, style, reset, quit, exit",
          "state takes no argument; type help for the commands",
          "help takes no argument; type help for the commands",
          "coin   locked   -> unlocked   fired     unlock"))
  }

  @Test("a weapon the character cannot pick up names bow and gun; she is unchanged")
  func badWeapon() {
    let result = fsm(
      "shell", "game-character", input: ["run", "pickUp:sword", "pickUp", "run:fast", "state"])
    #expect(result.status == 0)
    let help = " (type help for the events and the shell's commands)"
    #expect(
      result.output
        == text(
          "run             standing+unarmed -> running+unarmed    fired     showRunning",
          "'sword' is not a valid weapon for 'pickUp': expected one of bow, gun" + help,
          "event 'pickUp' needs a weapon: write pickUp:WEAPON; expected one of bow, gun" + help,
          "event 'run' takes no argument, but was given 'fast'" + help,
          "running+unarmed (state-pattern, 1 events so far)"))
  }

  @Test(
    "quit and exit leave at once; what follows is not read", arguments: ["quit", "exit", ":quit"])
  func quit(command: String) {
    let result = fsm("shell", "turnstile", input: ["coin", command, "pass"])
    #expect(result.status == 0)
    #expect(result.output == text("coin   locked   -> unlocked   fired     unlock"))
  }

  @Test("at a terminal: a greeting, a prompt with the state, and a new line at the end")
  func interactive() {
    let result = fsm("shell", "turnstile", input: ["coin"], interactive: true)
    #expect(
      result.output
        == "turnstile in state-pattern, in locked. Type an event (coin, pass) or help; "
        + "quit or the end of input leaves.\n"
        + "turnstile[locked]> coin   locked   -> unlocked   fired     unlock\n"
        + "turnstile[unlocked]> \n")
  }

  @Test("a style whose trace differs is reported step by step")
  func differingStyle() throws {
    let capture = Capture()
    var console = scriptedConsole(
      ["coin", "coin", "style enum", "style nested-switch", "state"], interactive: false,
      capture: capture)
    var session = try ShellSession<LopsidedTurnstile>(
      style: .statePattern, configuration: .init())
    session.run(on: &console)
    #expect(
      capture.output
        == text(
          "coin   locked   -> unlocked   fired     unlock",
          "coin   unlocked -> unlocked   fired     thankYou",
          "switched from state-pattern to enum: replayed 2 events, but the trace DIFFERS at step 2:",
          "  state-pattern: coin   unlocked -> unlocked   fired     thankYou",
          "  enum:          coin   unlocked -> unlocked   ignored",
          "now in unlocked",
          "cannot switch to nested-switch: the nested-switch style is not written yet",
          "unlocked (enum, 2 events so far)"))
    #expect(session.style == .enum)
  }

  @Test("each event is replayed at most once per style, however often the style switches")
  func replaysAreLinear() {
    let styles = Turnstile.styles
    var input: [String] = []
    for round in 0..<60 {
      input += ["coin", "pass", "style \(styles[round % styles.count])"]
    }
    input.append("state")
    let result = fsm(["shell", "turnstile"], input: input)
    let switches = result.lines.filter { $0.hasPrefix("switched from ") }
    #expect(switches.count == 60)
    #expect(!switches.contains { $0.contains("DIFFERS") })
    let replayed = switches.compactMap { line in
      line.firstMatch(of: /replayed (\d+) events?/).flatMap { Int($0.1) }
    }
    // Quadratic replaying, every event again at every switch, is 3,660 here.
    #expect(replayed.reduce(0, +) <= styles.count * 120)
    #expect(result.lines.last == "locked (\(styles[59 % styles.count]), 120 events so far)")
  }

  @Test("a style switched back to replays only what it has not run, and still finds a difference")
  func switchBack() throws {
    let capture = Capture()
    var console = scriptedConsole(
      ["coin", "coin", "style enum", "coin", "style state-pattern", "pass", "style enum"],
      interactive: false, capture: capture)
    var session = try ShellSession<LopsidedTurnstile>(
      style: .statePattern, configuration: .init())
    session.run(on: &console)
    #expect(
      capture.lines.suffix(7) == [
        "coin   unlocked -> unlocked   ignored",
        "switched from enum to state-pattern: replayed 1 event it had not seen, but the trace "
          + "DIFFERS at step 3:",
        "  enum:          coin   unlocked -> unlocked   ignored",
        "  state-pattern: coin   unlocked -> unlocked   fired     thankYou",
        "now in unlocked",
        "pass   unlocked -> locked     fired     lock",
        "switched from state-pattern to enum: replayed 1 event it had not seen, the trace is "
          + "identical; in locked",
      ])
  }
}
