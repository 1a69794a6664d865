import Foundation
import Logging
import MCP
@preconcurrency import NIOCore
@preconcurrency import NIOHTTP1
@preconcurrency import NIOPosix
import Storage

/// `aihelper mcp serve --http HOST:PORT`: the built-in tools over MCP's Streamable HTTP at
/// `/mcp`, stateless (each POST is answered with JSON; no sessions, no GET stream). One SDK
/// `Server` answers every client. Bodies are capped; with a token, a request without
/// `Authorization: Bearer TOKEN` gets 401.
public enum HTTPToolServer {
    public struct Options: Sendable {
        public var host: String
        public var port: Int
        public var token: String?
        public init(host: String, port: Int, token: String?) { self.host = host; self.port = port; self.token = token }

        /// Loopback: only local `Host` and `Origin` headers (a web page's DNS rebinding must not reach
        /// the tools). Off loopback the bearer token guards it, which no web page can add.
        var validation: any HTTPRequestValidationPipeline {
            let origin: OriginValidator
            if !Options.isLoopback(host), token != nil {
                origin = .disabled
            } else {
                let local = OriginValidator.localhost()
                let own = host.contains(":") ? "[\(host)]" : host
                origin = OriginValidator(allowedHosts: local.allowedHosts + ["\(own):*"], allowedOrigins: local.allowedOrigins + ["http://\(own):*"])
            }
            return StandardValidationPipeline(validators: [origin, AcceptHeaderValidator(mode: .jsonOnly), ContentTypeValidator(),
                                                           ProtocolVersionValidator()])
        }

        /// `HOST:PORT` (`[::1]:PORT` for IPv6). A loopback host is served as it is; any other
        /// only with `allowRemote` and a token, as anyone who reaches it could use the tools.
        public static func parse(_ address: String, allowRemote: Bool, token: String?) throws -> Options {
            guard let colon = address.lastIndex(of: ":"), let port = Int(address[address.index(after: colon)...]), (0...65535).contains(port) else {
                throw Refusal("--http wants HOST:PORT, e.g. 127.0.0.1:8765, not \(address)")
            }
            var host = String(address[..<colon])
            if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            guard !host.isEmpty else { throw Refusal("--http wants HOST:PORT, e.g. 127.0.0.1:8765, not \(address)") }
            let token = token.flatMap { $0.isEmpty ? nil : $0 }
            if !isLoopback(host) {
                guard allowRemote, token != nil else {
                    throw Refusal("\(host) is not a loopback address: anyone who reaches it could read and change your data. "
                                  + "Serve on 127.0.0.1, or add --allow-remote and set AIHELPER_MCP_TOKEN (clients then send Authorization: Bearer TOKEN)")
                }
            }
            return Options(host: host, port: port, token: token)
        }

        static func isLoopback(_ host: String) -> Bool {
            host == "localhost" || host == "::1" || (host.hasPrefix("127.") && host.split(separator: ".").count == 4
                                                     && host.split(separator: ".").allSatisfy { UInt8($0) != nil })
        }
    }

    public struct Refusal: Error, CustomStringConvertible {
        public var description: String
        init(_ text: String) { description = text }
    }

    static let maxBody = 4 << 20

    /// Serves until the process ends; `ready` is told the address bound (port 0 picks one).
    public static func serve(tools: ServedTools, database: AppDatabase, sandbox: URL?, version: String, options: Options,
                             verbose: Bool = false, ready: @Sendable (String, Int) -> Void) async throws {
        var logger = Logger(label: "aihelper.mcp.http") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = verbose ? .debug : .warning
        let transport = StatelessHTTPServerTransport(validationPipeline: options.validation, logger: logger)
        let server = await MCPToolServer.makeServer(tools: tools, database: database, sandbox: sandbox, version: version)
        try await server.start(transport: transport)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.backlog, value: 64)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.pipeline.configureHTTPServerPipeline().flatMap {
                    channel.pipeline.addHandler(RequestHandler(transport: transport, token: options.token))
                }
            }
            .bind(host: options.host, port: options.port).get()
        ready(options.host, channel.localAddress?.port ?? options.port)
        try await channel.closeFuture.get()
    }
}

/// One connection: collects a request (capped), checks path and token, answers through the transport.
private final class RequestHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let transport: StatelessHTTPServerTransport
    private let token: String?
    private var head: HTTPRequestHead?
    private var body = Data()
    private var tooLarge = false

    init(transport: StatelessHTTPServerTransport, token: String?) { self.transport = transport; self.token = token }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let received):
            head = received; body = Data(); tooLarge = false
        case .body(var buffer):
            if body.count + buffer.readableBytes > HTTPToolServer.maxBody { tooLarge = true } else if let bytes = buffer.readBytes(length: buffer.readableBytes) {
                body.append(contentsOf: bytes)
            }
        case .end:
            guard let head else { return }
            self.head = nil
            let request = Self.request(head, body)
            let (transport, token, tooLarge) = (self.transport, self.token, self.tooLarge)
            nonisolated(unsafe) let context = context
            Task {
                let response = await Self.answer(request, path: head.uri, transport: transport, token: token, tooLarge: tooLarge)
                context.eventLoop.execute { self.write(response, version: head.version, context: context) }
            }
        }
    }

    private static func answer(_ request: MCP.HTTPRequest, path: String, transport: StatelessHTTPServerTransport,
                               token: String?, tooLarge: Bool) async -> MCP.HTTPResponse {
        guard path.split(separator: "?").first == "/mcp" else { return .error(statusCode: 404, .invalidRequest("Not Found: the endpoint is /mcp")) }
        if let token, request.header("Authorization") != "Bearer \(token)" {
            return .error(statusCode: 401, .invalidRequest("Unauthorized: Authorization: Bearer TOKEN is required"))
        }
        if tooLarge { return .error(statusCode: 413, .invalidRequest("Payload Too Large: at most \(HTTPToolServer.maxBody >> 20) MB")) }
        return await transport.handleRequest(request)
    }

    private static func request(_ head: HTTPRequestHead, _ body: Data) -> MCP.HTTPRequest {
        var headers: [String: String] = [:]
        for (name, value) in head.headers { headers[name] = headers[name].map { $0 + ", " + value } ?? value }
        return MCP.HTTPRequest(method: head.method.rawValue, headers: headers, body: body.isEmpty ? nil : body,
                               path: String(head.uri.split(separator: "?").first ?? ""))
    }

    private func write(_ response: MCP.HTTPResponse, version: HTTPVersion, context: ChannelHandlerContext) {
        var head = HTTPResponseHead(version: version, status: HTTPResponseStatus(statusCode: response.statusCode))
        for (name, value) in response.headers { head.headers.add(name: name, value: value) }
        let body = response.bodyData ?? Data()
        head.headers.replaceOrAdd(name: "Content-Length", value: "\(body.count)")
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        var buffer = context.channel.allocator.buffer(capacity: body.count)
        buffer.writeBytes(body)
        context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }
}
