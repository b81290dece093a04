// tool_script on the host side (H-27…H-42): which tools a script may call, the gate judging gated writes,
// llm.* as side calls of purpose script, store/load namespaces and the all-or-nothing commit. The engine is
// the in-test stand-in (script-stand-in.ts) — see the end-to-end file for the real QuickJS engine.
import { describe, expect, test } from "bun:test";
import { z } from "zod";
import type { LedgerRow } from "../../../src/llm/metered.ts";
import { openStore } from "../../../src/store/db.ts";
import { listKeys, loadValue } from "../../../src/store/script-store.ts";
import { defineTool, type Tool, type ToolContext, type ToolExtra } from "../../../src/tools/define.ts";
import { delegateTool, type Delegator } from "../../../src/tools/delegate.ts";
import { scriptCallable } from "../../../src/tools/script-host.ts";
import { scriptTool, type ScriptRunner } from "../../../src/tools/tool-script.ts";
import { scriptBook, turnNamespace } from "../../../src/turns/script-book.ts";
import { route } from "../agent/harness.ts";
import { crewOf } from "../scheduler/clock-harness.ts";
import { context } from "./helpers.ts";
import { standInRun } from "./script-stand-in.ts";

const ran: string[] = [];
const tools: Tool[] = [
  defineTool({ name: "lookup", description: "read", params: z.object({ q: z.string() }), requiresApproval: false,
    replaySafe: true, execute: async (a) => (ran.push(`lookup:${a.q}`), `found ${a.q}`) }),
  defineTool({ name: "write", description: "write", params: z.object({ path: z.string() }), requiresApproval: true,
    execute: async (a) => (ran.push(`write:${a.path}`), `wrote ${a.path}`) }),
  defineTool({ name: "ask", description: "asks", params: z.object({ q: z.string() }), requiresApproval: false,
    replaySafe: true, question: (a) => ({ question: a.q, options: [] }), execute: async () => "never" }),
  defineTool({ name: "boom", description: "fails", params: z.object({}), requiresApproval: false, replaySafe: true,
    execute: async () => { throw new Error("không có ghi chú tên X"); } }),
];

function setup(opts: { gated?: boolean; autonomous?: boolean; run?: ScriptRunner; routes?: ReturnType<typeof route>[];
  extraTools?: Tool[]; ctx?: Partial<ToolContext>; source?: string } = {}) {
  ran.length = 0;
  const store = openStore(":memory:");
  const rows: LedgerRow[] = [];
  const charges: (number | null)[] = [];
  const namespace = turnNamespace({ id: "c1", source: opts.source ?? "web" });
  const extra: ToolExtra = {};
  const ctx = context("/tmp", {
    callId: "call-1",
    policy: () => ({ autonomous: !!opts.autonomous, autoApprove: [] }),
    script: { book: scriptBook(store, "a1", namespace), job: false, routes: opts.routes ?? [], record: (r) => rows.push(r),
      charge: (c) => charges.push(c) },
    attach: (x) => void Object.assign(extra, x),
    ...opts.ctx,
  });
  const tool = scriptTool({ tools: [...tools, ...(opts.extraTools ?? [])], gated: !!opts.gated,
    run: opts.run ?? standInRun });
  const exec = (code: string) => tool.execute({ code } as never, ctx);
  return { store, rows, charges, ctx, tool, exec, namespace, extra };
}

describe("tool_script: what a script may call", () => {
  test("by default only read-only never-asking tools; gated adds writing tools, never questions (H-28, H-34)", () => {
    expect(scriptCallable(tools, false, false).map((t) => t.name)).toEqual(["lookup", "boom"]);
    expect(scriptCallable(tools, true, false).map((t) => t.name)).toEqual(["lookup", "write", "boom"]);
    const del = delegateTool([{ id: "w", name: "W" }]);
    expect(scriptCallable([...tools, del], false, true).map((t) => t.name)).not.toContain("delegate");
    expect(scriptCallable([...tools, del], true, false).map((t) => t.name)).not.toContain("delegate");
    expect(scriptCallable([...tools, del], true, true).map((t) => t.name)).toContain("delegate");
  });

  test("a read-only tool runs many times and only what the script prints comes back (H-27)", async () => {
    const s = setup();
    const out = await s.exec(`for (const q of ["a","b","c"]) { const r = await tools.lookup({q}); if (q==="b") print(r); }`);
    expect(out).toBe("found b");
    expect(ran).toEqual(["lookup:a", "lookup:b", "lookup:c"]);
  });

  test("without script_calls: gated a writing tool is not there at all", async () => {
    const s = setup({ autonomous: true });
    const out = await s.exec(`await tools.write({path: "x"})`);
    expect(out).toContain("Lỗi ở dòng");
    expect(ran).toEqual([]);
  });

  test("gated: a write that needs approval stops the script, tells the model to call it directly (H-34)", async () => {
    const s = setup({ gated: true });
    const out = await s.exec(`store("k", 1); print("before"); try { await tools.write({path: "x"}) } catch {} print("after")`);
    expect(out).toStartWith("before\n\n");
    expect(out).toContain("Make the write call directly");
    expect(out).not.toContain("after");
    expect(ran).toEqual([]);
    expect(listKeys(s.store, "a1", s.namespace)).toEqual([]);
  });

  test("gated: the same gate lets the write run when the conversation is autonomous", async () => {
    const s = setup({ gated: true, autonomous: true });
    expect(await s.exec(`print(await tools.write({path: "x"}))`)).toBe("wrote x");
    expect(ran).toEqual(["write:x"]);
  });

  test("a failing tool's own words reach the script and the error names them (L-73)", async () => {
    const out = await setup().exec(`await tools.boom({})`);
    expect(out).toBe("Lỗi ở dòng 1: Công cụ lỗi: không có ghi chú tên X");
  });

  test("a gated tool_script is not replay-safe; a read-only one is (H-35)", () => {
    expect(setup({ gated: true }).tool.replaySafe).toBe(false);
    expect(setup().tool.replaySafe).toBe(true);
  });

  test("delegations run as <call id>:<n> and their spend is carried once on the result (H-36, H-37)", async () => {
    const seen: string[] = [];
    const delegator: Delegator = {
      refusal: () => null,
      run: async (_agent, task, ctx) => (seen.push(ctx.callId!), { output: `did ${task}`, spend: { usd: 0.5, unknownCalls: 0 } }),
    };
    const del = delegateTool([{ id: "w", name: "W" }]);
    const s = setup({ gated: true, extraTools: [del], ctx: { delegator } });
    const code = `await tools.lookup({q:"x"}); print(await tools.delegate({agent:"w", task:"a"}));` +
      ` print(await tools.delegate({agent:"w", task:"b"}))`;
    expect(await s.exec(code)).toBe("did a\ndid b");
    expect(seen).toEqual(["call-1:2", "call-1:3"]);
    expect(s.extra.delegatedSpend).toEqual({ usd: 1, unknownCalls: 0 });
  });
});

