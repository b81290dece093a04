// The compiled ./my-crew carries the script engine: `my-crew __script` loads the embedded QuickJS WASM with an
// empty environment and runs a script over the JSON-lines protocol; the subcommand stays out of --help.
import { expect, setDefaultTimeout, test } from "bun:test";
import { binaryPath } from "../helpers/binary.ts";
import { readLines, type FromChild } from "../../src/script/protocol.ts";

// Building the binary on first use takes a while.
setDefaultTimeout(120_000);

test("the binary's __script child runs a script and answers over stdin/stdout", async () => {
  const bin = binaryPath();
  const proc = Bun.spawn([bin, "__script"], { env: {}, cwd: "/", stdin: "pipe", stdout: "pipe", stderr: "pipe" });
  const seen: FromChild[] = [];
  try {
    for await (const line of readLines(proc.stdout, 1 << 20)) {
      const m = JSON.parse(line) as FromChild;
      seen.push(m);
      if (m.t === "ready") {
        const code = 'print("sum", 1 + 2);\nstore("k", await tools.echo({ a: 1 }));';
        const limits = { memoryBytes: 32 << 20, outputBytes: 1000, deadlineMs: 10_000 };
        proc.stdin.write(JSON.stringify({ t: "start", code, tools: ["echo"], ...limits }) + "\n");
      }
      if (m.t === "call") proc.stdin.write(JSON.stringify({ t: "reply", id: m.id, ok: true, json: '"echoed"' }) + "\n");
      proc.stdin.flush();
      if (m.t === "done") break;
    }
  } finally {
    proc.kill("SIGKILL");
    await proc.exited;
  }
  expect(seen.map((m) => m.t)).toEqual(["ready", "print", "call", "done"]);
  expect(seen[1]).toEqual({ t: "print", text: "sum 3\n", line: 1 });
  expect(seen[3]).toEqual({ t: "done", ok: true, stores: [{ key: "k", json: '"echoed"' }] });
  const help = Bun.spawnSync([bin, "--help"], { stdout: "pipe" }).stdout.toString();
  expect(help).not.toContain("__script");
});
