// A chat turn cut by a restart (L-82, L-83, C-15): the going-down server tells the chat, the next one
// resumes the run through the Telegram cut-turn reader and answers in the same chat; with no bot up at
// boot the run is not resumed.
import { afterEach, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { updateOptions } from "../../../src/store/conversations.ts";
import { getRun } from "../../../src/store/runs.ts";
import { TelegramCutReader } from "../../../src/telegram/resume.ts";
import { T_TG } from "../../../src/texts/vi-tg-chat.ts";
import { closeLeftOpen, resumeCutTurns } from "../../../src/turns/resume.ts";
import { startStrictProvider } from "../../helpers/strict-provider.ts";
import { gate } from "../../helpers/wait.ts";
import { chatHarness } from "./chat-harness.ts";

const harnesses: Awaited<ReturnType<typeof chatHarness>>[] = [];
const opened: (() => void)[] = [];
afterEach(async () => {
  for (const open of opened.splice(0)) open();
  for (const h of harnesses.splice(0)) await h.stop();
});

/** A server whose chat turn is cut by shutdown; returns the cut run's id. */
async function cutTurn(storePath: string, env?: Record<string, string>): Promise<string> {
  const h = await chatHarness({ storePath, env });
  harnesses.push(h);
  await h.say("chào");
  await h.sent(1);
  await h.chat.settle(10_000);
  const conv = h.chat.current()!;
  updateOptions(h.t.store, conv.id, { autonomous: true });
  const g = gate(h.t.runtime.crew().get("default")!.workspace);
  opened.push(g.open);
  await h.say(`/tool shell_run ${JSON.stringify({ command: g.command })}`);
  await g.started();
  const runId = h.t.runtime.host.running(conv.id)!.runId;
  h.t.runtime.host.stopDraining();
  await h.t.runtime.host.goDown(10_000);
  await h.chat.settle(10_000);
  expect(h.fake.sent).toEqual(["chào", T_TG.restartCut]);
  expect(getRun(h.t.store, runId)!.status).toBe("running");
  return runId;
}

test("the cut turn is announced, then resumed by the next server and answered in the chat", async () => {
  const path = join(mkdtempSync(join(tmpdir(), "mc-tg-")), "db.sqlite");
  const runId = await cutTurn(path);
  const next = await chatHarness({ storePath: path });
  harnesses.push(next);
  const reader = new TelegramCutReader(next.t.runtime.host, () => next.chat);
  const report = resumeCutTurns(next.t.store, closeLeftOpen(next.t.store), [reader]);
  expect(report.resumed).toEqual([runId]);
  const [reply] = await next.sent(1);
  expect(reply).not.toBe("chào");
  await next.chat.settle(10_000);
  expect(getRun(next.t.store, runId)!.status).toBe("done");
  expect(next.fake.sent).toHaveLength(1);
});

test("with no bot up at boot the cut turn is not resumed", async () => {
  const path = join(mkdtempSync(join(tmpdir(), "mc-tg-")), "db.sqlite");
  const runId = await cutTurn(path);
  const next = await chatHarness({ storePath: path });
  harnesses.push(next);
  const reader = new TelegramCutReader(next.t.runtime.host, () => null);
  const report = resumeCutTurns(next.t.store, closeLeftOpen(next.t.store), [reader]);
  expect(report.resumed).toEqual([]);
  expect(report.skipped).toEqual([{ runId, why: "nobody reads telegram turns now" }]);
});

test("against the strict provider the resumed turn's history is accepted as it is", async () => {
  const strict = startStrictProvider({ pieceMs: 1 });
  try {
    const env = { MY_AGENT_ROUTES: "openai:strict-model", OPENAI_BASE_URL: strict.url, OPENAI_API_KEY: "sk-test-1" };
    const path = join(mkdtempSync(join(tmpdir(), "mc-tg-")), "db.sqlite");
    const runId = await cutTurn(path, env);
    const next = await chatHarness({ storePath: path, env });
    harnesses.push(next);
    const reader = new TelegramCutReader(next.t.runtime.host, () => next.chat);
    expect(resumeCutTurns(next.t.store, closeLeftOpen(next.t.store), [reader]).resumed).toEqual([runId]);
    await next.sent(1);
    await next.chat.settle(10_000);
    expect(getRun(next.t.store, runId)!.status).toBe("done");
    expect(strict.refusals).toEqual([]);
  } finally {
    strict.stop();
  }
});
