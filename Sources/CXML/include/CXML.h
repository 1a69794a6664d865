// libxml2's streaming reader (xmlTextReader), loaded on first use like libcurl (CCurl.h):
// only sync needs XML, so the binary does not list libxml2 and start-up does not load it
// (docs/sync.md, "The libxml2 decision"). The reader is opaque here; the .c file alone
// sees libxml2's headers.
#ifndef AIHELPER_CXML_H
#define AIHELPER_CXML_H

typedef struct aih_xml_reader aih_xml_reader;

// libxml2's node types that matter to callers (xmlReaderTypes).
enum {
    AIH_XML_ELEMENT = 1,
    AIH_XML_TEXT = 3,
    AIH_XML_CDATA = 4,
    AIH_XML_WHITESPACE = 13,
    AIH_XML_SIGNIFICANT_WHITESPACE = 14,
    AIH_XML_END_ELEMENT = 15,
};

/// Loads libxml2 (once, thread-safe). NULL when ready, else a message saying what is missing.
const char *aih_xml_load(void);

/// A reader over `length` bytes at `bytes` (which must outlive it): no network, no entity
/// expansion, no DTD loading. NULL when the reader cannot be made.
aih_xml_reader *aih_xml_reader_new(const char *bytes, int length);
void aih_xml_reader_free(aih_xml_reader *reader);
/// 1 when a node was read, 0 at the end, -1 on an error (malformed XML).
int aih_xml_read(aih_xml_reader *reader);
int aih_xml_node_type(aih_xml_reader *reader);
int aih_xml_depth(aih_xml_reader *reader);
int aih_xml_is_empty_element(aih_xml_reader *reader);
/// The node's local name and namespace URI (NULL when none), and a text node's value.
const char *aih_xml_local_name(aih_xml_reader *reader);
const char *aih_xml_namespace(aih_xml_reader *reader);
const char *aih_xml_value(aih_xml_reader *reader);
/// The current element's attribute `name`, copied into a buffer the reader owns until the next
/// call (NULL when absent).
const char *aih_xml_attribute(aih_xml_reader *reader, const char *name);
#endif
