// The seven canvas tools (H-60, H-61, D-21) over the turn's real port and store: the writing tools never
// ask, artifact_export always asks (autonomous too), read says who wrote a version so the agent builds on the
// owner's edit, another agent's canvas is out of reach, and every write sends an `artifact` frame.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ActivityHub, type Signal } from "../../../src/activity/hub.ts";
import { gate } from "../../../src/agent/gate.ts";
import { addVersion, createCanvas, getCanvas, listVersions } from "../../../src/store/canvases.ts";
import type { Conversation } from "../../../src/store/conversations.ts";
import { artifactEdit } from "../../../src/tools/artifact-edit.ts";
import { artifactExport } from "../../../src/tools/artifact-export.ts";
import { artifactImport } from "../../../src/tools/artifact-import.ts";
import { artifactList, artifactRead } from "../../../src/tools/artifact-read.ts";
import { artifactCreate, artifactRewrite } from "../../../src/tools/artifact-write.ts";
import { builtinTools } from "../../../src/tools/builtin.ts";
import { canvasPort } from "../../../src/turns/canvas-port.ts";
import { conversation, memStore } from "../store/helpers.ts";
import { context, failure, put, refusal, run, tempDir } from "./helpers.ts";

const WRITERS = [artifactCreate, artifactEdit, artifactRewrite, artifactImport];
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

function turn(extra: Partial<Conversation> = {}) {
  const store = memStore();
  const hub = new ActivityHub();
  const signals: Signal[] = [];
  hub.listen((s) => signals.push(s));
  const conv = conversation(store, { agentId: "a1", ...extra });
  const workspace = tempDir();
  const ctx = context(workspace, { conversationId: conv.id, canvases: canvasPort({ store, hub }, conv, "run-1", true) });
  const created = async (content = "# Kế hoạch\n\n- chạy 5 km\n") => {
    const out = await run(artifactCreate, { title: "Kế hoạch", kind: "markdown", content }, ctx);
    return /canvas (\S+) /.exec(out)![1]!;
  };
  return { store, hub, signals, conv, workspace, ctx, created };
}

