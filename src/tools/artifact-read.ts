// artifact_list and artifact_read (H-60): the agent's canvases and one version's text. Read-only, so they
// never ask and may run again after a restart; read says who wrote the version, so an owner's edit is seen.
import { z } from "zod";
import { decodeImage, type Canvas, type CanvasVersion } from "../models/canvases.ts";
import { canvasLine, missing, port } from "./artifact-port.ts";
import { defineTool } from "./define.ts";

const LIST_MAX = 50;

export const canvasId = z.string().trim().min(1).max(64).describe("The canvas id, as artifact_list shows it.");

export const artifactList = defineTool({
  name: "artifact_list",
  description:
    "List your canvases (documents you and the owner edit together), most recently changed first, with each " +
    "one's id, title, kind and current version.",
  params: z.object({
    limit: z.number().int().min(1).max(LIST_MAX).optional().describe(`How many at most (default 20).`),
  }),
  requiresApproval: false,
  replaySafe: true,
  summarize: () => "canvases",
  async execute(args, ctx) {
    const list = port(ctx).list(args.limit ?? 20);
    if (list.length === 0) return "You have no canvases yet.";
    const here = (c: Canvas) => (c.conversationId === ctx.conversationId ? " [this conversation]" : "");
    return ["Your canvases, most recently changed first:", ...list.map((c) => `- ${canvasLine(c)}${here(c)}`)]
      .join("\n");
  },
});

export const artifactRead = defineTool({
  name: "artifact_read",
  description:
    "Read a canvas: its latest version unless you name an older one. Always read before editing: the owner " +
    "may have changed it since you last wrote it.",
  params: z.object({
    id: canvasId,
    version: z.number().int().min(1).optional().describe("An older version to read (default: the latest)."),
  }),
  requiresApproval: false,
  replaySafe: true,
  summarize: (args) => args.id,
  async execute(args, ctx) {
    const found = port(ctx).read(args.id, args.version);
    if (!found) {
      if (args.version && port(ctx).read(args.id)) {
        throw new Error(`Canvas ${args.id} has no version ${args.version}. Omit version to read the latest.`);
      }
      throw missing(args.id);
    }
    return readText(found.canvas, found.version);
  },
});

/** The header (which version, who wrote it) and the text of one version. */
export function readText(canvas: Canvas, v: CanvasVersion): string {
  const latest = v.version === canvas.version;
  const which = latest ? `version ${v.version} (the latest)` : `version ${v.version} of ${canvas.version}`;
  const who = v.author === "user" ? "the owner" : "you";
  const head = `Canvas ${canvas.id} "${canvas.title}" (${canvas.kind}), ${which}, written by ${who} at ${v.createdAt}.`;
  const note = latest && v.author === "user" ? "\nThe owner edited it after you: build on this text." : "";
  if (canvas.kind === "image") {
    const image = decodeImage(v.content);
    const size = image ? `${image.mime}, ${image.bytes.length} bytes` : "unreadable data";
    return `${head}${note}\nIt is an image (${size}); its picture is not shown here.`;
  }
  return `${head}${note}\n---\n${v.content}`;
}
