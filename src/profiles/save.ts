// Saving an agent from the web (F-22): the new agent.yaml text is validated as the file it will become
// BEFORE anything is written, so a refused save leaves the file's bytes as they were. An accepted one is
// written atomically (0600) with its persona, and the crew is re-read at once: nothing waits a restart.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { MASTER } from "../config/agent-schema.ts";
import { withFileLock, writeFileAtomic } from "../config/file-write.ts";
import type { HomePaths } from "../config/home.ts";
import { checkWorkspace, ConfigError, parseAgentText } from "../config/load.ts";
import { T_AGENTS } from "../texts/vi-agents.ts";
import { T } from "../texts/vi.ts";
import { PERSONA_FILE, type Crew } from "../turns/crew.ts";
import type { ReloadResult } from "../turns/runtime.ts";
import { profileFile } from "./install.ts";

export type SaveRequest = { yaml: string; persona?: string };

export type SaveResult = { ok: true } | { ok: false; status: 404 | 422; detail: string };

export async function saveAgent(
  d: { paths: HomePaths; crew: () => Crew; reloadCrew: () => ReloadResult },
  id: string,
  req: SaveRequest,
): Promise<SaveResult> {
  const crew = d.crew();
  // A broken member is saved like any other: that is how its file gets fixed from the web.
  if (!crew.agents.has(id) && !crew.broken.has(id)) return { ok: false, status: 404, detail: T.agentNotFound(id) };
  const file = profileFile(d.paths, id);
  try {
    const profile = checkWorkspace(d.paths.root, file, parseAgentText(file, req.yaml));
    // On a member the block would only be dropped with a warning at load (F-27): say so now instead.
    if (id !== MASTER && profile.telegram) return { ok: false, status: 422, detail: T_AGENTS.telegramMasterOnly(file) };
  } catch (e) {
    if (e instanceof ConfigError) return { ok: false, status: 422, detail: T_AGENTS.invalidProfile(e.message) };
    throw e;
  }
  const persona = personaFile(d.paths, id);
  return withFileLock(file, async (): Promise<SaveResult> => {
    await writeFileAtomic(file, req.yaml);
    if (req.persona !== undefined && (req.persona !== "" || existsSync(persona))) {
      await writeFileAtomic(persona, req.persona);
    }
    const reloaded = d.reloadCrew();
    // The master's file was validated above; a failure here comes from another file changed by hand.
    if (!reloaded.ok) return { ok: false, status: 422, detail: T_AGENTS.masterBroken(reloaded.error) };
    return { ok: true };
  });
}

/** Where an agent's persona lives, also for a broken member the crew could not load. */
export function personaFile(paths: HomePaths, id: string): string {
  return id === MASTER ? join(paths.root, PERSONA_FILE) : join(paths.agents, id, PERSONA_FILE);
}
