// The `bun build` flags that make ./my-crew, shared by build.ts and the start-up bench's hello probe
// (test/bench/startup.ts), so the probe is built exactly like the binary it is the floor for.

/**
 * --bytecode: the executable carries JavaScriptCore bytecode, so a start skips parsing (docs/performance.md).
 * Bytecode needs --format=esm to keep --splitting, which leaves what is imported on first use (pdf.js,
 * Readability/turndown, QuickJS, the MCP SDK, node:http) in chunks of their own that a start never loads.
 */
export const COMPILE_FLAGS = [
  "--compile", "--bytecode", "--format=esm", "--splitting",
  "--minify-syntax", "--minify-whitespace", "--sourcemap=none",
];
