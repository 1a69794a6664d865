import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import HTTP

/// Raw loopback sockets for the network failures a server cannot script.
enum LoopbackSocket {
    /// A listening socket on 127.0.0.1 (port chosen by the system) with `backlog`.
    static func listen(backlog: Int32) throws -> (descriptor: Int32, port: Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
                    && Glibc.listen(descriptor, backlog) == 0
            }
        }
        guard ready else {
            close(descriptor)
            throw HTTPError(kind: .other, message: "could not listen on loopback")
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// Starts a connection without waiting for it (non-blocking); returns its descriptor.
    static func connectWithoutWaiting(port: Int) -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        var address = loopback(port: port)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return descriptor
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }
}
