// What image_read and pdf_read share: loading a whole binary file from the workspace under a size cap,
// with the same sentences as the text tools when it is missing, a folder or too big, and the sentence
// that tells the model how vision gets configured when the agent has no vision route.
import { readFileSync } from "node:fs";
import { statOrNull } from "./text-files.ts";

export const NO_VISION_ROUTE =
  "No vision model is configured for this agent, so images cannot be read. Ask the owner to add " +
  "vision_routes (for example `vision_routes: openai:gpt-4.1-mini`) to config.yaml or this agent's agent.yaml, " +
  "with the provider's API key set in Connections.";

export function readBinaryFile(abs: string, shown: string, maxBytes: number): Uint8Array {
  const st = statOrNull(abs);
  if (!st) throw new Error(`No file at ${shown}. Use file_list to see which files exist.`);
  if (st.isDirectory()) throw new Error(`${shown} is a directory, not a file. Use file_list to see what it contains.`);
  if (!st.isFile()) throw new Error(`${shown} is not a regular file (a device, socket or pipe); it cannot be read.`);
  if (st.size > maxBytes) {
    const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
    throw new Error(`${shown} is ${mb(st.size)} MB, over the ${mb(maxBytes)} MB limit for this tool.`);
  }
  return readFileSync(abs);
}
