import Foundation
import MetroModel

/// The real network file as a mutable JSON object.
func networkObject() throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(networkBytes)) as! [String: Any]
}

/// Bytes of a JSON object.
func encode(_ object: [String: Any]) throws -> [UInt8] {
    Array(try JSONSerialization.data(withJSONObject: object))
}
