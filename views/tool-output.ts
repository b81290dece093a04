// What a tool card shows of a call's arguments and result: JSON pretty-printed, long text capped, the
// shell's "exit code / stdout / stderr" shape in the person's words, and for a call that never ran
// (denied, expired, cut, closed by a fork) a sentence instead of the English result written for the model.
import { html } from "hono/html";
import { TTool } from "../src/texts/vi-tools.ts";

type Html = ReturnType<typeof html>;

export const ARGS_CAP = 4_000;
export const OUTPUT_CAP = 8_000;

/** Statuses whose stored result only tells the model what happened: the person gets TTool.note. */
const NOTE_ONLY = new Set(["denied", "expired", "interrupted", "forked"]);

export function argsBlock(raw: string): Html {
  return html`<div class="tc-label">${TTool.args}</div><pre class="tc-full">${capped(pretty(raw), ARGS_CAP)}</pre>`;
}

export function outputBlock(name: string, status: string, output: string): Html {
  const note = TTool.note[status];
  if (NOTE_ONLY.has(status)) return html`<p class="tc-note">${note}</p>`;
  const lead = note ? html`<p class="tc-note">${note}</p>` : "";
  if (name === "shell_run" && status === "done") {
    const shell = shellParts(output);
    const parts = shell?.parts.map((p) => block(p.label, p.text));
    if (shell) return html`${lead}<div class="tc-label">${shell.head}</div>${parts}`;
  }
  return html`${lead}${block(TTool.output, pretty(output))}`;
}

function block(label: string, text: string): Html {
  return html`<div class="tc-label">${label}</div><pre class="tc-out">${capped(text, OUTPUT_CAP)}</pre>`;
}

/** JSON objects and arrays indented two spaces; anything else as it came. */
export function pretty(raw: string): string {
  const t = raw.trim();
  if (!t.startsWith("{") && !t.startsWith("[")) return raw;
  try {
    return JSON.stringify(JSON.parse(t), null, 2);
  } catch {
    return raw;
  }
}

export function capped(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}\n${TTool.cut(text.length - max)}`;
}

/** shell_run's result: "exit code: N" (or "killed by signal S"), then "stdout:" / "stderr:" sections. */
function shellParts(output: string): { head: string; parts: { label: string; text: string }[] } | null {
  const m = /^(?:exit code: (-?\d+)|killed by signal (\S+))\n([\s\S]*)$/.exec(output);
  if (!m) return null;
  const head = m[1] !== undefined ? TTool.exitCode(m[1]) : TTool.killedBy(m[2]!);
  const rest = m[3]!;
  const none = "(no output)";
  const quiet = TTool.noOutput + rest.slice(none.length);
  if (rest.startsWith(none)) return { head, parts: [{ label: TTool.output, text: quiet }] };
  const parts: { label: string; text: string }[] = [];
  const at = rest.startsWith("stderr:\n") ? 0 : rest.indexOf("\nstderr:\n");
  const out = rest.startsWith("stdout:\n") ? rest.slice(8, at > 0 ? at : undefined) : null;
  if (out !== null) parts.push({ label: TTool.stdout, text: out });
  if (at >= 0) parts.push({ label: TTool.stderr, text: rest.slice(at === 0 ? 8 : at + 9) });
  return parts.length ? { head, parts } : null;
}
