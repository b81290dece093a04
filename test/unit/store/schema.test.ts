// Schema-level guarantees: enum CHECKs reject unknown values, and side_calls has no place for a prompt.
import { describe, expect, test } from "bun:test";
import { conversation, memStore } from "./helpers.ts";

function columns(store: ReturnType<typeof memStore>, table: string): string[] {
  return store.db.query<{ name: string }, []>(`SELECT name FROM pragma_table_info('${table}')`).all().map((c) => c.name);
}

describe("schema", () => {
  test("side_calls stores metrics only: no prompt, message or output column", () => {
    const store = memStore();
    const cols = columns(store, "side_calls");
    expect(cols.filter((c) => /prompt|content|message|text|result|output$|input$/.test(c))).toEqual([]);
    expect(cols).toEqual([
      "id", "purpose", "provider", "model", "cost_usd", "input_tokens", "output_tokens", "cached_tokens",
      "reasoning_tokens", "conversation_id", "run_id", "agent_id", "duration_ms", "created_at",
    ]);
  });

  test("every table named in the design exists", () => {
    const store = memStore();
    const tables = store.db
      .query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table'")
      .all()
      .map((t) => t.name);
    for (const t of [
      "conversations", "messages", "message_requests", "queued_messages", "approvals", "runs", "run_steps",
      "side_calls", "canvases", "canvas_versions", "script_store", "job_state", "created_schedules",
      "memory_proposals", "messages_fts", "schema_migrations", "job_slots", "telegram_sent",
    ]) {
      expect(tables).toContain(t);
    }
  });

  test("CHECK constraints reject values outside each enum", () => {
    const store = memStore();
    const c = conversation(store, { id: "c" });
    const at = "2030-01-01T00:00:00.000Z";
    const bad: [string, unknown[]][] = [
      ["INSERT INTO messages (conversation_id, seq, role, created_at) VALUES (?, 1, 'system', ?)", [c.id, at]],
      ["INSERT INTO messages (conversation_id, seq, role, created_at) VALUES (?, 0, 'user', ?)", [c.id, at]],
      ["INSERT INTO queued_messages (conversation_id, kind, text, source, created_at) VALUES (?, 'urgent', 'x', 'chat', ?)", [c.id, at]],
      ["INSERT INTO runs (id, agent_id, source, status, started_at) VALUES ('r', 'a', 'chat', 'stopped', ?)", [at]],
      ["INSERT INTO runs (id, agent_id, source, status, halt_reason, started_at, ended_at) VALUES ('r', 'a', 'chat', 'halted', 'tired', ?, ?)", [at, at]],
      ["INSERT INTO approvals (id, conversation_id, tool_call_id, tool, kind, created_at, deadline_at) VALUES ('a', ?, 't', 'x', 'vote', ?, ?)", [c.id, at, at]],
      ["INSERT INTO canvases (id, agent_id, title, kind, created_at, updated_at) VALUES ('v', 'a', 't', 'pdf', ?, ?)", [at, at]],
      ["INSERT INTO script_store (agent_id, namespace, key, value_json, updated_at) VALUES ('a', 'agent:a', 'k', '1', ?)", [at]],
      ["INSERT INTO script_store (agent_id, namespace, key, value_json, updated_at) VALUES ('a', 'job:x', 'k', 'not json', ?)", [at]],
      ["INSERT INTO job_state (job_id, paused, updated_at) VALUES ('a/b', 2, ?)", [at]],
      ["INSERT INTO job_state (job_id, fail_count, updated_at) VALUES ('a/b', 1, ?)", [at]],
      ["INSERT INTO created_schedules (id, agent_id, cron, prompt, created_at) VALUES ('mine-1', 'a', '* * * * *', 'p', ?)", [at]],
      ["INSERT INTO created_schedules (id, agent_id, cron, every, prompt, created_at) VALUES ('chat-1', 'a', '* * * * *', '1h', 'p', ?)", [at]],
      ["INSERT INTO created_schedules (id, agent_id, prompt, created_at) VALUES ('chat-2', 'a', 'p', ?)", [at]],
      ["INSERT INTO memory_proposals (agent_id, scope, path, new_text, created_at) VALUES ('a', 'world', 'p', 'x', ?)", [at]],
      ["INSERT INTO memory_proposals (agent_id, scope, path, new_text, status, created_at) VALUES ('a', 'user', 'p', 'x', 'maybe', ?)", [at]],
    ];
    for (const [sql, params] of bad) {
      expect(() => store.db.run(sql, params as never)).toThrow(/CHECK constraint failed/);
    }
  });
});
