import Workbench
