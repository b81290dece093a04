// The chat's pauses against the strict provider (which refuses, like the real APIs, a tool call without
// its result): an approval decided by /approve, a question answered by a number, and a follow-up after
// them leave a history every next model call can send as it is.
import { afterAll, afterEach, expect, test } from "bun:test";
import { T_TG } from "../../../src/texts/vi-tg-chat.ts";
import { startStrictProvider } from "../../helpers/strict-provider.ts";
import { chatHarness } from "./chat-harness.ts";

const strict = startStrictProvider({ pieceMs: 1 });
afterAll(() => strict.stop());
const env = { MY_AGENT_ROUTES: "openai:strict-model", OPENAI_BASE_URL: strict.url, OPENAI_API_KEY: "sk-test-1" };

let h: Awaited<ReturnType<typeof chatHarness>>;
afterEach(async () => await h?.stop());

test("/approve, a numbered answer and a follow-up: no request is refused", async () => {
  h = await chatHarness({ env });
  await h.say(`/tool file_write ${JSON.stringify({ path: "a.txt", content: "x" })}`);
  expect((await h.sent(1))[0]).toStartWith("Đang chờ bạn duyệt: file_write");
  await h.chat.settle(10_000);
  await h.say("/approve");
  await h.sent(3);
  await h.chat.settle(10_000);
  const ask = { question: "Chọn gì?", options: ["có", "không"] };
  await h.say(`/tool ask_user ${JSON.stringify(ask)}`);
  expect((await h.sent(4))[3]).toBe(T_TG.question("Chọn gì?", ["có", "không"]));
  await h.chat.settle(10_000);
  await h.say("1");
  await h.sent(5);
  await h.chat.settle(10_000);
  await h.say("cảm ơn");
  expect((await h.sent(6))[5]).toBe("cảm ơn");
  expect(strict.refusals).toEqual([]);
});
