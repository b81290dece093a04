// The chat's catch-up at boot (★ exactly once): a reply the last process did not send — its run ended, the
// reply never reached Telegram — arrives at the next start, once; what was sent is never sent again, even
// when the rebuilt piece is worded differently; runs ended more than a day ago are left alone.
import { afterEach, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listMessages } from "../../../src/store/messages.ts";
import { listRuns } from "../../../src/store/runs.ts";
import { recordSent } from "../../../src/store/telegram-sent.ts";
import { chatHarness } from "./chat-harness.ts";

const harnesses: Awaited<ReturnType<typeof chatHarness>>[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.stop();
});

/** A store where "một" was answered in the chat and the answer to "hai" never reached it. */
async function lostReply(): Promise<{ path: string; runId: string; seq: number }> {
  const path = join(mkdtempSync(join(tmpdir(), "mc-tg-")), "db.sqlite");
  const h = await chatHarness({ storePath: path });
  harnesses.push(h);
  await h.say("một");
  await h.sent(1);
  await h.chat.settle(10_000);
  h.fake.fail("sendMessage", 502, "Bad Gateway");
  await h.say("hai");
  await h.chat.settle(10_000);
  expect(h.t.logs.some((l) => l.includes("not sent: telegram sendMessage: 502 Bad Gateway"))).toBe(true);
  const conv = h.chat.current()!;
  const [run] = listRuns(h.t.store, { conversationId: conv.id, limit: 1 });
  const answer = listMessages(h.t.store, conv.id).filter((m) => m.role === "assistant").at(-1)!;
  expect(answer.content).toBe("hai");
  return { path, runId: run!.id, seq: answer.seq };
}

async function next(path: string, now?: () => Date) {
  const h = await chatHarness({ storePath: path, chat: now ? { now } : {} });
  harnesses.push(h);
  return h;
}

test("the reply that did not reach the chat is sent at the next start, once; the sent one is not", async () => {
  const { path } = await lostReply();
  const h = await next(path);
  h.chat.catchUp();
  await h.chat.settle(10_000);
  expect(h.fake.sent).toEqual(["hai"]);
  h.chat.catchUp();
  await h.chat.settle(10_000);
  expect(h.fake.sent).toEqual(["hai"]);
});

test("a place recorded as sent is not sent again, whatever its recorded content", async () => {
  const { path, runId, seq } = await lostReply();
  const h = await next(path);
  recordSent(h.t.store, { key: runId, idx: seq * 1000, digest: "worded-otherwise" });
  h.chat.catchUp();
  await h.chat.settle(10_000);
  expect(h.fake.sent).toEqual([]);
});

test("a run that ended more than a day ago is left alone", async () => {
  const { path } = await lostReply();
  const h = await next(path, () => new Date(Date.now() + 25 * 3600_000));
  h.chat.catchUp();
  await h.chat.settle(10_000);
  expect(h.fake.sent).toEqual([]);
});
