// Canvases (artifacts) with their version history (H-59, H-60). Every write adds a version;
// createCanvas and addVersion keep canvases.version equal to the newest version row, in one
// transaction each, so history is never rewritten and the current text is always a real version.
import { all, newId, nowIso, one, write, writeReturning, type Store } from "./db.ts";
import type { Canvas, CanvasAuthor, CanvasVersion } from "../models/canvases.ts";

export type { Canvas, CanvasAuthor, CanvasKind, CanvasVersion } from "../models/canvases.ts";

export type NewCanvas = Pick<Canvas, "agentId" | "title" | "kind"> &
  Partial<Pick<Canvas, "id" | "conversationId">> & { content: string; author: CanvasAuthor; runId?: string };

export function createCanvas(store: Store, input: NewCanvas): Canvas {
  return store.tx(() => {
    const at = nowIso();
    const canvas = writeReturning<Canvas>(
      store,
      `INSERT INTO canvases (id, conversation_id, agent_id, title, kind, version, created_at, updated_at)
       VALUES ($id, $conversationId, $agentId, $title, $kind, 1, $at, $at) RETURNING ${COLUMNS}`,
      {
        id: input.id ?? newId(),
        conversationId: input.conversationId ?? null,
        agentId: input.agentId,
        title: input.title,
        kind: input.kind,
        at,
      },
    )!;
    insertVersion(store, canvas.id, 1, input, at);
    return canvas;
  });
}

/** Appends the next version (edit, rewrite, user save) and makes it current; null if unknown. */
export function addVersion(
  store: Store,
  canvasId: string,
  input: { content: string; author: CanvasAuthor; runId?: string; title?: string },
): CanvasVersion | null {
  return store.tx(() => {
    const at = nowIso();
    const bumped = writeReturning<{ version: number }>(
      store,
      `UPDATE canvases SET version = version + 1, updated_at = $at, title = coalesce($title, title)
       WHERE id = $id RETURNING version`,
      { id: canvasId, at, title: input.title ?? null },
    );
    return bumped ? insertVersion(store, canvasId, bumped.version, input, at) : null;
  });
}

export function getCanvas(store: Store, id: string): Canvas | null {
  return one<Canvas>(store, `SELECT ${COLUMNS} FROM canvases WHERE id = $id`, { id });
}

/** A conversation's canvases, most recently changed first. */
export function listCanvases(store: Store, conversationId: string): Canvas[] {
  return all<Canvas>(
    store,
    `SELECT ${COLUMNS} FROM canvases WHERE conversation_id = $conversationId ORDER BY updated_at DESC, id`,
    { conversationId },
  );
}

/** An agent's canvases across its conversations, most recently changed first (what its tools reach). */
export function listAgentCanvases(store: Store, agentId: string, limit: number): Canvas[] {
  return all<Canvas>(
    store,
    `SELECT ${COLUMNS} FROM canvases WHERE agent_id = $agentId ORDER BY updated_at DESC, id LIMIT $limit`,
    { agentId, limit },
  );
}

/** One version, or the current one when `version` is omitted. */
export function getVersion(store: Store, canvasId: string, version?: number): CanvasVersion | null {
  return one<CanvasVersion>(
    store,
    `SELECT ${VERSION_COLUMNS} FROM canvas_versions v
     WHERE canvas_id = $canvasId
       AND version = coalesce($version, (SELECT c.version FROM canvases c WHERE c.id = v.canvas_id))`,
    { canvasId, version: version ?? null },
  );
}

/** The history, oldest first. */
export function listVersions(store: Store, canvasId: string): CanvasVersion[] {
  return all<CanvasVersion>(
    store,
    `SELECT ${VERSION_COLUMNS} FROM canvas_versions WHERE canvas_id = $canvasId ORDER BY version`,
    { canvasId },
  );
}

export function deleteCanvas(store: Store, id: string): boolean {
  return write(store, "DELETE FROM canvases WHERE id = $id", { id }) > 0;
}

function insertVersion(
  store: Store,
  canvasId: string,
  version: number,
  input: { content: string; author: CanvasAuthor; runId?: string },
  at: string,
): CanvasVersion {
  return writeReturning<CanvasVersion>(
    store,
    `INSERT INTO canvas_versions (canvas_id, version, content, author, run_id, created_at)
     VALUES ($canvasId, $version, $content, $author, $runId, $at) RETURNING ${VERSION_COLUMNS}`,
    { canvasId, version, content: input.content, author: input.author, runId: input.runId ?? null, at },
  )!;
}

const COLUMNS = `id, conversation_id AS conversationId, agent_id AS agentId, title, kind, version,
  created_at AS createdAt, updated_at AS updatedAt`;

const VERSION_COLUMNS = `canvas_id AS canvasId, version, content, author, run_id AS runId,
  created_at AS createdAt`;
