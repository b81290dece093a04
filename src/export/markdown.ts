// The human-readable run export (J-13): the same record as the JSON export, already redacted, laid
// out as Markdown. Text from the run is always fenced, so a message cannot break the document.
import type { RunExport, ToolCallExport } from "./run-export.ts";

type MessageOut = RunExport["messages"][number];
type StepOut = RunExport["run"]["steps"][number];

export function renderMarkdown(x: RunExport): string {
  const r = x.run;
  const out: string[] = [];
  out.push(quote(x.review_reminder), "", `# Run ${r.id}`, "");
  out.push("| | |", "|---|---|");
  const rows: [string, unknown][] = [
    ["Agent", r.agent_id],
    ["Source", r.source],
    ["Conversation", r.conversation_id],
    ["Status", r.halt_reason ? `${r.status} (${r.halt_reason})` : r.status],
    ["Model", r.model],
    ["Spent", spend(r.spent_usd, r.unknown_cost_calls)],
    ["Started", r.started_at],
    ["Ended", r.ended_at],
    ["Resumed after restart", r.resumed ? "yes" : "no"],
    [
      "Messages",
      x.slice === "by_time"
        ? "sliced by start/end time (no after_seq mark; boundaries are approximate)"
        : `after seq ${r.after_seq}`,
    ],
  ];
  for (const [k, v] of rows) out.push(`| ${k} | ${cell(v)} |`);
  if (r.summary) out.push("", "**Summary**", "", fence(r.summary));

  out.push("", `## Steps (${r.steps.length})`, "");
  if (r.steps.length === 0) out.push("_none_");
  r.steps.forEach((s) => out.push(stepLine(s)));

  out.push("", `## Messages (${x.messages.length})`);
  for (const m of x.messages) out.push(...messageBlock(m, "###"));

  out.push("", `## Tool calls (${x.tool_calls.length})`);
  for (const t of x.tool_calls) out.push(...toolCallBlock(t));

  out.push("", `## Delegated agents (${x.children.length})`);
  for (const c of x.children) {
    out.push("", `### ${c.agent_id}: run ${c.run_id}`, "", `Conversation: ${cell(c.conversation_id)}`);
    for (const m of c.messages) out.push(...messageBlock(m, "####"));
  }
  return out.join("\n") + "\n";
}

function stepLine(s: StepOut): string {
  const parts = [`${s.seq}. **${s.type}**`];
  if (s.name) parts.push(`\`${s.name}\``);
  parts.push(s.status);
  if (s.type === "model") parts.push(s.cost_usd === null ? "cost unknown" : spend(s.cost_usd, 0));
  if (s.input_tokens !== null || s.output_tokens !== null) {
    parts.push(`${s.input_tokens ?? 0} in / ${s.output_tokens ?? 0} out tokens`);
  }
  if (s.duration_ms !== null) parts.push(`${s.duration_ms} ms`);
  return parts.join(" · ");
}

/** One message as a heading and its fenced text; the conversation export uses it too. */
export function messageBlock(m: MessageOut, level: string): string[] {
  const who = m.role === "tool" ? `tool \`${m.name ?? "?"}\` (call ${m.tool_call_id ?? "?"})` : m.role;
  const via = m.provider ? ` · ${m.provider}:${m.model}` : "";
  const lines = ["", `${level} #${m.seq} ${who}${via} · ${m.created_at}`, ""];
  if (m.content) lines.push(fence(m.content));
  if (Array.isArray(m.tool_calls) && m.tool_calls.length > 0) {
    lines.push("", "Tool calls:", "", fence(JSON.stringify(m.tool_calls, null, 2), "json"));
  }
  return lines;
}

function toolCallBlock(t: ToolCallExport): string[] {
  const args = typeof t.arguments === "string" ? t.arguments : JSON.stringify(t.arguments, null, 2);
  const size = t.truncated ? `${t.result_chars} characters, cut for the export` : `${t.result_chars} characters`;
  return [
    "",
    `### \`${t.name ?? "?"}\` (call ${t.id ?? "?"}): ${t.status}`,
    "",
    "Arguments:",
    "",
    fence(args ?? "", typeof t.arguments === "string" ? "text" : "json"),
    "",
    `Result (${size}):`,
    "",
    fence(t.result ?? ""),
  ];
}

function spend(usd: number, unknown: number): string {
  const known = `$${usd.toFixed(6).replace(/0{1,4}$/, "")}`;
  return unknown > 0 ? `${known} + ${unknown} call(s) of unknown cost` : known;
}

/** A fence longer than any backtick run inside the text. */
function fence(text: string, lang = "text"): string {
  let longest = 2;
  for (const m of text.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  const f = "`".repeat(longest + 1);
  return `${f}${lang}\n${text}\n${f}`;
}

export function quote(text: string): string {
  return text.split("\n").map((l) => `> ${l}`).join("\n");
}

/** A table cell on one line, pipes escaped. */
export function cell(v: unknown): string {
  if (v === null || v === undefined || v === "") return "-";
  return String(v).replace(/\r?\n/g, " ").replace(/\|/g, "\\|");
}
