// Background turns (L-59…L-61): while a turn runs, /status answers at once, messages queue with the
// queued notice, /steer joins the running turn, bare /steer and /new are refused, and the queue's own
// turn is read back to the chat by the follower. A busy turn is a real shell_run held by a gate.
import { afterEach, expect, test } from "bun:test";
import { updateOptions } from "../../../src/store/conversations.ts";
import { listRuns, listSteps } from "../../../src/store/runs.ts";
import { T } from "../../../src/texts/vi.ts";
import { T_TG } from "../../../src/texts/vi-tg-chat.ts";
import { gate, until } from "../../helpers/wait.ts";
import { chatHarness } from "./chat-harness.ts";

let h: Awaited<ReturnType<typeof chatHarness>>;
afterEach(async () => await h?.stop());

test("while a turn runs: /status, queue, steer, bare /steer and /new; the queue is answered after", async () => {
  h = await chatHarness();
  await h.say("chào");
  await h.sent(1);
  await h.chat.settle(10_000);
  const conv = h.chat.current()!;
  updateOptions(h.t.store, conv.id, { autonomous: true });
  const g = gate(h.t.runtime.crew().get("default")!.workspace);
  await h.say(`/tool shell_run ${JSON.stringify({ command: g.command })}`);
  expect(await g.started()).toBe(true);

  const answers: [string, string | RegExp][] = [
    ["/status", new RegExp(`^${T_TG.statusBusy(0)}\n`)],
    ["câu một", T.inboundQueued],
    ["/status", new RegExp(`^${T_TG.statusBusy(1)}\n`)],
    ["/steer dùng đơn vị mét", T_TG.steered],
    ["/steer", T.steerEmpty],
    ["/new", T_TG.newRefused],
  ];
  for (const [i, [text, answer]] of answers.entries()) {
    await h.say(text);
    const last = (await h.sent(2 + i)).at(-1)!;
    if (typeof answer === "string") expect(last).toBe(answer);
    else expect(last).toMatch(answer);
  }
  // Every update was handled at acceptance, none waited for the turn.
  expect(h.handled).toHaveLength(8);
  expect(h.t.runtime.host.running(conv.id)).toBeDefined();
  // Typing goes on while the turn runs: another call once its 4 s period has passed (L-23).
  const typingBefore = h.fake.of("sendChatAction").length;
  await h.fake.next(() => h.fake.of("sendChatAction").length > typingBefore);

  g.open();
  // The queued message is answered by a turn of its own, read back to the chat.
  await h.fake.next((c) => c.method === "sendMessage" && c.params.text === "câu một");
  await until(() => h.t.runtime.host.running(conv.id), (r) => r === undefined);
  const runs = listRuns(h.t.store, { conversationId: conv.id });
  expect(runs.map((r) => r.source)).toEqual(["telegram", "telegram", "telegram"]);
  // The steer joined the running turn (newest run first: the drain, the busy turn, the greeting).
  const steers = listSteps(h.t.store, runs[1]!.id).filter((s) => s.type === "steer").map((s) => s.result);
  expect(steers).toEqual(["dùng đơn vị mét"]);
  expect(h.chat.current()!.id).toBe(conv.id);
});

test("a turn a stopping bot cancels after its 30 s is answered with what it wrote and the cancel notice", async () => {
  h = await chatHarness();
  await h.say("chào");
  await h.sent(1);
  await h.chat.settle(10_000);
  const conv = h.chat.current()!;
  updateOptions(h.t.store, conv.id, { autonomous: true });
  const g = gate(h.t.runtime.crew().get("default")!.workspace);
  try {
    await h.say(`/tool shell_run ${JSON.stringify({ command: g.command })}`);
    await g.started();
    // What the bot's stop does to a turn still running after its wait (L-81).
    h.t.runtime.host.running(conv.id)!.abort.abort("stop");
    expect((await h.sent(2))[1]).toBe(T_TG.cancelled);
    expect(listRuns(h.t.store, { conversationId: conv.id })[0]!.status).toBe("cancelled");
  } finally {
    g.open();
  }
});
