// Canvases (H-59): the shapes the store, the tools, the API and the hub share, and the one function that
// names a canvas as a file (L-48, M-38) for both the web download and Telegram. Image canvases hold a
// base64 data: URL, so the store stays text and the picture keeps its real type.
export const CANVAS_KINDS = ["markdown", "html", "mermaid", "svg", "image"] as const;
export type CanvasKind = (typeof CANVAS_KINDS)[number];
export type CanvasAuthor = "agent" | "user";

export interface Canvas {
  id: string;
  conversationId: string | null;
  agentId: string;
  title: string;
  kind: CanvasKind;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface CanvasVersion {
  canvasId: string;
  version: number;
  content: string;
  author: CanvasAuthor;
  runId: string | null;
  createdAt: string;
}

/** The image types a canvas may hold, by MIME type, with the extension its file keeps. */
export const IMAGE_EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
};

const DATA_URL = /^data:(image\/[a-z]+);base64,([A-Za-z0-9+/]*={0,2})$/;

/** An image canvas's content from its bytes and MIME type. */
export function imageContent(mime: string, bytes: Uint8Array): string {
  return `data:${mime};base64,${Buffer.from(bytes).toString("base64")}`;
}

/** The picture an image canvas holds, or null when its content is not an image data: URL we accept. */
export function decodeImage(content: string): { mime: string; bytes: Uint8Array<ArrayBuffer> } | null {
  const m = DATA_URL.exec(content);
  if (!m || !IMAGE_EXTENSIONS[m[1]!]) return null;
  return { mime: m[1]!, bytes: new Uint8Array(Buffer.from(m[2]!, "base64")) };
}

export type CanvasFile = { name: string; type: string; bytes: Uint8Array<ArrayBuffer>; photo: boolean };

/**
 * A canvas version as a file: markdown keeps `.md`, an image its real extension (shown as a photo), every
 * other kind gets `.<kind>.txt` so it opens as text and never runs (L-48). `title` may come redacted.
 */
export function canvasFile(canvas: Pick<Canvas, "id" | "title" | "kind">, content: string): CanvasFile {
  const base = canvas.title.replace(/[^\p{L}\p{N} ._-]+/gu, "").trim().slice(0, 80) || canvas.id;
  if (canvas.kind === "image") {
    const image = decodeImage(content);
    const ext = image && IMAGE_EXTENSIONS[image.mime];
    if (image) return { name: `${base}.${ext}`, type: image.mime, bytes: image.bytes, photo: true };
  }
  const bytes = new TextEncoder().encode(content);
  if (canvas.kind === "markdown") {
    return { name: `${base}.md`, type: "text/markdown; charset=utf-8", bytes, photo: false };
  }
  return { name: `${base}.${canvas.kind}.txt`, type: "text/plain; charset=utf-8", bytes, photo: false };
}

/** A canvas as the API and the activity stream's `artifact` frames show it. */
export function canvasJson(c: Canvas) {
  return {
    id: c.id,
    conversation_id: c.conversationId,
    agent_id: c.agentId,
    title: c.title,
    kind: c.kind,
    version: c.version,
    created_at: c.createdAt,
    updated_at: c.updatedAt,
  };
}

/** One version; `content` only when asked for (the versions list stays small). */
export function versionJson(v: CanvasVersion, withContent: boolean) {
  const head = { version: v.version, author: v.author, run_id: v.runId, created_at: v.createdAt };
  return withContent ? { ...head, content: v.content } : head;
}
