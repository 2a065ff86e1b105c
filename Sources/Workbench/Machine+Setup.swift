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
    for text in texts {
      do {
        events.append(try Event.parse(text))
      } catch {
        throw ValidationError(error.message.printable)
      }
    }
    return events
  }
}
