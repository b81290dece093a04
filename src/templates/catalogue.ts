// The bundled agent templates (F-14, F-15): each is an ordinary agent.yaml plus a persona, imported as
// text so `bun build --compile` embeds them in the binary. The persona text is data, kept in these files.
import advisorPersona from "./advisor/persona.md" with { type: "text" };
import advisorYaml from "./advisor/agent.yaml" with { type: "text" };
import developerPersona from "./developer/persona.md" with { type: "text" };
import developerYaml from "./developer/agent.yaml" with { type: "text" };
import researcherPersona from "./researcher/persona.md" with { type: "text" };
import researcherYaml from "./researcher/agent.yaml" with { type: "text" };
import type { AgentProfile } from "../config/agent-schema.ts";
import { parseAgentText } from "../config/load.ts";

export type Template = { id: string; yaml: string; persona: string; profile: AgentProfile };

const SOURCES: [string, string, string][] = [
  ["developer", developerYaml, developerPersona],
  ["advisor", advisorYaml, advisorPersona],
  ["researcher", researcherYaml, researcherPersona],
];

let parsed: Template[] | undefined;

/**
 * Every template, validated once like any agent.yaml (a broken one is a build bug, caught by tests), on
 * first use: parsing their YAML is start-up work that the first 200 does not need (docs/performance.md).
 */
export function templates(): Template[] {
  parsed ??= SOURCES.map(([id, yaml, persona]) => ({
    id, yaml, persona, profile: parseAgentText(`template ${id}`, yaml),
  }));
  return parsed;
}

export function templateById(id: string): Template | undefined {
  return templates().find((t) => t.id === id);
}

/** The template and the peers it delegates to, directly or through them, first the one asked for. */
export function withPeers(template: Template): Template[] {
  const out = [template];
  for (let i = 0; i < out.length; i++) {
    for (const peer of out[i]!.profile.delegates ?? []) {
      const t = templateById(peer);
      if (t && !out.includes(t)) out.push(t);
    }
  }
  return out;
}
