import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension PeerServer {
    /// GETs one of the peer's control endpoints (`/_stats`, `/_last_request`) over a plain
    /// socket and decodes its JSON body. Needs no HTTP client, so the benchmarks (which measure
    /// the app's own HTTP engine from the outside) can use it too.
    public func control(_ path: String, timeout: TimeInterval = 5) throws -> [String: Any] {
        guard let object = try controlJSON(path, timeout: timeout) as? [String: Any] else {
            throw StartError(description: "the peer's answer to \(path) was not a JSON object")
        }
        return object
    }

    /// The requests the peer received so far (`/_requests`, the last 200), oldest first.
    public func requests(timeout: TimeInterval = 5) throws -> [[String: Any]] {
        guard let list = try controlJSON("/_requests", timeout: timeout) as? [[String: Any]] else {
            throw StartError(description: "the peer's answer to /_requests was not a JSON array")
        }
        return list
    }

    /// The JSON body of a control endpoint's answer.
    public func controlJSON(_ path: String, timeout: TimeInterval = 5) throws -> Any {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw StartError(description: "socket() failed") }
        defer { close(fd) }
        var tv = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw StartError(description: "cannot connect to the peer on port \(port)") }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        guard send(fd, request, request.count, 0) == request.count else { throw StartError(description: "send failed") }
        var response = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            response += buffer[0..<n]
        }
        let separator = Array("\r\n\r\n".utf8)
        guard let split = (0...max(0, response.count - 4)).first(where: { Array(response[$0..<min(response.count, $0 + 4)]) == separator }),
              let object = try? JSONSerialization.jsonObject(with: Data(response[(split + 4)...])) else {
            throw StartError(description: "the peer's answer to \(path) was not JSON")
        }
        return object
    }
}
