// The shape of a conversation (K-01): one agent's thread with its spend, cap and options.
// Types only: src/store/conversations.ts reads and writes it.

export interface Conversation {
  id: string;
  agentId: string;
  title: string;
  channel: string;
  source: string;
  parentId: string | null;
  forkedFrom: string | null;
  summary: string | null;
  spentUsd: number;
  delegatedUsd: number;
  unknownCostCalls: number;
  costCapUsd: number;
  autonomous: boolean;
  autoApprove: string[];
  approvalTtlSeconds: number;
  skills: string[];
  createdAt: string;
  updatedAt: string;
}
