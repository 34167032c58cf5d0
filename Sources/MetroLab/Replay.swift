enum Replay { static func main(_ args: [String]) throws {} }
