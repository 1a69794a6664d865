import Foundation
import XCTest
import Core
import HTTP
import Providers
import TestSupport

/// Everything one call gave: the normalized events, or the error it ended with.
struct Answer: Sendable {
    struct Call: Sendable, Equatable {
        var id: String
        var name: String
        var arguments: String
        var ended: Bool
    }

    var status: Int?
    var headers: [String: String] = [:]
    var events: [StreamEvent] = []
    var error: ProviderError?
    /// How the transfer itself failed, if it did (nil when the HTTP response ended normally).
    var transportError: HTTPError.Kind?
    /// The response body of a failed request (status ≥ 400), or the raw stream otherwise.
    var body = Data()

    var text: String {
        events.compactMap { if case .textDelta(let t) = $0 { return t } else { return nil } }.joined()
    }
    var stop: StopReason? {
        for case .done(let reason) in events.reversed() { return reason }
        return nil
    }
    var usage: (input: Int, output: Int)? {
        for case .usage(let input, let output) in events.reversed() { return (input, output) }
        return nil
    }
    var textDeltaCount: Int {
        events.filter { if case .textDelta = $0 { return true } else { return false } }.count
    }

    /// The tool calls the events describe, assembled by index.
    var toolCalls: [Call] {
        var calls: [Int: Call] = [:]
        var order: [Int] = []
        for event in events {
            switch event {
            case .toolCallStart(let index, let id, let name):
                calls[index] = Call(id: id, name: name, arguments: "", ended: false)
                order.append(index)
            case .toolCallArgumentsDelta(let index, let fragment): calls[index]?.arguments += fragment
            case .toolCallEnd(let index): calls[index]?.ended = true
            default: break
            }
        }
        return order.compactMap { calls[$0] }
    }

    /// A short account for failure messages.
    var summary: String {
        "status \(status.map(String.init) ?? "-"), error \(error.map { "\($0.kind): \($0.message)" } ?? "none"), "
            + "stop \(stop.map { "\($0)" } ?? "none"), text \(text.debugDescription.prefix(300)), \(toolCalls.count) tool call(s)"
    }
}

/// The provider pipeline minus retries: `ProviderWire` request → the real libcurl
/// `HTTPEngine` → `SSEDecoder` / `NDJSONDecoder` → `ProviderWire` parser → `StreamEvent`s.
/// HTTP failures map through `ProviderWire.error`, a cut connection and a cut stream to the
/// errors the parsers and `ProviderErrorMapper` give.
enum Pipeline {
    /// Sends `request` as `settings` say. `body` may change the JSON body first (for fields
    /// `ChatRequest` has no place for, like `tool_choice`); `headers` are added to the request.
    static func run(_ request: ChatRequest, settings: ProviderSettings, headers: [String: String] = [:],
                    body change: (@Sendable (inout [String: JSONValue]) -> Void)? = nil,
                    deadline: Double = 60) async throws -> Answer {
        var wire = ProviderWire.request(request, settings: settings)
        if let change, case .object(var object)? = wire.json {
            change(&object)
            wire.json = .object(object)
        }
        for (name, value) in headers { wire.headers[name.lowercased()] = value }
        let http = HTTPRequest(url: wire.url.absoluteString, method: wire.method,
                               headers: wire.headerLines.map { line in
                                   let colon = line.firstIndex(of: ":")!
                                   return (String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
                               },
                               body: wire.body, connectTimeout: 5, idleTimeout: 30)
        let parser = ProviderWire.parser(for: request, settings: settings)
        return try await withDeadline(deadline) {
            await stream(http, parser: parser, settings: settings)
        }
    }

    private static func stream(_ http: HTTPRequest, parser initial: ProviderStreamParser,
                               settings: ProviderSettings) async -> Answer {
        var answer = Answer()
        var parser = initial
        var sse = SSEDecoder()
        var ndjson = NDJSONDecoder()
        var failed = false   // status ≥ 400: collect the body, map it at the end

        func feed(_ chunk: Data) throws {
            switch parser.framing {
            case .sse:
                for event in sse.feed(chunk) { answer.events += try parser.consume(event: event.event, data: event.data) }
            case .ndjson:
                for line in ndjson.feed(chunk) { answer.events += try parser.consume(line: line) }
            }
        }
        func end() throws {
            switch parser.framing {
            case .sse:
                for event in sse.finish() { answer.events += try parser.consume(event: event.event, data: event.data) }
            case .ndjson:
                for line in ndjson.finish() { answer.events += try parser.consume(line: line) }
            }
            answer.events += try parser.finish()
        }

        do {
            for try await event in HTTPEngine.shared.stream(http) {
                switch event {
                case .head(let head):
                    answer.status = head.status
                    answer.headers = head.headers
                    failed = head.status >= 400
                case .body(let chunk):
                    answer.body.append(chunk)
                    if !failed { try feed(chunk) }
                case .end:
                    if failed {
                        answer.error = ProviderWire.error(status: answer.status ?? 0, body: String(decoding: answer.body, as: UTF8.self),
                                                          headers: answer.headers, settings: settings)
                    } else {
                        try end()
                    }
                }
            }
        } catch let error as ProviderError {
            answer.error = error
        } catch let error as HTTPError {
            answer.transportError = error.kind
            answer.error = map(error, settings: settings)
        } catch {
            answer.error = ProviderError(.network, "unexpected error: \(error)")
        }
        return answer
    }

    /// A transfer failure as a provider error (what the engine's kinds mean for a chat call).
    static func map(_ error: HTTPError, settings: ProviderSettings) -> ProviderError {
        switch error.kind {
        case .connectionLost: return ProviderErrorMapper.truncated(provider: settings.kind)
        case .timeout, .idleTimeout: return ProviderErrorMapper.stalled(provider: settings.kind, seconds: 30)
        case .cancelled: return ProviderErrorMapper.cancelled
        default: return ProviderErrorMapper.network(provider: settings.kind, detail: error.message, host: settings.baseURL.host)
        }
    }
}

extension ProviderSettings {
    /// Settings for a server on loopback: `kind` at `baseURL`, a dummy key unless given.
    static func loopback(_ kind: ProviderKind, _ baseURL: String, model: String, key: String? = "test-key",
                         template: PromptTemplate? = nil) -> ProviderSettings {
        ProviderSettings(kind: kind, baseURL: URL(string: baseURL)!, apiKey: key, model: model, template: template)
    }
}

/// The arguments of a tool call parsed as a JSON object, or a failure naming what came.
func jsonObject(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [String: Any]? {
    guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else {
        XCTFail("not a JSON object: \(text.debugDescription)", file: file, line: line)
        return nil
    }
    return object
}
