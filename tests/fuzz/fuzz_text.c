/* fuzz_text.c — libFuzzer target: the plain-text block builder
 * (cvx_text_blocks) and the interpreter that reads its blocks. */
#include "fuzz_common.h"

#include "text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return fuzz_blocks(data, size, cvx_text_blocks, "text"); }
