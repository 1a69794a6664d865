import XCTest
import TestSupport

/// A CalDAV server over https (Radicale with a certificate made for the test): trusted only
/// through `SSL_CERT_FILE`, as a private CA or a self-signed server must be; untrusted, a
/// clear message and nothing saved (docs/sync.md, Troubleshooting).
final class CLISyncTLSTests: HomeFolderTestCase {
    var runner: CLIRunner { CLIRunner(home: home) }

    /// A self-signed certificate for 127.0.0.1 (openssl, `make test-deps`).
    private func certificate() throws -> (certificate: String, key: String) {
        let certificate = home + "/server.pem", key = home + "/server.key"
        try ExternalTool.run("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                                         "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", certificate],
                             environment: ["PATH": "/usr/bin:/bin"], in: home)
        return (certificate, key)
    }

    func testAnHTTPSServerIsUsedOnlyWhenItsCertificateIsTrusted() throws {
        let tls = try certificate()
        let server = try DAVServer.radicale(user: "me", password: "secret", tls: tls)
        XCTAssertTrue(server.baseURL.hasPrefix("https://127.0.0.1:"))
        let setup = ["sync", "setup", "--url", server.baseURL, "--user", "me", "--name", "tls", "--create"]

        let refused = try runner.run(setup, stdin: "secret\n")
        XCTAssertEqual(refused.status, 1, refused.out + refused.err)
        XCTAssertTrue(refused.err.contains("certificate"), refused.err)
        XCTAssertFalse(refused.err.contains("secret"), "the password is never shown")
        XCTAssertFalse(FileManager.default.fileExists(atPath: home + "/credentials.toml"), "nothing saved when the server failed")

        let trusted = ["SSL_CERT_FILE": tls.certificate]
        let saved = try runner.run(setup, stdin: "secret\n", environment: trusted)
        XCTAssertEqual(saved.status, 0, saved.out + saved.err)
        XCTAssertEqual(try runner.run(["add", "Dentist on 2026-12-01 at 9am"]).status, 0)
        let sync = try runner.run(["sync"], environment: trusted)
        XCTAssertTrue(sync.out.hasPrefix("tls: 0 pulled, 1 pushed, 0 deleted, 0 conflicts, no problems"), sync.out + sync.err)
    }
}
