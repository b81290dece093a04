// Kit agents (F-17): `agents/*.md` with front matter name, description, tools, model becomes a crew
// member — a profile with the persona in the body, tools mapped through the alias table. A yaml profile
// with the same id wins (loadAgents adds a member only for an id no agent.yaml claims).
import { basename } from "node:path";
import { agentSchema } from "../config/agent-schema.ts";
import { crewToolName } from "./alias.ts";
import { list, text } from "./front-matter.ts";
import type { KitMember } from "./types.ts";

const ID = /^[a-z0-9][a-z0-9_-]*$/i;
/** A route label (`provider:model`); Claude Code's `sonnet`/`inherit` name no route here. */
const ROUTE = /^[a-z0-9_-]+:\S+$/i;

export function kitMember(
  file: string,
  data: Record<string, unknown>,
  body: string,
  warn: (line: string) => void,
): KitMember | null {
  const id = text(data.name) || basename(file, ".md");
  if (!ID.test(id)) {
    warn(`kit ${file}: agent name "${id}" must be letters, digits, - or _; it is ignored`);
    return null;
  }
  const tools = list(data.tools)?.map(crewToolName);
  const model = text(data.model);
  if (model && !ROUTE.test(model) && model !== "inherit") {
    warn(`kit ${file}: model "${model}" is not a route label (provider:model); the crew's routes are used`);
  }
  const parsed = agentSchema.safeParse({
    description: text(data.description) || undefined,
    tools: tools ? [...new Set(tools)] : undefined,
    routes: ROUTE.test(model) ? [model] : undefined,
  });
  if (!parsed.success) {
    warn(`kit ${file}: ${parsed.error.issues[0]?.message ?? "invalid"}; it is ignored`);
    return null;
  }
  return { id, profile: parsed.data, persona: body, file };
}
