// What the HTTP layer is given: the store, the turn host, the activity hub, the crew and settings.
import type { ActivityHub } from "../activity/hub.ts";
import type { HomePaths } from "../config/home.ts";
import type { Settings } from "../config/settings.ts";
import type { McpServerLine } from "../models/connections.ts";
import type { JobsControl } from "../scheduler/types.ts";
import type { Store } from "../store/db.ts";
import type { TelegramState } from "../telegram/channel.ts";
import type { SandboxProbe } from "../tools/sandbox.ts";
import type { Crew } from "../turns/crew.ts";
import type { TurnHost } from "../turns/host.ts";
import type { ReloadResult } from "../turns/runtime.ts";
import type { AssetTable } from "./assets.ts";
import type { LanAuth } from "./lan-auth.ts";

export type AppDeps = {
  settings: Pick<Settings, "allowedHosts" | "timezone">;
  store: Store;
  assets: AssetTable;
  host: TurnHost;
  hub: ActivityHub;
  crew: () => Crew;
  /** Rebuilds the crew from the current environment and profiles (after a save in Connections). */
  rebuildCrew?: () => void;
  /** Re-reads every agent profile from the home and rebuilds the crew (agents API). */
  reloadCrew?: () => ReloadResult;
  /** The home's layout: where agent profiles are installed and saved. */
  paths?: HomePaths;
  /** `<home>/env`, where Connections writes secrets. */
  envFile?: string;
  /** The server's private environment (keys included) the crew is built from; process.env holds no keys. */
  env?: Record<string, string | undefined>;
  /** The start-up check of the shell sandbox, shown in Manage → settings when it is missing. */
  sandbox?: SandboxProbe;
  /** Set when bound to a non-loopback address: clients not on this machine must log in. */
  lan?: LanAuth | null;
  /** MY_AGENT_INBOUND_TOKEN: when set, /api/inbound needs it from every client, loopback too. */
  inboundToken?: string | null;
  /** Milliseconds since the epoch for sessions and the login throttle (tests pass their own). */
  clock?: () => number;
  log?: (line: string) => void;
  /** The MCP servers' state lines for Manage → Connections (H-22); absent = none configured. */
  mcp?: { lines(): McpServerLine[] };
  /** The Telegram channel's state for Manage → settings; absent or null = no channel in this server. */
  telegram?: { state(): TelegramState } | null;
  /** The scheduler's jobs (I-09…I-11); the jobs API is served only when given. */
  jobs?: JobsControl;
};

/** The master agent's id: the web talks only to it (F-07, K-03). */
export { MASTER } from "../config/agent-schema.ts";
