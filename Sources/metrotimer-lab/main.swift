// metrotimer-lab: the accuracy lab. Draws true rides from a world model, runs them through the real engine on
// a virtual clock, and reports how often each alert comes in time (docs/accuracy.md).
import Foundation
import MetroLab
import MetroModel

LabCommand.main(Array(CommandLine.arguments.dropFirst()))
