import CCurl

/// The libcurl this binary runs on ("libcurl/7.88.1 OpenSSL/3.0 ..."), shown by `aihelper --version`.
public enum HTTPLibrary {
    public static var versionDescription: String { String(cString: aih_curl_version()) }
}
