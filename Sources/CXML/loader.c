// See CXML.h: libxml2 resolved with dlopen on first use.
#include "CXML.h"
#include <libxml/xmlreader.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

// Every libxml2 function the wrappers call: name, return type, parameter list.
#define AIH_XML_FUNCTIONS(X) \
    X(xmlInitParser, void, (void)) \
    X(xmlReaderForMemory, xmlTextReaderPtr, (const char *, int, const char *, const char *, int)) \
    X(xmlFreeTextReader, void, (xmlTextReaderPtr)) \
    X(xmlTextReaderRead, int, (xmlTextReaderPtr)) \
    X(xmlTextReaderNodeType, int, (xmlTextReaderPtr)) \
    X(xmlTextReaderDepth, int, (xmlTextReaderPtr)) \
    X(xmlTextReaderIsEmptyElement, int, (xmlTextReaderPtr)) \
    X(xmlTextReaderConstLocalName, const xmlChar *, (xmlTextReaderPtr)) \
    X(xmlTextReaderConstNamespaceUri, const xmlChar *, (xmlTextReaderPtr)) \
    X(xmlTextReaderConstValue, const xmlChar *, (xmlTextReaderPtr)) \
    X(xmlTextReaderMoveToAttribute, int, (xmlTextReaderPtr, const xmlChar *)) \
    X(xmlTextReaderMoveToElement, int, (xmlTextReaderPtr)) \
    X(xmlTextReaderConstString, const xmlChar *, (xmlTextReaderPtr, const xmlChar *))

#define AIH_DECLARE(name, ret, params) static ret (*p_##name) params;
AIH_XML_FUNCTIONS(AIH_DECLARE)

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char load_error[512];
static int loaded;

static void load(void) {
    // AIHELPER_LIBXML2 names another library file (unusual systems, and the tests of a missing one).
    const char *chosen = getenv("AIHELPER_LIBXML2");
    const char *names[] = {"libxml2.so.2", "libxml2.so"};
    void *lib = NULL;
    if (chosen && *chosen) lib = dlopen(chosen, RTLD_NOW | RTLD_LOCAL);
    else for (size_t i = 0; i < sizeof names / sizeof *names && !lib; i++) lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        snprintf(load_error, sizeof load_error,
                 "libxml2 is not installed (%s). Install it: sudo apt-get install libxml2", dlerror());
        return;
    }
#define AIH_RESOLVE(name, ret, params) \
    if (!(*(void **)(&p_##name) = dlsym(lib, #name))) { \
        snprintf(load_error, sizeof load_error, "libxml2 lacks %s: it is too old", #name); \
        return; \
    }
    AIH_XML_FUNCTIONS(AIH_RESOLVE)
    p_xmlInitParser();  // once, before readers are made on several threads
    loaded = 1;
}

const char *aih_xml_load(void) {
    pthread_once(&once, load);
    return loaded ? NULL : load_error;
}

aih_xml_reader *aih_xml_reader_new(const char *bytes, int length) {
    if (aih_xml_load()) return NULL;
    // NONET: never fetch a DTD; no XML_PARSE_NOENT, so entities are not expanded (no billion laughs);
    // NOERROR/NOWARNING: errors come back as -1 from read, not on stderr (the TUI owns the screen).
    int options = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_NOCDATA;
    return (aih_xml_reader *)p_xmlReaderForMemory(bytes, length, NULL, NULL, options);
}

void aih_xml_reader_free(aih_xml_reader *reader) { if (reader) p_xmlFreeTextReader((xmlTextReaderPtr)reader); }
int aih_xml_read(aih_xml_reader *reader) { return p_xmlTextReaderRead((xmlTextReaderPtr)reader); }
int aih_xml_node_type(aih_xml_reader *reader) { return p_xmlTextReaderNodeType((xmlTextReaderPtr)reader); }
int aih_xml_depth(aih_xml_reader *reader) { return p_xmlTextReaderDepth((xmlTextReaderPtr)reader); }
int aih_xml_is_empty_element(aih_xml_reader *reader) { return p_xmlTextReaderIsEmptyElement((xmlTextReaderPtr)reader); }
const char *aih_xml_local_name(aih_xml_reader *reader) { return (const char *)p_xmlTextReaderConstLocalName((xmlTextReaderPtr)reader); }
const char *aih_xml_namespace(aih_xml_reader *reader) { return (const char *)p_xmlTextReaderConstNamespaceUri((xmlTextReaderPtr)reader); }
const char *aih_xml_value(aih_xml_reader *reader) { return (const char *)p_xmlTextReaderConstValue((xmlTextReaderPtr)reader); }

// Moves to the attribute, interns its value in the reader's dictionary (valid as long as the
// reader), and moves back to the element, so no xmlFree is needed.
const char *aih_xml_attribute(aih_xml_reader *reader, const char *name) {
    xmlTextReaderPtr r = (xmlTextReaderPtr)reader;
    if (p_xmlTextReaderMoveToAttribute(r, (const xmlChar *)name) != 1) return NULL;
    const xmlChar *value = p_xmlTextReaderConstString(r, p_xmlTextReaderConstValue(r));
    p_xmlTextReaderMoveToElement(r);
    return (const char *)value;
}
