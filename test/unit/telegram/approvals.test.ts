// Approvals and questions over the chat (L-56, L-58, L-63, D-25): the pause is announced with what waits,
// a message meanwhile gets a reminder, /approve and /deny (or the web) decide and the rest of the turn
// comes back without repeating what was sent; a question is answered by the next message, a number picks.
import { afterEach, describe, expect, test } from "bun:test";
import { listDecided } from "../../../src/store/approvals.ts";
import { T_TG } from "../../../src/texts/vi-tg-chat.ts";
import { chatHarness } from "./chat-harness.ts";

let h: Awaited<ReturnType<typeof chatHarness>>;
afterEach(async () => await h?.stop());

const write = (path: string) => `/tool file_write ${JSON.stringify({ path, content: "x" })}`;
const ask = (options?: string[]) => `/tool ask_user ${JSON.stringify({ question: "Chọn gì?", options })}`;

/** Sends `text`, waits for its reply (the `n`-th message), and lets the reading end. */
async function exchange(text: string, n: number): Promise<string> {
  await h.say(text);
  const last = (await h.sent(n)).at(-1)!;
  await h.chat.settle(10_000);
  return last;
}

describe("approvals", () => {
  test("a pause says what waits; a message gets a reminder; /approve streams the rest back once", async () => {
    h = await chatHarness();
    expect(await exchange(write("a.txt"), 1)).toStartWith("Đang chờ bạn duyệt: file_write");
    expect(await exchange("còn đó không?", 2)).toBe(T_TG.reminder);
    await h.say("/approve");
    const after = await h.sent(4);
    expect(after[2]).toBe(T_TG.approved);
    expect(after[3]).not.toStartWith("Đang chờ bạn duyệt");
    await h.chat.settle(10_000);
    expect(h.fake.sent.filter((s) => s.startsWith("Đang chờ bạn duyệt"))).toHaveLength(1);
    expect(listDecided(h.t.store)[0]).toMatchObject({ tool: "file_write", status: "approved" });
    expect(h.handled).toHaveLength(3);
  });

  test("/deny denies; an approval decided on the web is read back to the chat as well", async () => {
    h = await chatHarness();
    await exchange(write("b.txt"), 1);
    await h.say("/deny");
    expect((await h.sent(3))[1]).toBe(T_TG.denied);
    await h.chat.settle(10_000);
    await exchange(write("c.txt"), 4);
    const id = h.chat.pending()!.id;
    const res = await h.t.json(`/api/approvals/${id}`, "POST", { decision: "approve" });
    expect(res.status).toBe(200);
    await h.sent(5);
    expect(listDecided(h.t.store).map((a) => a.status)).toEqual(["approved", "denied"]);
  });

  test("/approve finds the waiting conversation when it is not the newest; without one it says so", async () => {
    h = await chatHarness();
    expect(await exchange("/approve", 1)).toBe(T_TG.noPending);
    await exchange(write("d.txt"), 2);
    const waiting = h.chat.current()!.id;
    expect(await exchange("/new", 3)).toBe(T_TG.opened);
    expect(h.chat.current()!.id).not.toBe(waiting);
    await h.say("/approve");
    expect((await h.sent(5))[3]).toBe(T_TG.approved);
    expect(listDecided(h.t.store)[0]!.conversationId).toBe(waiting);
  });
});

describe("ask_user", () => {
  test("the question comes numbered; /approve is refused; a bare number picks the option", async () => {
    h = await chatHarness();
    expect(await exchange(ask(["có", "không"]), 1)).toBe(T_TG.question("Chọn gì?", ["có", "không"]));
    expect(await exchange("/approve", 2)).toBe(T_TG.questionNotApproval);
    expect(await exchange("/deny", 3)).toBe(T_TG.questionNotApproval);
    await h.say("2");
    await h.sent(4);
    expect(listDecided(h.t.store)[0]).toMatchObject({ status: "answered", answer: "không" });
  });

  test("a number with no option, or a sentence starting with a number, is the answer as typed", async () => {
    h = await chatHarness();
    await exchange(ask(["có", "không"]), 1);
    await exchange("3", 2);
    expect(listDecided(h.t.store)[0]).toMatchObject({ status: "answered", answer: "3" });
    await exchange(ask(["có", "không"]), 3);
    await exchange("2 cái", 4);
    expect(listDecided(h.t.store)[0]).toMatchObject({ status: "answered", answer: "2 cái" });
    expect(h.chat.pending()).toBeNull();
  });
});
