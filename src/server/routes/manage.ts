// /manage/<section> and /manage/activity/<run id> (M-39…M-44, J-09…J-12): each section is read from
// the store and rendered inside its own boundary, so a failing section never takes the nav down.
import { Hono, type Context } from "hono";
import { html } from "hono/html";
import { appShell, pendingTitle } from "../../../views/app-shell.ts";
import { activitySection, historyPage, historyRows } from "../../../views/manage/activity.ts";
import { approvalsSection } from "../../../views/manage/approvals.ts";
import { costsSection } from "../../../views/manage/costs.ts";
import { runPage } from "../../../views/manage/run-page.ts";
import { sessionsCard } from "../../../views/manage/sessions.ts";
import { settingsSection } from "../../../views/manage/settings.ts";
import { connectionsSection } from "../../../views/manage/connections.ts";
import { jobsSection } from "../../../views/manage/jobs.ts";
import { memorySection } from "../../../views/manage/memory.ts";
import { teamSection } from "../../../views/manage/team.ts";
import { toolsSection } from "../../../views/manage/tools.ts";
import { errorCard, manageMain, SECTIONS, soon, type Section } from "../../../views/manage/shell.ts";
import { sidebar } from "../../../views/sidebar.ts";
import { connectionsStatus } from "../../connections/status.ts";
import { StatsCache } from "../../ledger/stats.ts";
import { listDecided, listPending } from "../../store/approvals.ts";
import { listConversations } from "../../store/conversations.ts";
import { countPendingProposals } from "../../store/memory-proposals.ts";
import { all } from "../../store/db.ts";
import { getRun, listRuns, listSteps } from "../../store/runs.ts";
import { delegateLinks } from "../delegate-links.ts";
import { T } from "../../texts/vi.ts";
import { ownerMinute } from "../../config/owner-time.ts";
import { VERSION } from "../../version.ts";
import { MASTER, type AppDeps } from "../deps.ts";
import { jobsPage } from "../jobs-data.ts";
import { memoryPage } from "../memory-data.ts";
import { counters, needsYou } from "../manage-data.ts";
import { toolsPage } from "../tools-data.ts";
import { liveSection, manageScreen, manageStream, sectionTitle } from "../manage-live.ts";
import { fingerprint } from "../screen-stream.ts";
import { seenOf } from "./ui-turns.ts";
import { sessionsData } from "./sessions.ts";
import { teamData, teamRoutes } from "./team.ts";

type Body = Parameters<typeof manageMain>[3];
export type SectionRenderer = (d: AppDeps, c: Context) => Body | Promise<Body>;

const PAGE = 50;

