// artifact_import (H-60): a workspace file becomes a new canvas: an image (by its bytes) an image canvas,
// a text file one of the text kinds (from its extension unless given). Never asks; refused inbound (H-61).
import { readFileSync } from "node:fs";
import { basename, extname } from "node:path";
import { z } from "zod";
import { imageContent, type CanvasKind } from "../models/canvases.ts";
import { canvasLine, port, refuseWrite } from "./artifact-port.ts";
import { canvasTitle } from "./artifact-write.ts";
import { defineTool } from "./define.ts";
import { imageMime } from "./image-kind.ts";
import { mustResolve, refusePath } from "./paths.ts";
import { MAX_TEXT_BYTES, readTextFile, statOrNull } from "./text-files.ts";

const BY_EXTENSION: Record<string, CanvasKind> = {
  ".html": "html", ".htm": "html", ".mmd": "mermaid", ".mermaid": "mermaid", ".svg": "svg",
};

export const artifactImport = defineTool({
  name: "artifact_import",
  description:
    "Make a canvas from a file in your workspace: a PNG, JPEG, GIF or WebP picture becomes an image canvas; a " +
    "text file becomes markdown, html, mermaid or svg (from its extension unless you give kind).",
  params: z.object({
    path: z.string().min(1).describe('The file, relative to the workspace root (for example "report.md").'),
    title: canvasTitle.optional().describe("The canvas title (default: the file name)."),
    kind: z.enum(["markdown", "html", "mermaid", "svg"]).optional()
      .describe("For a text file: what its content is (default: from the extension; markdown otherwise)."),
  }),
  requiresApproval: false,
  refuse: (args, ctx) => refuseWrite(ctx) ?? refusePath(ctx, args.path),
  summarize: (args) => args.path,
  async execute(args, ctx) {
    const canvases = port(ctx);
    const abs = mustResolve(ctx, args.path);
    const title = args.title ?? basename(abs);
    const st = statOrNull(abs);
    if (st?.isFile() && st.size > MAX_TEXT_BYTES) {
      throw new Error(`${args.path} is over the ${MAX_TEXT_BYTES / 1024 / 1024} MB limit for a canvas.`);
    }
    const bytes = st?.isFile() ? new Uint8Array(readFileSync(abs)) : null;
    const mime = bytes && imageMime(bytes);
    if (bytes && mime) {
      const canvas = canvases.create({ title, kind: "image", content: imageContent(mime, bytes) });
      return `Imported ${args.path} as image canvas ${canvasLine(canvas)}.`;
    }
    const text = readTextFile(abs, args.path);
    const kind = args.kind ?? BY_EXTENSION[extname(abs).toLowerCase()] ?? "markdown";
    const canvas = canvases.create({ title, kind, content: text });
    return `Imported ${args.path} as canvas ${canvasLine(canvas)}.`;
  },
});
