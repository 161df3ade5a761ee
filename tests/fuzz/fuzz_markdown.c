/* fuzz_markdown.c — libFuzzer target: the Markdown block builder
 * (cvx_markdown_blocks) and the interpreter that reads its blocks. */
#include "fuzz_common.h"

#include "markdown.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return fuzz_blocks(data, size, cvx_markdown_blocks, "markdown"); }