export function manageRoutes(d: AppDeps, extra: Partial<Record<Section, SectionRenderer>> = {}): Hono {
  const app = new Hono();
  const stats = new StatsCache();
  const renderers: Partial<Record<Section, SectionRenderer>> = {
    activity: (d) => activitySection({ ...activityData(d, null), pending: listPending(d.store).length,
      memoryPending: countPendingProposals(d.store) }),
    approvals: (d) => approvalsSection({
      pending: listPending(d.store), decided: listDecided(d.store, 100), unseenErrors: needsYou(d).length,
    }),
    costs: (d) => costsSection(stats.get(d.store, d.settings.timezone)),
    settings: (d, c) => settingsSection(settingsData(d), sessionsCard(sessionsData(c, d))),
    connections: (d) => connectionsSection(connectionsStatus(d)),
    team: (d, c) => teamSection(teamData(d), undefined, c.req.query("edit")),
    jobs: (d) => (d.jobs ? jobsSection(jobsPage(d, d.jobs)) : soon()),
    tools: (d) => toolsSection(toolsPage(d)),
    memory: (d) => memorySection(memoryPage(d)),
    ...extra,
  };

  /** `run`: one run's page, under the activity section but without its running list. */
  type Status = 200 | 404;
  const page = async (
    c: Context, section: Section, body: () => Body | Promise<Body>, status: Status = 200, run = "",
  ) => {
    const part = run ? "other" : liveSection(section);
    // Fingerprinted before rendering: a change in between makes the stream send the newer state.
    const seen = fingerprint(d, manageScreen(d, part, sectionTitle(section)));
    let content: Body;
    try {
      content = await body();
    } catch (e) {
      d.log?.(`manage ${section} failed: ${(e as Error)?.stack ?? e}`);
      content = errorCard();
    }
    const query = new URLSearchParams({ section, ...(run ? { run } : {}), seen }).toString();
    const main = manageMain(d.assets, section, counters(d), content, query);
    const partial = c.req.header("hx-request") === "true" && c.req.header("hx-request-type") !== "full";
    const list = listConversations(d.store, { agentId: MASTER });
    const title = sectionTitle(section);
    const pending = listPending(d.store).length;
    // A swapped-in section replaces the tab title too: it keeps the pending count, like a full page.
    const full = () => appShell(d.assets, title, sidebar(d.assets, list, null), main, pending);
    const res = await c.html(partial ? html`<title>${pendingTitle(title, pending)}</title>${main}` : full(), status);
    res.headers.set("cache-control", "no-store");
    return res;
  };

  app.route("/", teamRoutes(d));
  app.get("/manage/live", (c) => {
    const section = c.req.query("section") ?? "";
    const part = c.req.query("run") ? "other" : liveSection(section);
    return manageStream(d, part, sectionTitle(section), seenOf(c));
  });
  app.get("/manage", (c) => c.redirect("/manage/activity", 302));
  app.get("/manage/activity/:run", (c) => {
    const run = getRun(d.store, c.req.param("run"));
    const children = run?.conversationId
      ? all<{ id: string }>(d.store, "SELECT id FROM runs WHERE source = $s ORDER BY started_at", {
        s: `delegate:${run.conversationId}`,
      }).map((r) => getRun(d.store, r.id)!)
      : [];
    const maxSteps = run ? d.crew().get(run.agentId)?.maxSteps ?? 30 : 30;
    const steps = run ? listSteps(d.store, run.id) : [];
    const links = run ? delegateLinks(d, [{ run, steps }]) : {};
    const body = () => runPage({ run, steps, children, maxSteps, links });
    return page(c, "activity", body, run ? 200 : 404, c.req.param("run"));
  });
  app.get("/manage/fragments/history", (c) => {
    const agent = c.req.query("agent") || null;
    const runs = listRuns(d.store, {
      agentId: agent ?? undefined, before: c.req.query("before") || undefined, limit: PAGE,
    });
    const next = runs.length === PAGE ? runs[runs.length - 1]!.startedAt : null;
    if (c.req.query("append")) return c.html(historyPage(runs, next, agent));
    return c.html(historyRows(runs, next, agent));
  });
  app.get("/manage/:section", (c) => {
    const section = c.req.param("section") as Section;
    if (!SECTIONS.includes(section)) return c.redirect("/manage/activity", 302);
    const render = renderers[section];
    return page(c, section, () => (render ? render(d, c) : soon()));
  });
  return app;
}

function activityData(d: AppDeps, agent: string | null) {
  const history = listRuns(d.store, { agentId: agent ?? undefined, limit: PAGE });
  return {
    needsYou: needsYou(d),
    running: listRuns(d.store, { limit: 200 }).filter((r) => r.status === "running"),
    history,
    nextBefore: history.length === PAGE ? history[history.length - 1]!.startedAt : null,
    agents: [...d.crew().agents.keys()],
    agent,
  };
}

function settingsData(d: AppDeps) {
  const master = d.crew().get(MASTER);
  return {
    routes: master?.routes.map((r) => r.label) ?? [],
    routeProblems: master?.routeProblems ?? [],
    timezone: d.settings.timezone,
    telegram: d.crew().profiles.get(MASTER)?.telegram !== undefined,
    bot: telegramView(d),
    version: VERSION,
    sandbox: d.sandbox ?? null,
  };
}

/** The bot's state as it is now, its last update time in the owner's time zone. */
function telegramView(d: AppDeps) {
  const s = d.telegram?.state();
  if (!s) return null;
  const at = s.lastUpdateAt ? ownerMinute(new Date(s.lastUpdateAt), d.settings.timezone) : null;
  return { ...s, lastUpdateAt: at };
}
