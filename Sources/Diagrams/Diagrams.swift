// Placeholder until the diagrams issue.
import StateMachines
