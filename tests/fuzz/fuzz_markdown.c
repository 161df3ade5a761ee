/* fuzz_markdown.c — libFuzzer target: the Markdown block builder
 * (cvx_markdown_blocks) and the interpreter that reads its blocks. Bodies
 * over 512 bytes are parsed in pieces (cvx_markdown_piece, 1 MiB in the
 * tool), and paragraph lines over 64 bytes are cut inside and glued again
 * (cvx_markdown_line_piece, 1 MiB in the tool), so that the fuzzer's small
 * inputs reach where pieces are cut. */
#include "fuzz_common.h"

#include "markdown.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  cvx_markdown_piece = 512;
  cvx_markdown_line_piece = 64;
  return fuzz_blocks(data, size, cvx_markdown_blocks, "markdown");
}
