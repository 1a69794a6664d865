// cmark-gfm, GitHub's CommonMark parser with the GFM extensions (Debian: libcmark-gfm-dev,
// libcmark-gfm-extensions-dev), as a system library: swift-cmark does not resolve here.
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
