import ArgumentParser
import Diagrams

// `String`-backed and `CaseIterable`, so ArgumentParser reads a label style
// by its id and names both, `ids` and `rfc`, in help and in the message for
// an unknown one.
extension LabelStyle: ExpressibleByArgument {}
