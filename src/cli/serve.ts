// `my-crew serve`: the startup order of O-08 as far as this version has parts: lock the home (exit 1 if
// held, reading nothing) → load env → validate config and profiles → bind the port → create the layout
// and open the store → build the crew → close stale runs → resume cut turns → drain queues → the
// approval sweep → serve. Nothing in the home is written before the port is ours. Shutdown is O-09.
import { ensureHomeDir, ensureLayout, homePaths, resolveHome } from "../config/home.ts";
import { lockHome } from "../config/home-lock.ts";
import { loadConfig, loadProfiles } from "../config/load.ts";
import { privateEnv, type Env } from "../config/private-env.ts";
import { resolveSettings } from "../config/settings.ts";
import { createApp } from "../server/app.ts";
import { loadAssets } from "../server/assets.ts";
import { isLoopback } from "../server/auth.ts";
import { pairingCode, type LanAuth } from "../server/lan-auth.ts";
import { listen } from "../server/listen.ts";
import { openStore } from "../store/db.ts";
import { probeSandbox } from "../tools/sandbox.ts";
import { conversationsWithQueue } from "../store/queue.ts";
import { startExpirySweep } from "../turns/expiry.ts";
import { closeLeftOpen, resumeCutTurns } from "../turns/resume.ts";
import { buildRuntime } from "../turns/runtime.ts";
import { telegramFollower } from "../telegram/chat.ts";
import { jobChannel, noticeChannel, telegramChat } from "../telegram/compose.ts";
import { TelegramCutReader } from "../telegram/resume.ts";
import { VERSION } from "../version.ts";
import type { ServeOptions } from "./args.ts";
import { log, StartupError } from "./log.ts";

