// artifact_export (H-60, D-21): writes a canvas version to a workspace file, overwriting what is there. A
// file change cannot be undone from the canvas history, so it always asks, whatever autonomy says.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { z } from "zod";
import { decodeImage } from "../models/canvases.ts";
import { TCanvas } from "../texts/vi-canvas.ts";
import { missing, port } from "./artifact-port.ts";
import { canvasId } from "./artifact-read.ts";
import { defineTool } from "./define.ts";
import { mustResolve, refusePath } from "./paths.ts";
import { statOrNull } from "./text-files.ts";

const params = z.object({
  id: canvasId,
  path: z.string().min(1).describe('Where to write it, relative to the workspace root (for example "plan.md"). ' +
    "An existing file there is replaced."),
  version: z.number().int().min(1).optional().describe("Which version (default: the latest)."),
});

export const artifactExport = defineTool({
  name: "artifact_export",
  description:
    "Save a canvas into a workspace file (an image canvas as its picture). Always asks the owner first, " +
    "because it replaces the file.",
  params,
  requiresApproval: true,
  // Never null: the pause is forced even in an autonomous conversation.
  askReason: (args) => TCanvas.exportReason(args.id, args.version, args.path),
  refuse: (args, ctx) => refusePath(ctx, args.path),
  summarize: (args) => `${args.id} → ${args.path}`,
  async execute(args, ctx) {
    const found = port(ctx).read(args.id, args.version);
    if (!found) throw missing(args.id);
    const abs = mustResolve(ctx, args.path);
    if (statOrNull(abs)?.isDirectory()) throw new Error(`${args.path} is a directory. Name a file inside it.`);
    const image = found.canvas.kind === "image" ? decodeImage(found.version.content) : null;
    const data = image ? image.bytes : found.version.content;
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, data);
    return `Wrote version ${found.version.version} of canvas ${found.canvas.id} to ${args.path}.`;
  },
});
