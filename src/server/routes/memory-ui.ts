// Manage → memory's actions (G-03, G-04, M-49): accept, reject and roll back a proposal, answered with the
// queue read back after the action; save a memory file from its editor, only over the text the editor was
// opened on, answered with the editor. Refusals keep what was typed and say why in one sentence.
import { Hono, type Context } from "hono";
import { z } from "zod";
import { partial } from "../../../views/live.ts";
import { decisionFlash, fileCard, proposalsInner } from "../../../views/manage/memory.ts";
import { MASTER } from "../../config/agent-schema.ts";
import { MAIN_MAX_CHARS, mainFile, parseMemoryPath, type MemoryFile } from "../../memory/files.ts";
import {
  acceptMemoryProposal, rejectMemoryProposal, rollbackMemoryProposal, type Decision,
} from "../../memory/proposals.ts";
import { TM, TM_PAGE as TP } from "../../texts/vi-memory.ts";
import type { AppDeps } from "../deps.ts";
import { fileView, memoryPage, rawText, version } from "../memory-data.ts";

const idForm = z.object({ id: z.coerce.number().int().positive() });
const fileForm = z.object({
  scope: z.enum(["user", "agent"]),
  agent: z.string().min(1).max(40),
  version: z.string().regex(/^[0-9a-f]{16}$/),
  text: z.string(),
});

export function memoryUiRoutes(d: AppDeps): Hono {
  const app = new Hono();
  const files = () => d.crew().memory;
  const decide = (path: string, ok: string, act: (id: number) => Promise<Decision>) =>
    app.post(`/manage/memory/${path}`, async (c) => {
      const form = idForm.safeParse(await fields(c));
      if (!form.success) return queue(c, { ok: false, detail: TP.badForm }, 422);
      const r = await act(form.data.id);
      if (!r.ok) return queue(c, { ok: false, detail: r.detail }, r.status);
      d.hub.memoryTouched();
      // Reject leaves the file as it was, and an editor of it may hold typing: only a write refreshes it.
      const f = path === "reject" ? null : parseMemoryPath(r.proposal.path, r.proposal.agentId);
      return queue(c, { ok: true, detail: ok }, 200, f && !f.date ? editor(f) : "");
    });
  type Status = 200 | 404 | 409 | 422;
  const queue = (c: Context, flash: { ok: boolean; detail: string }, status: Status = 200, more = "") => {
    const page = memoryPage(d);
    return c.html(`${proposalsInner(page.pending, page.decided)}${decisionFlash(flash)}${more}`, status);
  };
  /** The editor of a main file a decision rewrote, when the page shows one, so it holds the new text. */
  const editor = (f: MemoryFile): string => {
    if (f.scope === "agent" && !d.crew().get(f.agentId)) return "";
    const id = `#memory-file-${f.scope === "user" ? "user" : f.agentId}`;
    return partial(id, "outerHTML", fileCard(fileView(d, f))).toString();
  };
  decide("accept", TP.acceptedFlash, (id) => acceptMemoryProposal(d.store, files(), id));
  decide("reject", TP.rejectedFlash, (id) => rejectMemoryProposal(d.store, id));
  decide("rollback", TP.rolledBackFlash, (id) => rollbackMemoryProposal(d.store, files(), id));

  app.post("/manage/memory/file", async (c) => {
    const form = fileForm.safeParse(await fields(c));
    if (!form.success) return c.html(alert(TP.badForm), 422);
    const { scope, agent, text: typed } = form.data;
    if (scope === "agent" && !d.crew().get(agent)) return c.html(alert(TP.unknownAgent), 404);
    const f = mainFile(scope, scope === "user" ? MASTER : agent);
    const shown = { ...fileView(d, f), version: form.data.version };
    // A textarea sends CRLF line ends; the file keeps the plain newlines it is read with everywhere else.
    const text = typed.replace(/\r\n?/g, "\n");
    if (text.length > MAIN_MAX_CHARS) return c.html(fileCard(shown, { ok: false, detail: TM.tooLong }, typed), 422);
    const now = rawText(d, f);
    const stale = () => c.html(fileCard(shown, { ok: false, detail: TP.editedMeanwhile }, typed), 409);
    if (version(now) !== form.data.version) return stale();
    if (!(await files().write(f, text, now))) return stale();
    return c.html(fileCard(fileView(d, f), { ok: true, detail: TP.saved }));
  });
  return app;
}

function alert(detail: string) {
  return `<p class="card-warn" role="alert">${detail}</p>`;
}

async function fields(c: Context): Promise<Record<string, unknown>> {
  const form = await c.req.formData().catch(() => new FormData());
  return Object.fromEntries(form);
}
