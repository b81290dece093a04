// artifact_create and artifact_rewrite (H-60): a new canvas, or a whole new text for one. Every write is a
// version the owner can go back to, so neither asks (D-21); an inbound turn may not write at all (H-61).
import { z } from "zod";
import { CANVAS_KINDS } from "../models/canvases.ts";
import { canvasLine, missing, port, refuseWrite } from "./artifact-port.ts";
import { canvasId } from "./artifact-read.ts";
import { defineTool } from "./define.ts";

/** The longest text a canvas version may hold from a tool (an image imported from a file may be larger). */
export const CONTENT_MAX_CHARS = 1_000_000;

export const canvasTitle = z.string().trim().min(1).max(200);

const content = z.string().max(CONTENT_MAX_CHARS);

export const artifactCreate = defineTool({
  name: "artifact_create",
  description:
    "Create a canvas: a document shown beside the chat that you and the owner both edit, with its history " +
    "kept. Use it for a plan, a report or a page the owner will reread and change; answer short things in " +
    "the message. Kinds: markdown, html (a page that may load scripts from public CDNs), mermaid (a " +
    "diagram's source) and svg.",
  params: z.object({
    title: canvasTitle.describe("A short title the owner will recognise."),
    kind: z.enum(CANVAS_KINDS.filter((k) => k !== "image") as ["markdown", "html", "mermaid", "svg"])
      .describe("What the content is."),
    content: content.describe("The whole document."),
  }),
  requiresApproval: false,
  refuse: (_args, ctx) => refuseWrite(ctx),
  summarize: (args) => args.title,
  async execute(args, ctx) {
    const canvas = port(ctx).create(args);
    return `Created canvas ${canvasLine(canvas)}. Use its id to edit it later.`;
  },
});

export const artifactRewrite = defineTool({
  name: "artifact_rewrite",
  description:
    "Replace a canvas's whole text with a new version. To change a part, prefer artifact_edit. Read it first: " +
    "the owner may have edited it.",
  params: z.object({
    id: canvasId,
    content: content.describe("The complete new text."),
    title: canvasTitle.optional().describe("A new title (default: keep it)."),
  }),
  requiresApproval: false,
  refuse: (_args, ctx) => refuseWrite(ctx),
  summarize: (args) => args.id,
  async execute(args, ctx) {
    const written = port(ctx).write(args.id, (_latest, canvas) => {
      if (canvas.kind === "image") throw new Error(`Canvas ${args.id} is an image; it has no text to rewrite.`);
      return args.content;
    }, args.title);
    if (!written) throw missing(args.id);
    return `Rewrote canvas ${canvasLine(written.canvas)}.`;
  },
});
