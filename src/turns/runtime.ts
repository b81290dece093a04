// The server's live parts built from settings and profiles: the crew, the activity hub and the turn
// host. serve.ts and the HTTP tests build them the same way. The crew is rebuilt, never edited in place:
// a turn that started keeps the runtime it started with, the next one sees the new crew (F-22). The
// scheduler follows every rebuild (I-13); serve.ts starts its clock unless --no-schedule.
import { join } from "node:path";
import { ActivityHub } from "../activity/hub.ts";
import { MASTER, type AgentProfile } from "../config/agent-schema.ts";
import type { HomePaths } from "../config/home.ts";
import { ConfigError, loadProfiles } from "../config/load.ts";
import type { Settings } from "../config/settings.ts";
import { McpServers } from "../mcp/servers.ts";
import { Scheduler } from "../scheduler/clock.ts";
import { JobTurns } from "../scheduler/job-turns.ts";
import { runJob } from "../scheduler/run-job.ts";
import { Streaks } from "../scheduler/streaks.ts";
import type { Channel, Clock, Job, JobChannel } from "../scheduler/types.ts";
import type { Store } from "../store/db.ts";
import type { BotCommand } from "../telegram/bot.ts";
import { TelegramChannel, type HandlerFactory } from "../telegram/channel.ts";
import type { IncomingHandler } from "../telegram/types.ts";
import { buildCrew, type Crew } from "./crew.ts";
import { TurnHost } from "./host.ts";

/** A reload's outcome: a broken master file keeps the running crew and says why (one line). */
export type ReloadResult = { ok: true } | { ok: false; error: string };

export type Runtime = {
  crew: () => Crew;
  hub: ActivityHub;
  host: TurnHost;
  /** The jobs' clock (JobsControl for the API); its 20 s tick runs only once started. */
  scheduler: Scheduler;
  /** The reader of prompt-job turns cut by a restart (boot passes it to resumeCutTurns). */
  jobTurns: JobTurns;
  /** The MCP servers' state (Manage → Connections); they reconnect on every rebuild and reload. */
  mcp: McpServers;
  /** Shutdown: the clock stops, a running command job is killed (its run closed `interrupted`), MCP sessions close. */
  stopJobs(): void;
  /** Rebuilds the crew from `profiles` (default: the ones it runs now), e.g. after a save in Connections. */
  rebuild(profiles?: Map<string, AgentProfile>): void;
  /** Re-reads every agent.yaml of the home and rebuilds the crew (F-16, F-22, F-23). */
  reload(): ReloadResult;
  /** The master's Telegram channel; null when no chat handler was given. serve.ts starts and stops it. */
  telegram: TelegramChannel | null;
};

/** What the Telegram chat's handler is built from: the bot, and the runtime it hands messages to. */
export type TelegramParts = { host: TurnHost; store: Store; crew: () => Crew; hub: ActivityHub; settings: Settings };
export type TelegramHandler = (bot: Parameters<HandlerFactory>[0], parts: TelegramParts) => IncomingHandler;