describe("tool_script: llm.* (H-32, H-33)", () => {
  test("classify asks the first route only, fenced, and is charged as a side call of purpose script", async () => {
    const first = route([{ text: "Spam.", usage: { costUsd: 0.002 } }]);
    const second = route([{ text: "ham" }], "scripted:model-b");
    const s = setup({ routes: [first, second] });
    expect(await s.exec(`print(await llm.classify("buy now", ["ham", "spam"]))`)).toBe("spam");
    expect(s.rows.map((r) => [r.purpose, r.model])).toEqual([["script", "model-a"]]);
    expect(s.charges).toEqual([0.002]);
    const sent = first.provider.requests[0];
    expect(sent.tools).toEqual([]);
    const fence = sent.messages[0].content.match(/DATA-\w+/)![0];
    expect(sent.messages[0].content.split(fence).length).toBe(3);
    expect(second.provider.requests).toEqual([]);
  });

  test("summarise is cut at the length the script asked; a failed question fails the script, uncharged", async () => {
    const s = setup({ routes: [route([{ text: "abcdefghij" }, { error: { message: "down" } }])] });
    expect(await s.exec(`print(await llm.summarise("long text", 4))`)).toBe("abcd");
    expect(await s.exec(`await llm.summarise("long text", 4)`)).toContain("Lỗi ở dòng 1:");
    expect(s.charges.length).toBe(1);
  });
});

describe("tool_script: store/load (H-40…H-42)", () => {
  test("the server picks the namespace: conv:<id> for turns, job:<schedule id> for a job's turn", () => {
    expect(turnNamespace({ id: "c1", source: "web" })).toBe("conv:c1");
    expect(turnNamespace({ id: "c2", source: "job:default/daily" })).toBe("job:daily");
  });

  test("a finished script's writes land together and a later run loads them", async () => {
    const s = setup({ source: "job:default/daily" });
    await s.exec(`store("seen", [1, 2]); store("last", "x"); print("ok")`);
    expect(listKeys(s.store, "a1", "job:daily")).toEqual(["last", "seen"]);
    expect(await s.exec(`print(JSON.stringify(await load("seen")), await load("none"))`)).toBe("[1,2] null");
  });

  test("a failing script writes nothing", async () => {
    const s = setup();
    await s.exec(`store("a", 1); throw new Error("stop")`);
    expect(listKeys(s.store, "a1", "conv:c1")).toEqual([]);
  });

  test("limits are measured in the commit: over the limit nothing is kept, and the reason says so", async () => {
    const s = setup();
    await s.exec(`store("keep", "old")`);
    const out = await s.exec(`store("keep", "new"); store("big", "x".repeat(1_100_000)); print("done")`);
    expect(out).toStartWith("done\n\nScript đã chạy xong nhưng không lưu được gì bằng store:");
    expect(loadValue(s.store, "a1", "conv:c1", "keep")).toBe('"old"');
    expect(listKeys(s.store, "a1", "conv:c1")).toEqual(["keep"]);
  });
});

describe("tool_script in the crew (H-27)", () => {
  test("an agent with a script-callable tool has it whatever `tools` says; one with only writes does not", () => {
    const crew = crewOf({
      default: {},
      reader: { tools: ["file_read"] },
      writer: { tools: ["file_write"] },
      gatedWriter: { tools: ["file_write"], script_calls: "gated" },
    });
    const names = (id: string) => crew.get(id)!.tools.map((t) => t.name);
    expect(names("reader")).toEqual(["file_read", "tool_script"]);
    expect(names("writer")).toEqual(["file_write"]);
    expect(names("gatedWriter")).toEqual(["file_write", "tool_script"]);
    expect(names("default")).toContain("tool_script");
    expect(crew.get("gatedWriter")!.tools.at(-1)!.replaySafe).toBe(false);
  });
});
