// The configured MCP servers and their state (H-17, H-22): each connects in the background with a
// deadline, so a broken or slow server never holds up the start or a turn; it is one line of state
// (connecting / connected with its tools / the reason it failed) for Manage → Connections and the log.
import type { McpServerLine } from "../models/connections.ts";
import type { Tool } from "../tools/define.ts";
import { mcpTool, type CallFn } from "./adapt.ts";
import type { McpServerConfig, McpSession } from "./session.ts";

/** How long connecting plus listing may take. */
const CONNECT_TIMEOUT_MS = 10_000;

export type McpState =
  | { status: "connecting" }
  | { status: "connected"; tools: Tool[] }
  | { status: "error"; reason: string };


/** What the crew reads when it is built: the tools of a server, or null for a name that is not configured. */
export type McpCatalog = { toolsOf(server: string): Tool[] | null; stateOf(server: string): McpState | undefined };

export class McpServers implements McpCatalog {
  private configs: Record<string, McpServerConfig> = {};
  private states = new Map<string, McpState>();
  private sessions = new Map<string, McpSession>();
  private generation = 0;

  constructor(
    private o: {
      env: Record<string, string | undefined>;
      log: (line: string) => void;
      /** Called after a server's state settles (the crew is rebuilt with its tools). */
      onChange: () => void;
      timeoutMs?: number;
    },
  ) {}

  /** Retires every session and connects every configured server again; resolves once all have settled. */
  refresh(servers: Record<string, McpServerConfig>): Promise<void> {
    const generation = ++this.generation;
    // A call already running finishes on its session; every later one goes to the new session.
    for (const s of this.sessions.values()) s.retire();
    this.sessions.clear();
    this.configs = servers;
    this.states = new Map(Object.keys(servers).map((name) => [name, { status: "connecting" }]));
    const all = Object.entries(servers).map(([name, cfg]) => this.connect(generation, name, cfg));
    return Promise.all(all).then(() => {});
  }

  toolsOf(server: string): Tool[] | null {
    if (!(server in this.configs)) return null;
    const state = this.states.get(server);
    return state?.status === "connected" ? state.tools : [];
  }

  stateOf(server: string): McpState | undefined {
    return this.states.get(server);
  }

  lines(): McpServerLine[] {
    return Object.entries(this.configs).map(([name, cfg]) => {
      const state = this.states.get(name) ?? { status: "connecting" };
      return {
        name,
        host: new URL(cfg.url).host,
        status: state.status,
        ...(state.status === "connected" ? { tools: state.tools.length } : {}),
        ...(state.status === "error" ? { reason: state.reason } : {}),
      };
    });
  }

  close(): void {
    this.generation++;
    this.closeSessions();
  }

  private async connect(generation: number, name: string, cfg: McpServerConfig): Promise<void> {
    let state: McpState;
    let session: McpSession | undefined;
    try {
      // The SDK loads on first use: a crew without MCP servers never parses it at start.
      const { openSession } = await import("./session.ts");
      session = await openSession(cfg, this.o.env, this.o.timeoutMs ?? CONNECT_TIMEOUT_MS);
      // A tool calls whatever session its server has when it runs: a tool held by a turn that started
      // before a reconnect reaches the new session.
      const call: CallFn = (tool, args, signal) => this.sessionOf(name).call(tool, args, signal);
      state = { status: "connected", tools: session.tools.map((t) => mcpTool(name, cfg, t, call)) };
    } catch (e) {
      state = { status: "error", reason: oneLine(e) };
    }
    // A newer refresh replaced this attempt: its session is not kept.
    if (generation !== this.generation) {
      await session?.close();
      return;
    }
    if (session) this.sessions.set(name, session);
    this.states.set(name, state);
    this.o.log(state.status === "connected"
      ? `mcp ${name}: connected, ${state.tools.length} tool(s)`
      : `mcp ${name}: not connected: ${state.reason}`);
    try {
      this.o.onChange();
    } catch (e) {
      this.o.log(`mcp ${name}: the crew could not be rebuilt: ${oneLine(e)}`);
    }
  }

  private sessionOf(name: string): McpSession {
    const session = this.sessions.get(name);
    if (session) return session;
    const state = this.states.get(name);
    const why = state?.status === "error" ? `: ${state.reason}` : state?.status === "connecting" ? " yet" : "";
    throw new Error(`the MCP server ${name} is not connected${why}; try again later or continue without it`);
  }

  private closeSessions(): void {
    for (const s of this.sessions.values()) void s.close();
    this.sessions.clear();
  }
}

/** An error as one short line (SDK errors may carry a response body over several lines). */
function oneLine(e: unknown): string {
  const text = (e instanceof Error ? e.message : String(e)).replace(/\s+/g, " ").trim();
  return text.length > 200 ? `${text.slice(0, 199)}…` : text || "unknown error";
}
