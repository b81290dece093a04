// tool_script end to end on the real QuickJS engine (src/script/engine.ts, a `__script` child): a read-only
// tool called inside a real script, store/load across two runs, a gated write needing approval stopping the
// script with nothing kept, and a script job whose step comes from the real engine.
import { describe, expect, test } from "bun:test";
import { z } from "zod";
import { runJob } from "../../../src/scheduler/run-job.ts";
import { runScript } from "../../../src/script/engine.ts";
import { openStore } from "../../../src/store/db.ts";
import { listSteps } from "../../../src/store/runs.ts";
import { listKeys } from "../../../src/store/script-store.ts";
import { defineTool, type Tool } from "../../../src/tools/define.ts";
import { scriptTool } from "../../../src/tools/tool-script.ts";
import { scriptBook } from "../../../src/turns/script-book.ts";
import { job, jobHarness } from "../scheduler/harness.ts";
import { context } from "./helpers.ts";

/** Each engine run starts a child process; several in one test need more than bun's 5 s on a busy machine. */
const ENGINE_MS = 60_000;
const ran: string[] = [];
const tools: Tool[] = [
  defineTool({ name: "lookup", description: "read", params: z.object({ q: z.string() }), requiresApproval: false,
    replaySafe: true, execute: async (a) => (ran.push(a.q), `line 1 of ${a.q}\nline 2 of ${a.q}`) }),
  defineTool({ name: "write", description: "write", params: z.object({ path: z.string() }), requiresApproval: true,
    execute: async (a) => (ran.push(`write:${a.path}`), "wrote") }),
];

function setup(gated: boolean) {
  ran.length = 0;
  const store = openStore(":memory:");
  const ctx = context("/tmp", {
    callId: "call-1",
    policy: () => ({ autonomous: false, autoApprove: [] }),
    script: { book: scriptBook(store, "a1", "conv:c1"), job: false, routes: [], record: () => {}, charge: () => {} },
  });
  const tool = scriptTool({ tools, gated, run: runScript });
  return { store, exec: (code: string) => tool.execute({ code } as never, ctx) };
}

describe("tool_script on the QuickJS engine", () => {
  test("a read-only tool runs inside a real script; only the printed lines come back", async () => {
    const s = setup(false);
    const code = `const out = [];\nfor (const q of ["a", "b"]) {\n  const r = await tools.lookup({ q });\n` +
      `  out.push(r.split("\\n")[1]);\n}\nprint(out.join(", "));`;
    expect(await s.exec(code)).toBe("line 2 of a, line 2 of b");
    expect(ran).toEqual(["a", "b"]);
  }, ENGINE_MS);

  test("store in one run, load in the next; a failing run keeps nothing", async () => {
    const s = setup(false);
    await s.exec(`store("count", 1);\nprint("saved");`);
    const failed = await s.exec(`store("count", 99);\nstore("other", 1);\nthrow new Error("hỏng");`);
    expect(failed).toContain("Lỗi ở dòng 3");
    expect(await s.exec(`print(await load("count"), await load("other"));`)).toBe("1 null");
    expect(listKeys(s.store, "a1", "conv:c1")).toEqual(["count"]);
  }, ENGINE_MS);

  test("gated: a write needing approval stops the real script there, telling the model to call directly", async () => {
    const s = setup(true);
    const out = await s.exec(`store("k", 1);\nprint("before");\ntry { await tools.write({ path: "x" }); } catch (e) {}\n` +
      `print("after");`);
    expect(out).toStartWith("before");
    expect(out).not.toContain("after");
    expect(out).toContain("Make the write call directly");
    expect(ran).toEqual([]);
    expect(listKeys(s.store, "a1", "conv:c1")).toEqual([]);
  }, ENGINE_MS);
});

describe("a script job on the QuickJS engine", () => {
  test("one tool_script step with the script's printed output; an error names its line", async () => {
    const h = jobHarness();
    const ok = await runJob(h.deps, job({ kind: "script", scheduleId: "s", body: `store("x", 2);\nprint("hello");` }));
    expect(ok.status).toBe("done");
    expect(listSteps(h.store, ok.runId).map((s) => [s.type, s.result])).toEqual([["tool_script", "hello"]]);
    expect(listKeys(h.store, "default", "job:s")).toEqual(["x"]);
    const bad = await runJob(h.deps, job({ kind: "script", scheduleId: "s", body: `print(1);\nnull.x;` }));
    expect(bad.status).toBe("error");
    expect(bad.reason).toStartWith("Lỗi ở dòng 2");
  }, ENGINE_MS);
});
