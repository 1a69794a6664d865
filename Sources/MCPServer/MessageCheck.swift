import Foundation

/// What `mcp serve` does with one JSON-RPC message read from the client, before the SDK sees
/// it: JSON-RPC 2.0's rules for requests and ids, which the SDK does not keep (it answers an
/// id of null as "", drops ids it cannot hold, and calls a malformed request a parse error).
enum MessageCheck: Equatable {
    /// A response or a notification: on to the SDK, nothing to wait for.
    case pass
    /// A request with a string or integer id: on to the SDK, its answer awaited.
    case request(RawID)
    /// A request whose id is a number the SDK cannot hold (1.5, above 2^63): on to the SDK
    /// under a stand-in id; the answer goes back with this one.
    case standIn(RawID)
    /// Answered here with this error; the SDK does not see it.
    case refuse(code: Int, message: String, id: String?)

    /// `object` is `message` parsed.
    static func check(_ message: Data, _ object: Any) -> MessageCheck {
        guard let object = object as? [String: Any] else {
            return .refuse(code: -32600, message: "Invalid Request: expected a JSON object", id: nil)
        }
        if object["method"] == nil && (object["result"] != nil || object["error"] != nil) { return .pass }
        let id = object["id"] == nil ? nil : RawID.find(in: message)
        if let problem = requestProblem(object) {
            return .refuse(code: -32600, message: "Invalid Request: \(problem)", id: id.flatMap { $0.isEchoable ? $0.text : nil })
        }
        guard let id else { return .pass }
        if id.isEchoable, let problem = paramsProblem(object) {
            return .refuse(code: -32602, message: "Invalid params: \(problem)", id: id.text)
        }
        switch id.kind {
        case .string, .integer: return .request(id)
        case .otherNumber: return .standIn(id)
        case .null:
            return .refuse(code: -32600, message: "Invalid Request: the id is null; an MCP request id is a string or an integer", id: nil)
        case .invalid(let type):
            return .refuse(code: -32600, message: "Invalid Request: the id must be a string or an integer, not \(type)", id: nil)
        }
    }

    /// Why `object` is not a JSON-RPC 2.0 request or notification; nil when it is one.
    private static func requestProblem(_ object: [String: Any]) -> String? {
        if object["jsonrpc"] as? String != "2.0" { return "\"jsonrpc\" must be \"2.0\"" }
        if !(object["method"] is String) { return "\"method\" must be a string" }
        if let params = object["params"], !(params is [String: Any]) && !(params is [Any]) {
            return "\"params\" must be an object or an array"
        }
        return nil
    }

    /// Why a `tools/call` request's params are not `{"name": string, "arguments": object}`
    /// (the SDK calls that an internal error that says only "not in the correct format").
    private static func paramsProblem(_ object: [String: Any]) -> String? {
        guard object["method"] as? String == "tools/call" else { return nil }
        let params = object["params"] as? [String: Any]
        guard params?["name"] is String else { return "tools/call needs params {\"name\": string, \"arguments\": object}; \"name\" is missing or not a string" }
        if let arguments = params?["arguments"], !(arguments is [String: Any]) && !(arguments is NSNull) {
            return "tools/call's \"arguments\" must be an object"
        }
        return nil
    }

    /// An error response; `id` is the request's id as written, nil for `"id": null`.
    static func error(code: Int, _ message: String, id: String? = nil) -> Data {
        let error = (try? JSONSerialization.data(withJSONObject: ["code": code, "message": message])) ?? Data("{}".utf8)
        return Data(#"{"jsonrpc":"2.0","id":\#(id ?? "null"),"error":"#.utf8) + error + Data("}".utf8)
    }
}
