import Workbench

// All of fsm lives in the Workbench library, where the tests run it in-process.
FSM.executeAndExit()
