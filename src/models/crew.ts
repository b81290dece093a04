// What the chat header shows of the crew and of the open conversation's skills (F-20, F-24): computed
// in src/server/header-data.ts, rendered by views/chat-header.ts.

/** One crew member on the header's crew card, the master first. */
export type CrewMember = { id: string; name: string; description: string; mode: "chat" | "work"; live: boolean };

/** One skill of the conversation's agent: `always` ones are on regardless of `enabled`. */
export type SkillToggle = { name: string; description: string; always: boolean; enabled: boolean };

/** A branch's origin (M-17): `title` null when the header names it generically. */
export type ForkOrigin = { id: string; title: string | null };

export type HeaderData = { crew: CrewMember[]; skills: SkillToggle[]; origin?: ForkOrigin | null };

/** The child conversation a `delegate` step opened, by the step's tool call id (F-11): a run card links it. */
export type DelegateLinks = Record<string, { conversationId: string; agentName: string }>;
