// image_read (H-16): an image file of the workspace (inbox/ included) and a question, sent to the agent's
// vision_routes; the answer comes back as text. The file must really be PNG, JPEG, GIF or WebP (its bytes
// say so, not its name). The reading is a completion charged to the conversation (ctx.vision).
import { z } from "zod";
import { defineTool } from "./define.ts";
import { imageMime } from "./image-kind.ts";
import { NO_VISION_ROUTE, readBinaryFile } from "./media-files.ts";
import { mustResolve, refusePath } from "./paths.ts";

/** Vision APIs refuse larger images (Anthropic at 5 MB after base64, OpenAI at 20 MB). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

const params = z.object({
  path: z
    .string()
    .min(1)
    .describe('Path of the image, relative to the workspace root (for example "inbox/receipt.jpg").'),
  question: z
    .string()
    .min(1)
    .max(2000)
    .describe("What you want to know about the image, e.g. \"What is the total on this receipt?\" or " +
        "\"Describe the photo and copy any text in it.\""),
});

export const imageRead = defineTool({
  name: "image_read",
  description:
    "Look at an image file in your workspace (PNG, JPEG, GIF or WebP, at most 10 MB) by asking a vision model a " +
        "question about it. Returns the model's answer as text. Files sent by the owner are under inbox/.",
  params,
  requiresApproval: false,
  replaySafe: true,
  refuse: (args, ctx) => refusePath(ctx, args.path),
  summarize: (args) => `${args.path}: ${args.question}`,
  async execute(args, ctx) {
    const bytes = readBinaryFile(mustResolve(ctx, args.path), args.path, IMAGE_MAX_BYTES);
    const mime = imageMime(bytes);
    if (!mime) {
      throw new Error(`${args.path} is not an image this tool can read: its content is not PNG, JPEG, GIF or WebP ` +
          `(whatever its name says).`);
    }
    if (!ctx.vision) return NO_VISION_ROUTE;
    const images = [{ mime, data: Buffer.from(bytes).toString("base64") }];
    const answer = await ctx.vision({ purpose: "image", question: args.question, images, signal: ctx.signal });
    if (!answer.ok) throw new Error(`The vision model could not read ${args.path}: ${answer.error}`);
    return answer.text;
  },
});
