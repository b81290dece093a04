// The memory section's live part on the Manage stream: the proposals queue is replaced whole when the set of
// proposals or their states changed (a job proposed, another tab decided), never otherwise, so an open
// disclosure stays open.
import { proposalsInner } from "../../views/manage/memory.ts";
import { partial, type UiFrame } from "../../views/live.ts";
import type { AppDeps } from "./deps.ts";
import { memoryPage } from "./memory-data.ts";

/** `force`: the queue as it is (the stream's opening and a reader that fell behind). */
export function memoryLive(d: AppDeps): (force: boolean) => UiFrame[] {
  let shown: string | null = null;
  return (force) => {
    const page = memoryPage(d);
    const key = [...page.pending, ...page.decided].map((p) => `${p.id}:${p.status}`).join(",");
    if (!force && key === shown) return [];
    shown = key;
    return [{ html: partial("#memory-proposals", "innerHTML", proposalsInner(page.pending, page.decided)).toString() }];
  };
}
