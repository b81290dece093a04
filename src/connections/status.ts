// What Connections shows (O-10, N-07): each catalogue row as set or not (a value only for URLs, routes
// and plain settings, never for a secret), the other variables of the env file by name, and why
// configured routes cannot be used. Nothing here ever reads a secret's value out.
import { EnvFileError } from "../config/env-file.ts";
import { MASTER, type AppDeps } from "../server/deps.ts";
import type { ConnectionRow, ConnectionsStatus } from "../models/connections.ts";
import { CATALOGUE } from "./catalogue.ts";
import { readEnvValues } from "./env-store.ts";

export type { ConnectionsStatus };

export type StatusDeps = Pick<AppDeps, "crew" | "env" | "envFile" | "mcp">;

export function connectionsStatus(d: StatusDeps): ConnectionsStatus {
  const env = d.env ?? {};
  const isSet = (name: string) => (env[name] ?? "").trim() !== "";
  const rows = CATALOGUE.map((r): ConnectionRow => ({
    name: r.name,
    group: r.group,
    kind: r.kind,
    set: isSet(r.name),
    ...(r.kind !== "secret" && isSet(r.name) ? { value: env[r.name] } : {}),
    check: r.check !== undefined,
    desc: r.desc,
    ...(r.provider ? { provider: r.provider } : {}),
    ...(r.default ? { default: r.default } : {}),
    ...(r.restart ? { restart: true } : {}),
  }));
  const known = new Set(CATALOGUE.map((r) => r.name));
  let fileNames: string[] = [];
  let fileProblem: string | undefined;
  try {
    fileNames = d.envFile ? Object.keys(readEnvValues(d.envFile)) : [];
  } catch (e) {
    if (!(e instanceof EnvFileError)) throw e;
    fileProblem = e.message;
  }
  const crew = d.crew();
  return {
    rows,
    other: fileNames.filter((n) => !known.has(n)).sort().map((name) => ({ name, set: isSet(name) })),
    route_problems: [...crew.agents.values()].flatMap((a) => a.routeProblems.map((p) => `${a.id}: ${p}`)),
    no_routes: (crew.get(MASTER)?.routes.length ?? 0) === 0,
    mcp_servers: d.mcp?.lines() ?? [],
    mcp_problems: [...crew.agents.values()].flatMap((a) => a.mcpProblems.map((p) => `${a.id}: ${p}`)),
    ...(fileProblem ? { file_problem: fileProblem } : {}),
  };
}
