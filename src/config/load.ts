// Reads and validates the YAML files of a home. Every failure is a ConfigError whose message is one line
// naming the file and the key (or line), so the CLI can print it and exit 1 without a stack trace.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseDocument } from "yaml";
import type { z } from "zod";
import { checkSkills, crewKitMembers } from "../kits/crew-kits.ts";
import { agentId, agentSchema, MASTER, type AgentProfile } from "./agent-schema.ts";
import { configSchema, type Config } from "./config-schema.ts";
import { holdsHome, workspaceDir } from "./home.ts";

export class ConfigError extends Error {}

const ID_RULE = "lowercase letters, digits, - or _";

export function loadConfig(file: string): Config {
  return validate(file, configSchema, readYaml(file));
}

export function loadAgent(file: string): AgentProfile {
  return validate(file, agentSchema, readYaml(file));
}

export type Profiles = {
  agents: Map<string, AgentProfile>;
  /** Members whose agent.yaml did not validate: id → the one-line error (file and key). */
  broken: Map<string, string>;
};

/**
 * The master's profile (`<home>/agent.yaml`, optional) and every member under `<home>/agents/<id>/`.
 * A broken member file is recorded and skipped so the rest of the crew still loads; a broken master
 * file throws, because without the master there is no one to talk to (docs/agents.md).
 */
export function loadProfiles(home: string, warn: (line: string) => void): Profiles {
  const agents = new Map<string, AgentProfile>();
  const broken = new Map<string, string>();
  agents.set(MASTER, checkWorkspace(home, join(home, "agent.yaml"), loadAgent(join(home, "agent.yaml"))));
  const dir = join(home, "agents");
  const entries = existsSync(dir) ? readdirSync(dir, { withFileTypes: true }) : [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const file = join(dir, entry.name, "agent.yaml");
    if (!entry.isDirectory() || entry.name === MASTER || !existsSync(file)) continue;
    try {
      if (!agentId.safeParse(entry.name).success) {
        throw new ConfigError(`${file}: the folder name is not an agent id (${ID_RULE})`);
      }
      agents.set(entry.name, memberProfile(entry.name, checkWorkspace(home, file, loadAgent(file)), warn));
    } catch (e) {
      if (!(e instanceof ConfigError)) throw e;
      broken.set(entry.name, e.message);
      warn(`agent ${entry.name} not loaded: ${e.message}`);
    }
  }
  // Kit agents (`.claude/agents/*.md`, …) join for ids no agent.yaml claims: the yaml wins (F-17).
  for (const m of crewKitMembers(home, agents, warn)) agents.set(m.id, m.profile);
  checkSkills(home, agents, warn);
  return { agents, broken };
}

/** Validates the text of an agent.yaml as if it were `file`, without reading or writing it. */
export function parseAgentText(file: string, text: string): AgentProfile {
  return validate(file, agentSchema, parseYaml(file, text));
}

/** A workspace that is the home or holds it would put the home's secrets within the file tools' reach. */
export function checkWorkspace(home: string, file: string, profile: AgentProfile): AgentProfile {
  if (profile.workspace !== undefined && holdsHome(home, workspaceDir(home, profile.workspace))) {
    throw new ConfigError(`${file}: key "workspace" must not be the my-crew home or a folder that contains it`);
  }
  return profile;
}

function memberProfile(id: string, profile: AgentProfile, warn: (line: string) => void): AgentProfile {
  if (profile.telegram) {
    warn(`agent ${id}: telegram belongs to the master; its block is ignored`);
    delete profile.telegram;
  }
  return profile;
}

/** Missing file = empty document; anything else that is not a YAML mapping is an error. */
function readYaml(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return {};
    throw new ConfigError(`${file}: cannot read (${code ?? "error"})`);
  }
  return parseYaml(file, text);
}

function parseYaml(file: string, text: string): unknown {
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: true });
  const err = doc.errors[0];
  if (err) {
    const line = err.linePos?.[0].line;
    throw new ConfigError(`${file}${line ? `:${line}` : ""}: invalid YAML: ${firstLine(err.message)}`);
  }
  const value: unknown = doc.toJS();
  if (value === null || value === undefined) return {};
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new ConfigError(`${file}: must be a mapping of keys to values`);
  }
  return value;
}

function validate<S extends z.ZodType>(file: string, schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const more = result.error.issues.length > 1 ? ` (and ${result.error.issues.length - 1} more)` : "";
  if (issue.code === "unrecognized_keys") {
    const key = [...issue.path, issue.keys[0]].join(".");
    throw new ConfigError(`${file}: unknown key "${key}"${more}`);
  }
  const key = issue.path.length > 0 ? issue.path.join(".") : "(top level)";
  throw new ConfigError(`${file}: key "${key}"${scheduleName(issue.path, value)} ${issue.message}${more}`);
}

/** A schedule is named by its id as well as its position, so the owner finds the row (issue 13). */
function scheduleName(path: PropertyKey[], value: unknown): string {
  if (path[0] !== "schedules" || typeof path[1] !== "number") return "";
  const row = (value as { schedules?: unknown[] }).schedules?.[path[1]];
  const id = row && typeof row === "object" ? (row as { id?: unknown }).id : undefined;
  return typeof id === "string" ? ` (schedule "${id}")` : "";
}

function firstLine(s: string): string {
  return s.split("\n")[0]!;
}
