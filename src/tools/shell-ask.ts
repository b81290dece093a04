// The shell ask-list (D-08, H-08): command shapes that always pause for the owner, even when shell_run
// was allowed "always" or the conversation is autonomous. A soft fence: it catches accidents and clumsy
// injected commands, not a determined attacker (quoting or indirection can hide a command).

import { T } from "../texts/vi.ts";

export type ShellAskPattern = { name: string; pattern: RegExp; reason: string };

/** Start of a simple command: line start, after ; & | ( or newline, or inside $( or backticks. */
const CMD = String.raw`(?:^|[;&|(\n\x60]|\$\()\s*`;
/** One argument of the same simple command (cannot cross ; & | or a newline). */
const ARG = String.raw`[^\s;&|]+\s+`;
/** A target that reaches far: /, an absolute path, ~, $HOME, ., .., ../…, * or ./* . */
const BROAD = String.raw`["']?(?:\/|~|\$\{?HOME\b|\.\.\/|(?:\.{1,2}\/?|\.\/\*|\*)["']?(?=\s|$|[;&|)]))`;

export const SHELL_ASK_PATTERNS: ShellAskPattern[] = [
  {
    name: "recursive rm on a broad path",
    pattern: new RegExp(String.raw`\brm\s+(?:${ARG})*?(?:-[a-zA-Z]*[rR][a-zA-Z]*|--recursive)\s+(?:${ARG})*?${BROAD}`),
    reason: T.shellAsk.rmTree,
  },
  {
    name: "superuser",
    pattern: new RegExp(String.raw`\b(?:sudo|doas|pkexec)\b|${CMD}su(?![\w.-])`),
    reason: T.shellAsk.superuser,
  },
  {
    name: "raw disk write",
    pattern: new RegExp(
      String.raw`${CMD}dd\s+(?:${ARG})*?(?:if|of)=|` +
      String.raw`\b(?:mkfs(?:\.\w+)?|wipefs|fdisk|parted|mkswap)\b|` +
      String.raw`>\s*\/dev\/(?:sd|hd|vd|xvd|nvme|mmcblk|disk)`,
    ),
    reason: T.shellAsk.disk,
  },
  {
    name: "shutdown",
    pattern: new RegExp(
      String.raw`${CMD}(?:shutdown|reboot|halt|poweroff)\b|` +
      String.raw`\bsystemctl\s+(?:\S+\s+)*?(?:poweroff|reboot|halt|suspend|hibernate)\b|` +
      String.raw`${CMD}init\s+[06]\b`,
    ),
    reason: T.shellAsk.shutdown,
  },
  {
    name: "forced git push",
    pattern: new RegExp(
      String.raw`\bgit\s+(?:${ARG})*?push\b[^;&|\n]*?` +
      String.raw`(?:\s--force(?:-with-lease)?\b|\s-[a-zA-Z]*f[a-zA-Z]*\b|\s\+[\w./-]+)`,
    ),
    reason: T.shellAsk.forcePush,
  },
  {
    name: "download piped to a shell",
    pattern: new RegExp(
      String.raw`\b(?:curl|wget|fetch)\b[^;&\n]*\|\s*(?:sudo\s+)?(?:env\s+)?` +
      String.raw`(?:(?:ba|z|da|k|fi)?sh|python[\d.]*|perl|ruby|node)\b|` +
      String.raw`\b(?:ba|z|da|k)?sh\s+(?:-c\s+)?["']?(?:<\(|\$\()\s*(?:curl|wget)\b`,
    ),
    reason: T.shellAsk.curlPipe,
  },
  {
    name: "world-writable recursive chmod",
    pattern: new RegExp(
      String.raw`\bchmod\b(?=[^;&|\n]*(?:\s-[a-zA-Z]*R[a-zA-Z]*\b|\s--recursive\b))` +
      String.raw`(?=[^;&|\n]*\s(?:0?777|a\+rwx|o\+w)\b)`,
    ),
    reason: T.shellAsk.chmod,
  },
  {
    name: "write to /etc",
    pattern: new RegExp(
      String.raw`>>?\s*["']?\/etc\/|\btee\s+(?:-\S+\s+)*["']?\/etc\/|` +
      String.raw`\b(?:cp|mv|install|ln|rsync|rm|truncate|chown|chmod|sed\s+(?:-\S+\s+)*-i\S*)\b` +
      String.raw`[^;&|\n]*\s["']?\/etc(?:\/|\s|$)`,
    ),
    reason: T.shellAsk.etc,
  },
  {
    name: "kill every process",
    pattern: new RegExp(String.raw`\bkill\b[^;&|\n]*\s-1(?=\s*$|\s*[;&|)])|\bkillall5\b`),
    reason: T.shellAsk.killAll,
  },
  {
    name: "fork bomb",
    pattern: /([\w:]+)\s*\(\)\s*\{[^}]*?\1\s*\|\s*\1\s*&/,
    reason: T.shellAsk.forkBomb,
  },
];

/**
 * The approval card's sentence when the command matches the ask-list, else null. Several matches are
 * listed together so the owner sees every reason at once.
 */
export function shellAskReason(command: string): string | null {
  const reasons = SHELL_ASK_PATTERNS.filter((p) => p.pattern.test(command)).map((p) => p.reason);
  if (reasons.length === 0) return null;
  return `${T.shellAsk.intro} ${reasons.join(" ")}`;
}
