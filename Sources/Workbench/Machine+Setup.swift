import ArgumentParser
import StateMachines

extension CatalogMachine {
  /// Builds the machine, turning a configuration it refuses (`--code abc`)
  /// into a usage error.
  static func build(
    _ style: Style, _ configuration: Configuration
  ) throws(ValidationError) -> any StateMachine<State, Event, Output> {
    do {
      return try make(style, configuration)
    } catch {
      // A one-line message: any control character in it is the user's.
      throw ValidationError(error.message.printable)
    }
  }

  /// Reads every event before any of them runs, so that a mistake anywhere
  /// stops the run before it starts.
  static func parseEvents(_ texts: [String]) throws(ValidationError) -> [Event] {
    var events: [Event] = []
    for text in texts { events.append(try parseEvent(text)) }
    return events
  }

  /// One event as written, as in `disarm:1234`; a usage error that names the
  /// valid events or arguments.
  static func parseEvent(_ text: String) throws(ValidationError) -> Event {
    do {
      return try Event.parse(text)
    } catch {
      throw ValidationError(error.message.printable)
    }
  }

  /// A usage error unless `text` is one of the machine's events: for a
  /// caller that holds the machine only as `any CatalogMachine.Type`.
  static func checkEvent(_ text: String) throws(ValidationError) {
    _ = try parseEvent(text)
  }
}