export function buildRuntime(o: {
  settings: Settings;
  profiles: Map<string, AgentProfile>;
  /** Members whose file did not validate at start (config/load.ts). */
  broken?: Map<string, string>;
  paths: HomePaths;
  env: Record<string, string | undefined>;
  store: Store;
  log: (line: string) => void;
  /** bwrap's path when the shell sandbox works here (sandbox.ts); absent = commands run directly. */
  bwrap?: string | null;
  /** Re-reads settings from the environment (a save in Connections changes MY_AGENT_ROUTES). */
  resolveSettings?: () => Settings;
  /** The scheduler's clock; tests move it by hand. */
  clock?: Clock;
  /** Where prompt jobs' answers go (the Telegram bot's chat); absent: nowhere (L-64). */
  jobChannel?: () => JobChannel | null;
  /** Where failure notices of jobs go (I-22…I-37, the Telegram chat); absent: nowhere. */
  noticeChannel?: () => Channel | null;
  /**
   * The Telegram chat's handler (the router) and its commands; without a handler no bot is built. `turns`:
   * what a stopping bot waits for (the chat's reads, replies included); default the host's telegram turns.
   */
  telegram?: { handler: TelegramHandler; commands: BotCommand[]; turns?: () => Promise<unknown>[] };
}): Runtime {
  const build = (profiles: Map<string, AgentProfile>, broken: Map<string, string>) =>
    buildCrew(o.settings, profiles, o.paths, o.env, o.bwrap ?? null, broken, mcp);
  // A server that settles (connected or failed) rebuilds the crew with what it now offers (H-22).
  const mcp = new McpServers({ env: o.env, log: o.log, onChange: () => (crew = build(crew.profiles, crew.broken)) });
  void mcp.refresh(o.settings.mcp_servers);
  let crew = build(o.profiles, o.broken ?? new Map());
  const hub = new ActivityHub();
  const host = new TurnHost({ store: o.store, crew: () => crew, hub, log: o.log });
  const { scheduler, jobTurns, stopJobs } = buildScheduler(o, () => crew, hub, host);
  const parts = { host, store: o.store, crew: () => crew, hub, settings: o.settings };
  const telegram = o.telegram ? telegramChannel(o, parts, o.telegram) : null;
  void telegram?.configure(o.profiles.get(MASTER));
  const rebuild = (profiles = crew.profiles, broken = crew.broken) => {
    // The settings object is shared with the server; refresh it in place so every reader sees it.
    if (o.resolveSettings) Object.assign(o.settings, o.resolveSettings());
    void mcp.refresh(o.settings.mcp_servers);
    crew = build(profiles, broken);
    scheduler.reload();
    // Rebuilds the bot only when the master's block, its token or chat_id changed (L-17).
    void telegram?.configure(profiles.get(MASTER));
  };
  return {
    crew: () => crew,
    hub,
    host,
    scheduler,
    jobTurns,
    stopJobs: () => {
      stopJobs();
      mcp.close();
    },
    mcp,
    telegram,
    rebuild: (profiles) => rebuild(profiles, profiles ? new Map() : crew.broken),
    reload() {
      try {
        const loaded = loadProfiles(o.paths.root, o.log);
        rebuild(loaded.agents, loaded.broken);
        return { ok: true };
      } catch (e) {
        if (e instanceof ConfigError) return { ok: false, error: e.message };
        throw e;
      }
    },
  };
}

function telegramChannel(
  o: { paths: HomePaths; env: Record<string, string | undefined>; store: Store; log: (line: string) => void },
  parts: TelegramParts,
  given: NonNullable<Parameters<typeof buildRuntime>[0]["telegram"]>,
): TelegramChannel {
  const turns = given.turns ?? (() => parts.host.turnsOf("telegram").map((t) => t.done));
  // A turn still running 30 s into a stop is cancelled like a Stop; its reader tells the chat (L-81).
  const cancel = () => parts.host.turnsOf("telegram").forEach((t) => t.abort.abort("stop"));
  const { store, env, log } = o;
  const offsetFile = join(o.paths.root, "telegram.offset");
  return new TelegramChannel({
    store, env, log, offsetFile, commands: given.commands, turns, cancel, handler: (bot) => given.handler(bot, parts),
  });
}

/** The clock with its runners (run-job.ts) and failure streaks (streaks.ts). */
function buildScheduler(
  o: Pick<Parameters<typeof buildRuntime>[0], "store" | "settings" | "log" | "clock" | "jobChannel" | "noticeChannel">,
  crew: () => Crew,
  hub: ActivityHub,
  host: TurnHost,
) {
  const going = new AbortController();
  const timezone = () => o.settings.timezone;
  const base = { store: o.store, hub, log: o.log, clock: o.clock };
  const channel = () => o.noticeChannel?.() ?? null;
  const streaks = new Streaks({ ...base, nameOf: (id) => crew().get(id)?.name, channel, timezone });
  const runDeps = { ...base, host, crew, signal: going.signal, jobChannel: o.jobChannel };
  const run = (job: Job) => runJob(runDeps, job);
  const count = streaks.countOutcome;
  const scheduler = new Scheduler({ ...base, crew, timezone, run, count, telling: streaks.telling });
  const stopJobs = () => {
    scheduler.stop();
    going.abort("shutdown");
  };
  // The job turns the host continues itself (after an approval) are delivered too (L-67).
  const jobTurns = new JobTurns(runDeps);
  host.follow(jobTurns);
  return { scheduler, jobTurns, stopJobs };
}
