// Server log lines: human-readable, one per event, to stderr. Never pass a secret value to log().
export class StartupError extends Error {}

export function log(line: string): void {
  process.stderr.write(`${new Date().toISOString()} ${line}\n`);
}
