// MCP tools inside tool_script on the real QuickJS engine against the real SDK server: a read_only tool is
// script-callable and runs; a write tool is not offered to a default script and, under `gated`, stops the
// script where a person would have to decide — it never reaches the server (H-28, H-34, issue 17).
import { describe, expect, test } from "bun:test";
import { runScript } from "../../../src/script/engine.ts";
import { openStore } from "../../../src/store/db.ts";
import { scriptTool } from "../../../src/tools/tool-script.ts";
import { scriptBook } from "../../../src/turns/script-book.ts";
import { context } from "../tools/helpers.ts";
import { connectedPeer } from "./fixture.ts";

const ENGINE_MS = 60_000;

function exec(tools: ReturnType<Awaited<ReturnType<typeof connectedPeer>>["tool"]>[], gated: boolean, code: string) {
  const store = openStore(":memory:");
  const ctx = context("/tmp", {
    callId: "call-1",
    policy: () => ({ autonomous: false, autoApprove: [] }),
    script: { book: scriptBook(store, "a1", "conv:c1"), job: false, routes: [], record: () => {}, charge: () => {} },
  });
  return scriptTool({ tools, gated, run: runScript }).execute({ code } as never, ctx);
}

describe("MCP tools in a script", () => {
  test("a read_only MCP tool runs inside a real script", async () => {
    const p = await connectedPeer(["lookup"]);
    try {
      const out = await exec([p.tool("lookup"), p.tool("save_note")], false,
        `const a = await tools.peer__lookup({ word: "tea" });\nprint(a);`);
      expect(out).toBe("tea: a test word");
    } finally {
      p.done();
    }
  }, ENGINE_MS);

  test("a write MCP tool is absent by default and stops a gated script before reaching the server", async () => {
    const p = await connectedPeer(["lookup"]);
    try {
      const plain = await exec([p.tool("save_note")], false,
        `try { await tools.peer__save_note({ text: "x" }); } catch (e) { print("no: " + e.message); }`);
      expect(plain).toStartWith("no: ");
      const gated = await exec([p.tool("save_note")], true, `await tools.peer__save_note({ text: "x" });\nprint("after");`);
      expect(gated).toContain("peer__save_note needs the owner's approval");
      expect(gated).not.toContain("after");
      expect(p.server.saved).toEqual([]);
    } finally {
      p.done();
    }
  }, ENGINE_MS);
});
