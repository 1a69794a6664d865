import Foundation

/// The redirect rule of callers that follow redirects themselves (libcurl follows none):
/// headers and credentials go along with a followed request, so only the same origin is
/// followed unless the caller allows more. Used by MCP's remote transport and CalDAV.
public enum HTTPRedirect {
    public enum Verdict: Sendable, Equatable {
        /// Follow to this absolute URL.
        case follow(String)
        /// A 3xx without a Location that makes a URL.
        case noLocation
        /// Another origin, not allowed: the absolute target, for the message.
        case otherHost(String)
    }

    /// Where the 3xx answer `head` to `url` points, and whether to follow it: to the same
    /// scheme, host and port; with `allowUpgrade`, from http to https on the same host; to any
    /// host in `allowedHosts` (lowercased) over the same or a safer scheme.
    public static func verdict(_ head: HTTPResponseHead, from url: String, allowUpgrade: Bool = false,
                               allowedHosts: Set<String> = []) -> Verdict {
        guard let location = head.header("location"), let base = URL(string: url),
              let target = URL(string: location, relativeTo: base)?.absoluteURL else { return .noLocation }
        let scheme = base.scheme?.lowercased(), targetScheme = target.scheme?.lowercased()
        let host = target.host?.lowercased()
        let sameHost = host != nil && host == base.host?.lowercased()
        let sameOrigin = sameHost && targetScheme == scheme && target.port == base.port
        let upgrade = allowUpgrade && sameHost && scheme == "http" && targetScheme == "https"
        let allowed = host.map { allowedHosts.contains($0) } == true && (targetScheme == scheme || targetScheme == "https")
        return sameOrigin || upgrade || allowed ? .follow(target.absoluteString) : .otherHost(target.absoluteString)
    }
}
