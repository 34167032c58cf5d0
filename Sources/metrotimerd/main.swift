import Glibc
import MetroDaemon
import MetroSystem

exit(DaemonMain.main(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.current()))
