// A person's edits of a conversation, shared by the JSON API and the sidebar/header forms so both say
// the same thing to the store, the turn host and the activity hub.
import { deleteConversation, getConversation, renameConversation, touchConversation } from "../store/conversations.ts";
import { conversationJson } from "../turns/json.ts";
import type { AppDeps } from "./deps.ts";

export const TITLE_MAX = 200;

/** A rename by a person is a real change of the conversation, so it moves updated_at (K-05). */
export function renameByPerson(d: AppDeps, id: string, title: string): boolean {
  const done = d.store.tx(() => renameConversation(d.store, id, title) && touchConversation(d.store, id));
  const conv = done ? getConversation(d.store, id) : null;
  if (conv) d.hub.conversation(conversationJson(conv));
  return !!conv;
}

/** Deletes the conversation and closes its turn as interrupted (K-17); false if it did not exist. */
export function removeConversation(d: AppDeps, id: string): boolean {
  if (!deleteConversation(d.store, id)) return false;
  d.host.forget(id);
  d.hub.conversation({ id, deleted: true });
  return true;
}
