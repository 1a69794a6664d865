import CXML
import Foundation

/// libxml2's streaming reader (xmlTextReader) over bytes in memory: one node at a time, no
/// tree, so a 50,000-item multistatus costs its bytes and the values read out of it. Names
/// are local names from a namespace-aware parser, so prefixes (`D:`, `d:`, none) do not matter.
/// libxml2 is opened on first use (Sources/CXML; docs/sync.md, "The libxml2 decision").
final class XMLStream {
    enum Node {
        case start(name: String, namespace: String?, empty: Bool)
        case end(name: String, namespace: String?)
        case text(String)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let bytes: UnsafeMutableBufferPointer<CChar>
    private let reader: OpaquePointer

    /// Throws when libxml2 cannot be loaded (with what to install) or the reader not made.
    init(_ data: Data) throws(Failure) {
        if let problem = aih_xml_load() { throw Failure(description: String(cString: problem)) }
        guard data.count < Int(Int32.max) else { throw Failure(description: "the XML document is too large") }
        let copy = UnsafeMutableBufferPointer<CChar>.allocate(capacity: max(1, data.count))
        _ = data.withUnsafeBytes { raw in raw.copyBytes(to: UnsafeMutableRawBufferPointer(copy)) }
        bytes = copy
        guard let made = aih_xml_reader_new(copy.baseAddress, Int32(data.count)) else {
            copy.deallocate()
            throw Failure(description: "libxml2 could not start reading")
        }
        reader = made
    }

    deinit {
        aih_xml_reader_free(reader)
        bytes.deallocate()
    }

    /// The next node that matters (elements, their ends, text), nil at the end of the document.
    /// Throws on malformed XML.
    func next() throws(Failure) -> Node? {
        while true {
            switch aih_xml_read(reader) {
            case 1: break
            case 0: return nil
            default: throw Failure(description: "the XML is malformed")
            }
            switch aih_xml_node_type(reader) {
            case Int32(AIH_XML_ELEMENT):
                return .start(name: Self.string(aih_xml_local_name(reader)) ?? "", namespace: Self.string(aih_xml_namespace(reader)),
                              empty: aih_xml_is_empty_element(reader) == 1)
            case Int32(AIH_XML_END_ELEMENT):
                return .end(name: Self.string(aih_xml_local_name(reader)) ?? "", namespace: Self.string(aih_xml_namespace(reader)))
            case Int32(AIH_XML_TEXT), Int32(AIH_XML_CDATA), Int32(AIH_XML_SIGNIFICANT_WHITESPACE),
                 Int32(AIH_XML_WHITESPACE):
                return .text(Self.string(aih_xml_value(reader)) ?? "")
            default:
                continue
            }
        }
    }

    /// The value of the current element's attribute `name` (no namespace), nil when absent.
    func attribute(_ name: String) -> String? {
        aih_xml_attribute(reader, name).map { String(cString: $0) }
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
