// Deciding proposals (G-03, G-04): accept writes, rollback puts back the exact previous bytes and refuses once
// the file changed, reject writes nothing, and a note proposal lands on the notes as they are when accepted.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mainFile, MemoryFiles, noteFile } from "../../../src/memory/files.ts";
import {
  acceptMemoryProposal, rejectMemoryProposal, rollbackMemoryProposal,
} from "../../../src/memory/proposals.ts";
import { openStore, type Store } from "../../../src/store/db.ts";
import { countPendingProposals, getProposal, proposeMemory } from "../../../src/store/memory-proposals.ts";
import { TM } from "../../../src/texts/vi-memory.ts";

let root: string;
let store: Store;
let files: MemoryFiles;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "mem-prop-"));
  store = openStore(":memory:");
  files = new MemoryFiles(root);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

// Odd bytes on purpose: CRLF, no final newline, a BOM — rollback must give back exactly these.
const ORIGINAL = "\uFEFF# Coach\r\nGoal: 10 km\r\n  trailing  ";
const memory = () => mainFile("agent", "coach");
const raw = () => readFileSync(files.abs(memory()), "utf8");

function rewrite(newText = "# Coach\nGoal: half marathon\n") {
  return proposeMemory(store, {
    agentId: "coach", scope: "agent", path: memory().path, oldText: ORIGINAL, newText, source: "memory:consolidate",
  });
}

describe("accept and rollback", () => {
  test("accepting a consolidation writes it; rolling back restores the exact previous file", async () => {
    await files.write(memory(), ORIGINAL);
    const p = rewrite();
    const accepted = await acceptMemoryProposal(store, files, p.id);
    expect(accepted).toMatchObject({ ok: true, proposal: { status: "accepted" } });
    expect(raw()).toBe("# Coach\nGoal: half marathon\n");
    expect(countPendingProposals(store)).toBe(0);
    const back = await rollbackMemoryProposal(store, files, p.id);
    expect(back).toMatchObject({ ok: true, proposal: { status: "pending", decidedAt: null } });
    expect(Buffer.from(raw())).toEqual(Buffer.from(ORIGINAL));
  });

  test("a rewrite made against other text is refused and writes nothing", async () => {
    await files.write(memory(), "# Coach\nedited by hand\n");
    const p = rewrite();
    expect(await acceptMemoryProposal(store, files, p.id)).toEqual({ ok: false, status: 409, detail: TM.changedSince });
    expect(raw()).toBe("# Coach\nedited by hand\n");
    expect(getProposal(store, p.id)!.status).toBe("pending");
  });

  test("rollback is refused once the file changed after accept, and for a proposal never accepted", async () => {
    await files.write(memory(), ORIGINAL);
    const p = rewrite();
    await acceptMemoryProposal(store, files, p.id);
    await files.write(memory(), "# Coach\nedited after\n");
    expect(await rollbackMemoryProposal(store, files, p.id))
      .toEqual({ ok: false, status: 409, detail: TM.changedAfterAccept });
    expect(raw()).toBe("# Coach\nedited after\n");
    const q = rewrite("x\n");
    expect(await rollbackMemoryProposal(store, files, q.id)).toMatchObject({ ok: false, status: 409 });
    expect(await rollbackMemoryProposal(store, files, 999)).toMatchObject({ ok: false, status: 404 });
  });

  test("a proposal for a file that did not exist is undone by removing it", async () => {
    const f = noteFile("user", "default", "2026-12-01");
    const p = proposeMemory(store, { agentId: "default", scope: "user", path: f.path, newText: "- 07:00 note\n" });
    await acceptMemoryProposal(store, files, p.id);
    expect(readFileSync(files.abs(f), "utf8")).toBe("- 07:00 note\n");
    await rollbackMemoryProposal(store, files, p.id);
    expect(existsSync(files.abs(f))).toBe(false);
  });
});

describe("notes and decisions", () => {
  test("a note proposal is added to the day's notes as they are when accepted", async () => {
    const f = noteFile("agent", "coach", "2026-12-01");
    await files.write(f, "- 06:00 first\n");
    const p = proposeMemory(store, {
      agentId: "coach", scope: "agent", path: f.path, oldText: "- 06:00 first\n", newText: "- 06:00 first\n- 07:00 job\n",
    });
    await files.append(f, "- 09:00 from chat");
    await acceptMemoryProposal(store, files, p.id);
    expect(await files.read(f)).toBe("- 06:00 first\n- 09:00 from chat\n- 07:00 job\n");
    expect(getProposal(store, p.id)).toMatchObject({
      oldText: "- 06:00 first\n- 09:00 from chat\n", newText: "- 06:00 first\n- 09:00 from chat\n- 07:00 job\n",
    });
    await rollbackMemoryProposal(store, files, p.id);
    expect(await files.read(f)).toBe("- 06:00 first\n- 09:00 from chat\n");
  });

  test("two accepts at once apply the note once; a decided proposal cannot be decided again", async () => {
    const f = noteFile("agent", "coach", "2026-12-01");
    const p = proposeMemory(store, { agentId: "coach", scope: "agent", path: f.path, newText: "- 07:00 once\n" });
    const both = await Promise.all([acceptMemoryProposal(store, files, p.id), acceptMemoryProposal(store, files, p.id)]);
    expect(both.map((d) => d.ok)).toEqual([true, false]);
    expect(await files.read(f)).toBe("- 07:00 once\n");
    expect(await rejectMemoryProposal(store, p.id)).toEqual({ ok: false, status: 409, detail: TM.alreadyDecided });
  });

  test("reject writes nothing; a row naming a file outside memory is never written", async () => {
    const p = rewrite();
    expect(await rejectMemoryProposal(store, p.id)).toMatchObject({ ok: true, proposal: { status: "rejected" } });
    expect(existsSync(files.abs(memory()))).toBe(false);
    const bad = proposeMemory(store, { agentId: "coach", scope: "agent", path: "agents/coach/agent.yaml", newText: "x" });
    expect(await acceptMemoryProposal(store, files, bad.id)).toMatchObject({ ok: false, status: 422 });
    expect(existsSync(join(root, "agents", "coach", "agent.yaml"))).toBe(false);
  });
});
