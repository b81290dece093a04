// The crash harness (issue 10): the real binary against the strict provider, killed with SIGKILL at
// injected points (MY_CREW_CRASH_AT) or at a random moment, or stopped with SIGTERM mid-command; then
// restarted on the same home. After each kill: every accepted message is answered exactly once, no
// non-replay-safe command ran twice, each cut run resumed at most once, and the next turn in the same
// conversation succeeds against the strict provider. `npm run test:crash`; CRASH_SEED=n replays a run.
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { CrashPoint } from "../../src/crash-point.ts";
import { stopAll, tempDir } from "../helpers/binary.ts";
import { startStrictProvider } from "../helpers/strict-provider.ts";
import { gate } from "../helpers/wait.ts";
import { assertProperties, boot, death, send, settle, type Server } from "./harness.ts";

type Kill = CrashPoint | "external" | "sigterm-tool";
const POINTS: Kill[] = [
  ...(["turn-start", "model-stream", "tool-before", "tool-started", "tool-done", "run-finish"] as const),
  ...(["queue-tx", "decision-tx", "decision-committed", "resume-start", "external", "sigterm-tool"] as const),
];
const KILLS = Number(process.env.CRASH_KILLS ?? 50);
const SEED = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
console.log(`crash harness: ${KILLS} kills, CRASH_SEED=${SEED}`);

// A small seeded generator, so a failing sequence can be replayed exactly.
let state = SEED;
const random = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)]!;

// Every point once (shuffled), then random ones: 50 kills cover all twelve at least once. Each kill's
// details are drawn right after it, so a shorter CRASH_KILLS replays a prefix of the same sequence.
type Plan = { kill: Kill; nth: number; delay: number; withTool: boolean };
const shuffled = [...POINTS].sort(() => random() - 0.5);
const plan: Plan[] = Array.from({ length: KILLS }, (_, i) => {
  const kill = shuffled[i] ?? pick(POINTS);
  // The second model call of a turn exists only when the first one called a tool.
  const nth = kill === "model-stream" ? 1 + Math.floor(random() * 2) : 1;
  return { kill, nth, delay: Math.floor(random() * 500), withTool: nth > 1 || random() < 0.6 };
});

const strict = startStrictProvider({ pieceMs: 15 });
// Each test kills its servers in a finally; this catches one a timed-out test could not reach.
afterAll(async () => {
  try {
    await stopAll();
  } finally {
    strict.stop();
  }
});

const shell = (command: string) => `/tool shell_run ${JSON.stringify({ command })}`;

describe("crash harness", () => {
  plan.forEach((p, i) => {
    test(`kill ${i + 1}: ${p.kill}${p.nth > 1 ? `:${p.nth}` : ""}`, () => cutAndCheck(p, i), 60_000);
  });
});

async function cutAndCheck({ kill, nth, delay, withTool }: Plan, i: number) {
  const home = tempDir(`crash-${i}`);
  // A command that runs until the test lets it end, however slow the machine (the queue and SIGTERM
  // kills); opened in the finally too, so a killed server leaves nothing running in its sandbox.
  const busy = gate(join(home, "workspace"));
  const servers: Server[] = [];
  const start = async (crashAt?: string) => {
    const s = await boot(home, strict, crashAt);
    servers.push(s);
    return s;
  };
  try {
    const id = () => crypto.randomUUID().slice(0, 8);
    const refusedBefore = strict.refusals.length;
    const logs: string[] = [];
    // resume-start needs a cut run first: the first process dies mid-command, the second while resuming.
    const outside = kill === "external" || kill === "sigterm-tool";
    const armed = outside ? undefined : kill === "resume-start" ? "tool-started" : `${kill}:${nth}`;
    const a = await start(armed);
    const conv = (await a.json("/api/conversations", "POST", {})).id as string;
    const decision = kill === "decision-tx" || kill === "decision-committed";
    if (!decision) await a.call(`/api/conversations/${conv}`, "PATCH", { autonomous: true });
    const write = (tail = "") => shell(`echo ${id()} >> ran.log${tail}`);

    if (kill === "queue-tx") {
      // The second message queues behind a turn held busy; the kill comes when the queue drains.
      void send(a, conv, write(`; ${busy.command}`));
      await busy.started();
      expect((await send(a, conv, `queued ${id()}`))[0]?.type).toBe("queued");
      busy.open();
    } else if (decision) {
      expect((await send(a, conv, write())).at(-1)?.type).toBe("approval_required");
      const p = (await a.json("/api/approvals")).pending[0];
      await a.call(`/api/approvals/${p.id}`, "POST", { decision: "approve" }).catch(() => {});
    } else if (kill === "sigterm-tool") {
      // The command is still running when SIGTERM arrives: it ends only when the gate opens.
      void send(a, conv, write(`; ${busy.command}`));
      await busy.started();
      a.proc.kill("SIGTERM");
    } else if (kill === "external") {
      void send(a, conv, withTool ? write("; sleep 0.2") : `hello ${id()}`);
      await Bun.sleep(delay); // the random moment of the kill, not a synchronisation
      a.proc.kill("SIGKILL");
    } else {
      const needsTool = kill.startsWith("tool-") || kill === "resume-start";
      void send(a, conv, needsTool || withTool ? write() : `hello ${id()}`);
    }
    const ended = await death(a);
    logs.push(a.stderr());
    expect({ kill, ended }).toEqual({ kill, ended: kill === "sigterm-tool" ? "exit 0" : "SIGKILL" });

    if (kill === "resume-start") {
      const b = await start("resume-start");
      expect(await death(b)).toBe("SIGKILL");
      logs.push(b.stderr());
    }
    const c = await start();
    const d = await settle(c, conv);
    logs.push(c.stderr());
    const { ran, resumed } = assertProperties(d, home, logs, { mayBeUnanswered: kill === "resume-start" });
    const tools = d.messages.filter((m: any) => m.role === "tool").map((m: any) => m.content.split(/[:.]/)[0]);
    const runs = (await c.json("/api/activity/runs")).runs;
    const states = runs.map((r: any) => `${r.status}${r.resumed ? "+resumed" : ""}`);
    console.log(`outcome ${kill}: runs [${states}] resumed ${resumed.length} ran ${ran.length} results [${tools}]`);
    // The next turn in the same conversation succeeds against the strict provider.
    const next = await send(c, conv, `next ${id()}`);
    expect(next.at(-1)).toMatchObject({ type: "done" });
    expect(strict.refusals.slice(refusedBefore)).toEqual([]);
    expect(runs.filter((r: any) => r.status === "running")).toEqual([]);
  } finally {
    busy.open();
    await Promise.all(servers.map((s) => s.stop()));
  }
}
