// Builds the crew of a kit home the way the server does: loadProfiles, then buildCrew on fake:echo.
import { join } from "node:path";
import { homePaths } from "../../../src/config/home.ts";
import { loadConfig, loadProfiles } from "../../../src/config/load.ts";
import { resolveSettings } from "../../../src/config/settings.ts";
import { buildCrew } from "../../../src/turns/crew.ts";

export function crewOf(home: string) {
  const warnings: string[] = [];
  const profiles = loadProfiles(home, (l) => warnings.push(l)).agents;
  const env = { MY_AGENT_ROUTES: "fake:echo", MY_AGENT_TIMEZONE: "UTC" };
  const settings = resolveSettings(loadConfig(join(home, "config.yaml")), env);
  return { profiles, warnings, crew: buildCrew(settings, profiles, homePaths(home), env) };
}
