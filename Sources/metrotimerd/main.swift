import Glibc
import MetroDaemon

var environment: [String: String] = [:]
var cursor = environ
while let entry = cursor.pointee {
    let text = String(cString: entry)
    if let eq = text.firstIndex(of: "=") {
        environment[String(text[..<eq])] = String(text[text.index(after: eq)...])
    }
    cursor += 1
}
exit(DaemonMain.main(arguments: Array(CommandLine.arguments.dropFirst()), environment: environment))
