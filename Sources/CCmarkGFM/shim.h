#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm-core-extensions.h>

// Debian ships no table.h / strikethrough.h, but libcmark-gfm-extensions exports these.
extern cmark_node_type CMARK_NODE_TABLE;
extern cmark_node_type CMARK_NODE_TABLE_ROW;
extern cmark_node_type CMARK_NODE_TABLE_CELL;
extern cmark_node_type CMARK_NODE_STRIKETHROUGH;

// Read the mutable C globals through functions so Swift 6 strict concurrency accepts them.
static inline cmark_node_type hl_node_type_table(void) { return CMARK_NODE_TABLE; }
static inline cmark_node_type hl_node_type_table_row(void) { return CMARK_NODE_TABLE_ROW; }
static inline cmark_node_type hl_node_type_table_cell(void) { return CMARK_NODE_TABLE_CELL; }
static inline cmark_node_type hl_node_type_strikethrough(void) { return CMARK_NODE_STRIKETHROUGH; }
static inline int hl_opt_default(void) { return CMARK_OPT_DEFAULT; }
