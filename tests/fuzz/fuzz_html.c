/* fuzz_html.c — libFuzzer target: the HTML block builder (cvx_html_blocks,
 * libxml2's HTML parser underneath) and the interpreter that reads its blocks. */
#include "fuzz_common.h"

#include "html.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return fuzz_blocks(data, size, cvx_html_blocks, "html"); }
