// Cutting a poll's updates into what the poller hands over one at a time (L-41): a lone message, or the
// consecutive updates of one album (one media_group_id) together. Also whether a poll ended inside an album.
import type { TgUpdate } from "./types.ts";

/** Updates in id order, each id once (a held update may come back from Telegram too). */
export function mergeUpdates(...lists: TgUpdate[][]): TgUpdate[] {
  const byId = new Map<number, TgUpdate>();
  for (const list of lists) for (const u of list) if (!byId.has(u.update_id)) byId.set(u.update_id, u);
  return [...byId.values()].sort((a, b) => a.update_id - b.update_id);
}

/** Consecutive updates sharing a media_group_id form one unit; every other update is a unit of its own. */
export function groupUnits(updates: TgUpdate[]): TgUpdate[][] {
  const units: TgUpdate[][] = [];
  for (const u of updates) {
    const group = u.message?.media_group_id;
    const last = units[units.length - 1];
    if (group && last && last[0]!.message?.media_group_id === group) last.push(u);
    else units.push([u]);
  }
  return units;
}

/** The album the updates end in, when the last one belongs to one: more of it may still come. */
export function openAlbum(updates: TgUpdate[]): string | null {
  return updates[updates.length - 1]?.message?.media_group_id ?? null;
}
