// The script sandbox holds (issue 17's escape tests): no host objects in the guest, an endless loop and a huge
// allocation stopped with the line, print capped, an empty environment, no network namespace of ours, the
// OS limits really set, nothing left running after a run, and an abort that stops the run.
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { readlinkSync } from "node:fs";
import { limitArgv, RUNTIME_ADDRESS_SPACE, scriptSandbox } from "../../../src/script/spawn.ts";
import { fakeHost, run, scriptChildren } from "./helpers.ts";

// Each test starts a real child (about a second from source on a busy machine).
setDefaultTimeout(30_000);

describe("script sandbox", () => {
  test("fetch, require, process, Bun, timers and the host bridge are absent; import() fails", async () => {
    const names = ["fetch", "require", "process", "Bun", "setTimeout", "setInterval", "XMLHttpRequest", "WebSocket"];
    const code = `print(${JSON.stringify(names)}.map((n) => typeof globalThis[n]).join());\n` +
      "print(Object.keys(globalThis).filter((k) => k.startsWith('__')).join() || 'none');\n" +
      'try { await import("node:fs"); print("imported") } catch (e) { print("no import") }';
    const r = await run(code);
    expect(r).toMatchObject({ ok: true, printed: `${names.map(() => "undefined").join()}\nnone\nno import\n` });
  });

  // QuickJS's interrupt names the last line it recorded a position for (often a call before the loop), so
  // only "a line" is asserted here; docs/tools.md says so.
  test("an endless loop is stopped by the time limit, naming a line", async () => {
    const r = await run('print("start");\nlet n = 0;\nwhile (true) { n++; }', { limits: { wallMs: 1000 } });
    expect(r).toMatchObject({ ok: false, printed: "start\n" });
    expect(!r.ok && r.error).toMatch(/^Dừng ở dòng [1-3]: script chạy quá 1 giây nên bị dừng\.$/);
    expect(scriptChildren()).toEqual([]);
  });

  test("a 1 GB string is refused inside the heap limit and the run still reports its line", async () => {
    const huge = await run('print(1);\nconst s = "x".repeat(1 << 30);\nprint(s.length);');
    expect(huge).toMatchObject({ ok: false, printed: "1\n", line: 2 });
    const half = await run('print(1);\nconst s = "x".repeat(1 << 29);\nprint(s.length);');
    const error = "Dừng ở dòng 2: script dùng quá 32 MB bộ nhớ nên bị dừng.";
    expect(half).toMatchObject({ ok: false, printed: "1\n", line: 2, error });
  });

  test("print is capped: the output is cut at the cap and the run stops there", async () => {
    const r = await run('for (let i = 0; ; i++) print("line " + i);', { limits: { outputBytes: 1000 } });
    expect(r.ok).toBe(false);
    expect(Buffer.byteLength(r.printed)).toBe(1000);
    expect(r.printed).toStartWith("line 0\nline 1\n");
    const error = "Dừng ở dòng 1: print đã in quá 1 KB; phần sau đó bị cắt và script bị dừng.";
    expect(!r.ok && r.error).toBe(error);
  });

  test("the child has an empty environment and (with bwrap) a network namespace of its own", async () => {
    process.env.MY_CREW_TEST_SECRET = "sk-secret-value-123";
    let seen: ReturnType<typeof scriptChildren> = [];
    const host = fakeHost({ callTool: async () => ((seen = scriptChildren()), "looked") });
    try {
      const r = await run('print(await tools.file_read({}));', { host });
      expect(r).toMatchObject({ ok: true, printed: "looked\n" });
    } finally {
      delete process.env.MY_CREW_TEST_SECRET;
    }
    expect(seen.length).toBeGreaterThan(0);
    for (const child of seen) expect(child.environ).toBe("");
    if (scriptSandbox()) {
      const ours = readlinkSync("/proc/self/ns/net");
      // bwrap itself stays outside to set the namespace up; the script child is inside it.
      const child = seen.filter((c) => c.argv0 === process.execPath);
      expect(child.length).toBe(1);
      expect(child[0]!.netns).not.toBe(ours);
    }
    expect(scriptChildren()).toEqual([]);
  });

  test("the OS limits the child starts under: address space and CPU time", async () => {
    const argv = [...limitArgv(32 * 1024 * 1024, 5000), "/bin/cat", "/proc/self/limits"];
    const out = Bun.spawnSync(argv, { env: {}, stdout: "pipe" }).stdout.toString();
    const as = (32 * 1024 * 1024 + RUNTIME_ADDRESS_SPACE) / 1024;
    expect(out).toMatch(new RegExp(`Max address space\\s+${as * 1024}\\s+${as * 1024}`));
    expect(out).toMatch(/Max cpu time\s+10\s+10/);
  });

  test("aborting the signal stops the run at the waiting call and leaves no process", async () => {
    const ac = new AbortController();
    const host = fakeHost({ callTool: () => (ac.abort(), new Promise<string>(() => {})) });
    const r = await run('print("a");\nawait tools.web_search({ q: "x" });\nprint("b");', { host, signal: ac.signal });
    const error = "Dừng ở dòng 2: lượt chạy đã bị huỷ.";
    expect(r).toEqual({ ok: false, printed: "a\n", error, line: 2, calls: 1 });
    expect(scriptChildren()).toEqual([]);
  });
});
