// Command-line parsing for ./my-crew: serve flags, --version/--help, and the `agent` subcommand (cli/agent.ts).
// Unknown flags are a one-line error (exit 2), never a stack trace.

export type ServeOptions = {
  cmd: "serve";
  port: number;
  host: string;
  home?: string;
  noSchedule: boolean;
};
export type Command =
  | ServeOptions
  | { cmd: "version" }
  | { cmd: "help" }
  | { cmd: "agent"; args: string[] }
  | { cmd: "error"; message: string };

export const DEFAULT_PORT = 8420;
export const DEFAULT_HOST = "127.0.0.1";

export const USAGE = `my-crew — a self-hosted personal agent

Usage:
  my-crew [serve] [--port N] [--host ADDR] [--home DIR] [--no-schedule]
  my-crew agent add <template> [--workspace PATH] [--home DIR]   (developer, advisor, researcher)
  my-crew --version | --help

Options:
  --port N         port to listen on (default ${DEFAULT_PORT})
  --host ADDR      address to bind (default ${DEFAULT_HOST}; 0.0.0.0 serves the LAN)
  --home DIR       home directory (else $MY_AGENT_HOME, else ~/.my-crew)
  --no-schedule    start nothing on its own: no scheduler, bot, resume or queue drain
`;

export function parseArgs(argv: string[]): Command {
  const args = [...argv];
  if (args[0] === "agent") return { cmd: "agent", args: args.slice(1) };
  if (args[0] === "serve") args.shift();
  const opts: ServeOptions = { cmd: "serve", port: DEFAULT_PORT, host: DEFAULT_HOST, noSchedule: false };
  while (args.length > 0) {
    const raw = args.shift()!;
    const [flag, inline] = raw.includes("=") ? splitOnce(raw) : [raw, undefined];
    const value = () => inline ?? args.shift();
    switch (flag) {
      case "--version": case "-v": return { cmd: "version" };
      case "--help": case "-h": return { cmd: "help" };
      case "--no-schedule": opts.noSchedule = true; break;
      case "--port": {
        const v = value();
        const port = Number(v);
        if (!v || !Number.isInteger(port) || port < 0 || port > 65535) {
          return { cmd: "error", message: `--port needs a number from 0 to 65535, got ${JSON.stringify(v ?? "")}` };
        }
        opts.port = port;
        break;
      }
      case "--host": {
        const v = value();
        if (!v) return { cmd: "error", message: "--host needs an address, e.g. --host 0.0.0.0" };
        opts.host = v;
        break;
      }
      case "--home": {
        const v = value();
        if (!v) return { cmd: "error", message: "--home needs a directory, e.g. --home ~/.my-crew" };
        opts.home = v;
        break;
      }
      default:
        return { cmd: "error", message: `unknown option ${JSON.stringify(raw)} (see my-crew --help)` };
    }
  }
  return opts;
}

function splitOnce(s: string): [string, string] {
  const i = s.indexOf("=");
  return [s.slice(0, i), s.slice(i + 1)];
}
