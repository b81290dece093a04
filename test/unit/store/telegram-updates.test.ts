// The update ledger (migration 4): handled ids per bot, attempts counted, held updates, pruning.
import { describe, expect, test } from "bun:test";
import { openStore } from "../../../src/store/db.ts";
import {
  beginAttempt, handledAmong, heldUpdates, holdUpdates, markHandled, pruneUpdates,
} from "../../../src/store/telegram-updates.ts";

const update = (id: number) => ({ update_id: id, message: { message_id: id, date: 0, chat: { id: 1, type: "private" } } });

describe("telegram update ledger", () => {
  test("handled ids are per bot; attempts count up", () => {
    const store = openStore(":memory:");
    markHandled(store, 1, [10, 11]);
    expect(handledAmong(store, 1, [10, 11, 12])).toEqual(new Set([10, 11]));
    expect(handledAmong(store, 2, [10])).toEqual(new Set());
    expect(beginAttempt(store, 1, [12])).toBe(1);
    expect(beginAttempt(store, 1, [12, 13])).toBe(2);
  });

  test("held updates come back until handled", () => {
    const store = openStore(":memory:");
    holdUpdates(store, 1, [update(5), update(6)]);
    expect(heldUpdates(store, 1).map((u) => u.update_id)).toEqual([5, 6]);
    markHandled(store, 1, [5]);
    expect(heldUpdates(store, 1).map((u) => u.update_id)).toEqual([6]);
    holdUpdates(store, 1, [update(5)]);
    expect(heldUpdates(store, 1).map((u) => u.update_id)).toEqual([6]);
  });

  test("pruning drops rows Telegram confirmed, keeps held ones and everything above", () => {
    const store = openStore(":memory:");
    markHandled(store, 1, [1, 2, 3, 8]);
    holdUpdates(store, 1, [update(4)]);
    markHandled(store, 2, [1]);
    pruneUpdates(store, 1, 5);
    const rows = store.db.query<{ b: number; u: number }, []>(
      "SELECT bot_id AS b, update_id AS u FROM telegram_updates ORDER BY b, u",
    ).all();
    expect(rows).toEqual([{ b: 1, u: 4 }, { b: 1, u: 8 }, { b: 2, u: 1 }]);
  });
});
