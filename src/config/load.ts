// Reads and validates the YAML files of a home. Every failure is a ConfigError whose message is one line
// naming the file and the key (or line), so the CLI can print it and exit 1 without a stack trace.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseDocument } from "yaml";
import type { z } from "zod";
import { checkSkills, crewKitMembers } from "../kits/crew-kits.ts";
import { agentSchema, type AgentProfile } from "./agent-schema.ts";
import { configSchema, type Config } from "./config-schema.ts";

export class ConfigError extends Error {}

export function loadConfig(file: string): Config {
  return validate(file, configSchema, readYaml(file));
}

export function loadAgent(file: string): AgentProfile {
  return validate(file, agentSchema, readYaml(file));
}

/** The master's profile (`<home>/agent.yaml`, optional) and every member under `<home>/agents/<id>/`. */
export function loadAgents(home: string, warn: (line: string) => void): Map<string, AgentProfile> {
  const agents = new Map<string, AgentProfile>();
  agents.set("default", loadAgent(join(home, "agent.yaml")));
  const dir = join(home, "agents");
  for (const entry of existsSync(dir) ? readdirSync(dir, { withFileTypes: true }) : []) {
    const file = join(dir, entry.name, "agent.yaml");
    if (!entry.isDirectory() || entry.name === "default" || !existsSync(file)) continue;
    const profile = loadAgent(file);
    if (profile.telegram) {
      warn(`agent ${entry.name}: telegram belongs to the master; its block is ignored`);
      delete profile.telegram;
    }
    agents.set(entry.name, profile);
  }
  // Kit agents (`.claude/agents/*.md`, …) join for ids no agent.yaml claims: the yaml wins (F-17).
  for (const m of crewKitMembers(home, agents, warn)) agents.set(m.id, m.profile);
  checkSkills(home, agents, warn);
  return agents;
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
  throw new ConfigError(`${file}: key "${key}" ${issue.message}${more}`);
}

function firstLine(s: string): string {
  return s.split("\n")[0]!;
}
