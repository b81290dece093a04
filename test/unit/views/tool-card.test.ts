// Tool cards as a person reads them: icon, the tool's name in Vietnamese, its own summary, status,
// duration and cost on one line; arguments and result behind the disclosure, pretty and capped.
import { describe, expect, test } from "bun:test";
import { T } from "../../../src/texts/vi.ts";
import { TTool } from "../../../src/texts/vi-tools.ts";
import { toolCard, type ToolCardData } from "../../../views/tool-card.ts";
import { ARGS_CAP, OUTPUT_CAP } from "../../../views/tool-output.ts";

const BASE: ToolCardData = { id: "c1", name: "shell_run", arguments: '{"command":"ls -la"}', output: null,
  status: null };
const card = async (t: Partial<ToolCardData>) => (await toolCard({ ...BASE, ...t })).toString();
const summaryOf = (html: string) => /<summary>([\s\S]*?)<\/summary>/.exec(html)![1]!;
const bodyOf = (html: string) => /<div class="tc-body">([\s\S]*?)<\/div>\n<\/details>/.exec(html)![1]!;

describe("tool card", () => {
  test("one line: icon, Vietnamese label, the tool's summary, status, duration and cost", async () => {
    const output = "exit code: 0\nstdout:\nhi";
    const html = await card({ summary: "ls -la", output, status: "done", durationMs: 1234, costUsd: 0.0021 });
    const line = summaryOf(html);
    expect(line).toContain('<svg class="icon tc-icon"');
    expect(line).toContain(`<span class="tc-name">${TTool.label.shell_run}</span>`);
    expect(line).toContain('<span class="tc-args">ls -la</span>');
    expect(line).toContain(`<span class="tc-status">${T.toolStatus.done}</span>`);
    expect(line).toContain(TTool.seconds(1.234));
    expect(line).toContain("$0.0021");
    expect(html).toStartWith('<details class="tool-card st-done" id="tc-c1" data-tool="shell_run" hx-ignore x-ignore>');
  });

  test("a running call shows no duration; a free one no cost; an unknown tool keeps its own name", async () => {
    const running = summaryOf(await card({ durationMs: 50 }));
    expect(running).toContain(T.toolRunning);
    expect(running).not.toContain("ms");
    const other = summaryOf(await card({ name: "mcp_weather", status: "done", output: "ok", costUsd: 0,
      durationMs: 40 }));
    expect(other).toContain('<span class="tc-name">mcp_weather</span>');
    expect(other).toContain(TTool.millis(40));
    expect(other).not.toContain("$");
  });

  test("arguments are pretty-printed JSON and capped, behind the disclosure", async () => {
    const body = bodyOf(await card({ arguments: '{"path":"a.md","n":[1,2]}', status: "done", output: "x" }));
    const q = "&quot;";
    const pretty = `{\n  ${q}path${q}: ${q}a.md${q},\n  ${q}n${q}: [\n    1,\n    2\n  ]\n}`;
    expect(body).toContain(`<pre class="tc-full">${pretty}</pre>`);
    const args = JSON.stringify({ content: "y".repeat(ARGS_CAP * 2) });
    const long = bodyOf(await card({ arguments: args, status: "done", output: "z".repeat(OUTPUT_CAP + 10) }));
    expect(long).toContain(TTool.cut(ARGS_CAP + 19));
    expect(long).toContain(TTool.cut(10));
  });

  test("shell output in the person's words: exit code, stdout and stderr labelled", async () => {
    const body = bodyOf(await card({ status: "done", output: "exit code: 2\nstdout:\nout line\nstderr:\nbad thing" }));
    expect(body).toContain(TTool.exitCode("2"));
    expect(body).toContain(`<div class="tc-label">${TTool.stdout}</div><pre class="tc-out">out line</pre>`);
    expect(body).toContain(`<div class="tc-label">${TTool.stderr}</div><pre class="tc-out">bad thing</pre>`);
    expect(body).not.toContain("exit code");
    const quiet = bodyOf(await card({ status: "done", output: "exit code: 0\n(no output)" }));
    expect(quiet).toContain(TTool.noOutput);
    expect(quiet).not.toContain("no output");
  });

  test("a call that never ran says so in Vietnamese, not with the model's English result", async () => {
    for (const status of ["denied", "expired", "interrupted"]) {
      const output = "The owner denied this call. Do not try it again unless they ask; continue without it.";
      const body = bodyOf(await card({ status, output }));
      expect(body).toContain(TTool.note[status]!);
      expect(body).not.toContain("The owner");
    }
    const refused = bodyOf(await card({ status: "refused", output: "Refused: path is outside the workspace" }));
    expect(refused).toContain(TTool.note.refused!);
    expect(refused).toContain("outside the workspace");
  });
});
