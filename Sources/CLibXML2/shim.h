// libxml2's headers include the system ICU when LIBXML_ICU_ENABLED is set, and that ICU clashes
// with the copy Foundation ships. Read the version header first, switch ICU off, then the rest.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/HTMLparser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <libxml/xmlwriter.h>
#include <libxml/xmlerror.h>