describe("canvas tools", () => {
  test("all seven are built in; the four writers never ask, list and read may run again", async () => {
    const names = builtinTools().map((t) => t.name);
    for (const n of ["artifact_list", "artifact_read", "artifact_create", "artifact_edit", "artifact_rewrite",
      "artifact_import", "artifact_export"]) expect(names).toContain(n);
    const t = turn();
    const policy = { autonomous: false, autoApprove: [] };
    const id = await t.created();
    for (const w of WRITERS) {
      expect(w.requiresApproval).toBe(false);
      expect(w.askReason).toBeUndefined();
    }
    const edit = { id, old_string: "5 km", new_string: "7 km" };
    expect(await gate(artifactEdit, artifactEdit.params.parse(edit), t.ctx, policy)).toEqual({ action: "run" });
    expect(artifactList.replaySafe && artifactRead.replaySafe).toBe(true);
  });

  test("artifact_export always asks, even in an autonomous conversation with it auto-approved", async () => {
    const t = turn();
    const args = artifactExport.params.parse({ id: "c9", path: "plan.md" });
    const decision = await gate(artifactExport, args, t.ctx, { autonomous: true, autoApprove: ["artifact_export"] });
    expect(decision.action).toBe("ask");
    expect((decision as { reason: string }).reason).toContain("plan.md");
  });

  test("in an inbound turn the four writers are refused; list, read and export are not", async () => {
    const t = turn();
    const id = await t.created();
    const inbound = { ...t.ctx, canvases: { ...t.ctx.canvases!, canWrite: false } };
    const calls: [typeof artifactCreate, unknown][] = [
      [artifactCreate, { title: "x", kind: "markdown", content: "y" }], [artifactEdit, { id, old_string: "5", new_string: "6" }],
      [artifactRewrite, { id, content: "z" }], [artifactImport, { path: "a.md" }]];
    for (const [tool, raw] of calls) {
      expect(await refusal(tool, raw, inbound)).toBe("canvases cannot be created or changed in this conversation: the " +
        "person reads only your message. Answer directly in the message instead.");
    }
    expect(await refusal(artifactExport, { id, path: "plan.md" }, inbound)).toBeNull();
    expect(await run(artifactRead, { id }, inbound)).toContain("version 1 (the latest), written by you");
    expect(await run(artifactList, {}, inbound)).toContain(id);
  });

  test("create makes version 1 by the agent in this conversation and tells the screens", async () => {
    const t = turn();
    const id = await t.created();
    const canvas = getCanvas(t.store, id)!;
    expect(canvas).toMatchObject({ conversationId: t.conv.id, agentId: "a1", kind: "markdown", version: 1 });
    expect(listVersions(t.store, id)[0]).toMatchObject({ author: "agent", runId: "run-1" });
    expect(t.signals).toContainEqual({ type: "artifact", canvas_id: id, conversation_id: t.conv.id });
    expect(await run(artifactList, {}, t.ctx)).toContain(`${id} "Kế hoạch" (markdown, version 1) [this conversation]`);
  });

  test("read names the owner as the author of their save; the next edit builds on it", async () => {
    const t = turn();
    const id = await t.created();
    addVersion(t.store, id, { content: "# Kế hoạch\n\n- chạy 5 km\n- bơi 1 km\n", author: "user" });
    const read = await run(artifactRead, { id }, t.ctx);
    expect(read).toContain("version 2 (the latest), written by the owner");
    expect(read).toContain("The owner edited it after you: build on this text.");
    expect(read).toEndWith("- bơi 1 km\n");
    await run(artifactEdit, { id, old_string: "5 km", new_string: "10 km" }, t.ctx);
    const versions = listVersions(t.store, id);
    expect(versions.map((v) => v.author)).toEqual(["agent", "user", "agent"]);
    expect(versions[2]!.content).toBe("# Kế hoạch\n\n- chạy 10 km\n- bơi 1 km\n");
    expect(await run(artifactRead, { id, version: 1 }, t.ctx)).toContain("version 1 of 3, written by you");
  });

  test("edit refuses a missing or ambiguous old_string and writes nothing", async () => {
    const t = turn();
    const id = await t.created("a b a");
    expect(await failure(artifactEdit, { id, old_string: "zzz", new_string: "y" }, t.ctx)).toContain("does not occur");
    expect(await failure(artifactEdit, { id, old_string: "a", new_string: "y" }, t.ctx)).toContain("occurs 2 times");
    expect(getCanvas(t.store, id)!.version).toBe(1);
    await run(artifactEdit, { id, old_string: "a", new_string: "$&", replace_all: true }, t.ctx);
    expect(listVersions(t.store, id)[1]!.content).toBe("$& b $&");
  });

  test("rewrite replaces the whole text and may retitle", async () => {
    const t = turn();
    const id = await t.created();
    expect(await run(artifactRewrite, { id, content: "<p>mới</p>", title: "Bản mới" }, t.ctx))
      .toBe(`Rewrote canvas ${id} "Bản mới" (markdown, version 2).`);
    expect(listVersions(t.store, id)[1]!.content).toBe("<p>mới</p>");
  });

  test("another agent's canvas and an unknown id get the same answer", async () => {
    const t = turn();
    const other = conversation(t.store, { agentId: "a2" });
    const theirs = createCanvas(t.store, { agentId: "a2", conversationId: other.id, title: "Riêng", kind: "markdown",
      content: "bí mật", author: "agent" });
    const sentence = (id: string) => `There is no canvas ${id} of yours. Use artifact_list to see your canvases and ` +
      "their ids.";
    expect(await failure(artifactRead, { id: theirs.id }, t.ctx)).toBe(sentence(theirs.id));
    expect(await failure(artifactRewrite, { id: theirs.id, content: "x" }, t.ctx)).toBe(sentence(theirs.id));
    expect(await failure(artifactRead, { id: "nope" }, t.ctx)).toBe(sentence("nope"));
    expect(listVersions(t.store, theirs.id)).toHaveLength(1);
    expect(await run(artifactList, {}, t.ctx)).toBe("You have no canvases yet.");
  });

  test("import: a PNG becomes an image canvas, text files a kind from their extension", async () => {
    const t = turn();
    put(t.workspace, { "chart.png": PNG, "page.html": "<h1>Xin chào</h1>", "notes.txt": "ghi chú" });
    expect(await run(artifactImport, { path: "chart.png" }, t.ctx)).toContain('"chart.png" (image, version 1)');
    expect(await run(artifactImport, { path: "page.html", title: "Trang" }, t.ctx)).toContain('"Trang" (html,');
    expect(await run(artifactImport, { path: "notes.txt" }, t.ctx)).toContain("(markdown, version 1)");
    put(t.workspace, { "blob.bin": new Uint8Array([0, 1, 2, 0, 5]) });
    expect(await failure(artifactImport, { path: "blob.bin" }, t.ctx)).toContain("binary file");
    const image = (await run(artifactList, {}, t.ctx)).match(/(\S+) "chart.png"/)![1]!;
    expect(await run(artifactRead, { id: image }, t.ctx)).toContain("It is an image (image/png, 11 bytes)");
  });

  test("export writes the chosen version into the workspace; an image canvas as its bytes", async () => {
    const t = turn();
    const id = await t.created("v1");
    await run(artifactRewrite, { id, content: "v2" }, t.ctx);
    expect(await run(artifactExport, { id, path: "out/plan.md", version: 1 }, t.ctx))
      .toBe(`Wrote version 1 of canvas ${id} to out/plan.md.`);
    expect(readFileSync(join(t.workspace, "out/plan.md"), "utf8")).toBe("v1");
    put(t.workspace, { "chart.png": PNG });
    await run(artifactImport, { path: "chart.png" }, t.ctx);
    const image = (await run(artifactList, {}, t.ctx)).match(/(\S+) "chart.png"/)![1]!;
    await run(artifactExport, { id: image, path: "copy.png" }, t.ctx);
    expect(new Uint8Array(readFileSync(join(t.workspace, "copy.png")))).toEqual(PNG);
    expect(await failure(artifactExport, { id: "nope", path: "x.md" }, t.ctx)).toContain("no canvas nope");
  });
});