export async function serve(opts: ServeOptions): Promise<void> {
  // Handlers first: a signal that arrives while starting must still end the process cleanly.
  let shutdown: (signal: string) => void = (signal) => {
    log(`${signal} while starting: exiting`);
    process.exit(0);
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  const root = resolveHome(opts.home, process.env);
  ensureHomeDir(root);
  const lock = lockHome(root);
  if (!lock) throw new StartupError(`home ${root} is held by another my-crew process; stop it or use --home`);
  const paths = homePaths(root);
  // From here on keys live only in `env`, never in process.env (issue 9).
  const env = privateEnv(paths.env);
  const config = loadConfig(paths.config);
  const settings = resolveSettings(config, env);
  const { agents, broken } = loadProfiles(root, log);
  const assets = await loadAssets();

  const server = listen(opts.host, opts.port);
  ensureLayout(paths);
  const store = openDatabase(paths.database);
  const sandbox = probeSandbox();
  if (sandbox.bwrap === null) {
    log(`no shell sandbox: ${sandbox.reason}; shell commands run without one (install bubblewrap)`);
  }
  const tg = telegramChat(env, log);
  const rt = buildRuntime({
    settings, profiles: agents, broken, paths, env, bwrap: sandbox.bwrap, store, log,
    resolveSettings: () => resolveSettings(config, env), telegram: tg.telegram,
    jobChannel: () => jobChannel(chat()), noticeChannel: () => noticeChannel(chat()),
  });
  // The chat reads the channel's turns only while a bot runs (no bot: a cut Telegram turn stays cut, L-83).
  const chat = () => (rt.telegram?.current() ? tg.chat() : null);
  rt.host.follow(telegramFollower(chat));
  for (const [id, a] of rt.crew().agents) for (const p of a.routeProblems) log(`agent ${id}: ${p}`);
  for (const [id, a] of rt.crew().agents) for (const p of a.mcpProblems) log(`agent ${id}: ${p}`);
  const boot = closeLeftOpen(store);
  if (boot.closed.length > 0) log(`closed ${boot.closed.length} run(s) left open by the last process as interrupted`);
  // The Telegram bot starts before resuming, so its cut turns have their reader (L-83): awaited, so its
  // chat exists when resumeCutTurns asks.
  if (!opts.noSchedule) await rt.telegram?.start();
  const readers = [new TelegramCutReader(rt.host, chat), rt.host, rt.jobTurns];
  if (!opts.noSchedule) skipped(resumeCutTurns(store, boot, readers, log));
  // Replies a dying process did not send (an answer stored, its reply not): before new turns begin (★).
  if (!opts.noSchedule) chat()?.catchUp();
  if (!opts.noSchedule) rt.host.drainAll(conversationsWithQueue(store));
  // Boot records the slots missed while the server was down (never run), then the 20 s tick starts.
  if (!opts.noSchedule) rt.scheduler.start();
  const stopSweep = opts.noSchedule ? () => {} : startExpirySweep(store, rt.host, log);
  const lan = lanSettings(opts.host, env);
  const inboundToken = inboundSettings(lan !== null, env);
  const crewDeps = { crew: rt.crew, rebuildCrew: () => rt.rebuild(), reloadCrew: rt.reload, paths, mcp: rt.mcp };
  const deps = { settings, store, assets, log, host: rt.host, hub: rt.hub, jobs: rt.scheduler, ...crewDeps };
  const telegram = rt.telegram;
  server.setHandler(createApp({ ...deps, envFile: paths.env, env, sandbox, lan, inboundToken, telegram }).fetch);
  const crewSize = `${agents.size} agent(s)${broken.size > 0 ? `, ${broken.size} broken` : ""}`;
  const url = `http://${urlHost(opts.host)}:${server.port}/`;
  log(`my-crew ${VERSION} serving ${url} (home ${root}, ${crewSize}, timezone ${settings.timezone})`);
  if (settings.routes.length === 0) log("no model route configured: set MY_AGENT_ROUTES (e.g. fake:echo for a demo)");
  if (opts.noSchedule) log("--no-schedule: nothing starts on its own");

  let stopping = false;
  shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: shutting down`);
    // O-09: draining stops first (and the sweep that continues runs, and the jobs' clock), so no new turn
    // starts; then the going-down mark cuts running turns, closing their calls and leaving their runs
    // `running` for the next boot, while the bot stops taking updates and its loop ends (L-81); then exit,
    // and the OS releases the lock.
    rt.host.stopDraining();
    stopSweep();
    rt.stopJobs();
    void Promise.all([rt.host.goDown(), rt.telegram?.stop()]).finally(() => {
      server.stop();
      store.close();
      lock.release();
      process.exit(0);
    });
  };
}

function skipped(r: ReturnType<typeof resumeCutTurns>): void {
  for (const s of r.skipped) log(`run ${s.runId} not resumed: ${s.why}`);
}

function openDatabase(file: string) {
  try {
    return openStore(file);
  } catch (e) {
    throw new StartupError(`cannot open the database ${file}: ${(e as Error).message}`);
  }
}

/** Bound beyond this machine: a login for LAN clients, with a pairing code shown once in the log. */
function lanSettings(host: string, env: Env): LanAuth | null {
  if (host === "localhost" || isLoopback(host)) return null;
  const code = pairingCode();
  const password = env.MY_AGENT_PASSWORD || null;
  const means = `MY_AGENT_PASSWORD${password ? "" : " (not set)"} or the pairing code ${code}`;
  log(`serving beyond this machine: LAN clients log in with ${means}`);
  return { password, pairingCode: code };
}

/** The inbound token applies on every bind, loopback included (a reverse proxy here is loopback). */
function inboundSettings(lanBound: boolean, env: Env): string | null {
  const token = env.MY_AGENT_INBOUND_TOKEN || null;
  if (token) log("MY_AGENT_INBOUND_TOKEN is set: /api/inbound needs it from every client, this machine included");
  else if (lanBound) log("MY_AGENT_INBOUND_TOKEN is not set: /api/inbound answers only this machine");
  return token;
}

function urlHost(host: string): string {
  return host.includes(":") ? `[${host}]` : host;
}
