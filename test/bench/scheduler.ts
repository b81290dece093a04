// The scheduler with 200 jobs (10 agents × 20 schedules): the CPU of one idle tick (nothing due) and of
// one GET /api/jobs-sized listing, through the real Scheduler on a WAL file store. Figures only.
import { join } from "node:path";
import { agentSchema } from "../../src/config/agent-schema.ts";
import { configSchema } from "../../src/config/config-schema.ts";
import { homePaths } from "../../src/config/home.ts";
import { resolveSettings } from "../../src/config/settings.ts";
import { Scheduler } from "../../src/scheduler/clock.ts";
import { openStore } from "../../src/store/db.ts";
import { buildCrew } from "../../src/turns/crew.ts";
import { tempDir } from "../helpers/binary.ts";
import { figure } from "./figures.ts";

const dir = tempDir("bench-sched");
const store = openStore(join(dir, "my-crew.db"));
const schedules = (a: number) =>
  Array.from({ length: 20 }, (_, i) =>
    i % 2 ? { id: `s${i}`, cron: `${(a + i) % 60} ${i % 24} * * *`, prompt: "báo cáo" }
      : { id: `s${i}`, every: `${i + 2}h`, command: "true" });
const profiles = new Map(
  Array.from({ length: 10 }, (_, a) => [a === 0 ? "default" : `m${a}`, agentSchema.parse({ schedules: schedules(a) })]),
);
const env = { MY_AGENT_ROUTES: "fake:echo", MY_AGENT_TIMEZONE: "Asia/Ho_Chi_Minh" };
const crew = buildCrew(resolveSettings(configSchema.parse({}), env), profiles, homePaths(dir), env);
let now = Date.now();
const sched = new Scheduler({
  store, crew: () => crew, hub: { jobs: () => {} }, log: () => {}, timezone: () => "Asia/Ho_Chi_Minh",
  clock: { now: () => new Date(now) },
  run: () => { throw new Error("nothing is due in this bench"); },
  count: async () => {},
});
sched.start();
sched.stop();

const cpuMs = (fn: () => unknown) => {
  const t0 = process.cpuUsage();
  fn();
  const d = process.cpuUsage(t0);
  return (d.user + d.system) / 1000;
};
const ticks: number[] = [];
for (let i = 0; i < 50; i++) {
  now += 1000; // one second later each time: nothing falls due
  const t0 = process.cpuUsage();
  await sched.tick();
  const d = process.cpuUsage(t0);
  ticks.push((d.user + d.system) / 1000);
}
ticks.sort((a, b) => a - b);
const lists = Array.from({ length: 20 }, () => cpuMs(() => sched.list())).sort((a, b) => a - b);
const tick = ticks[25]!;
console.log(`scheduler, ${sched.list().length} jobs: idle tick CPU median ${tick.toFixed(2)} ms ` +
  `(${(tick / 200).toFixed(3)}% of one core at one tick per 20 s); list() CPU median ${lists[10]!.toFixed(2)} ms`);
figure({ row: "scheduler idle tick CPU, 200 jobs", value: `${tick.toFixed(2)} ms` });
store.close();
