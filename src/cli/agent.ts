// `my-crew agent add <template> [--workspace PATH] [--home DIR]` (F-14, F-15): installs a bundled
// template and its peers into the home. A running server picks them up on POST /api/agents/reload or at
// its next start (F-16). Refusals are one line (exit 1); a malformed command line exits 2.
import { join, resolve } from "node:path";
import { ensureHomeDir, homePaths, resolveHome } from "../config/home.ts";
import { installTemplate, type InstallProblem } from "../profiles/install.ts";

export type AgentCommandResult = { code: 0 | 1 | 2; out: string };

const USAGE = "usage: my-crew agent add <template> [--workspace PATH] [--home DIR]";

export async function agentCommand(
  args: string[],
  env: Record<string, string | undefined>,
): Promise<AgentCommandResult> {
  const [verb, template, ...rest] = args;
  if (verb !== "add" || !template || template.startsWith("-")) return { code: 2, out: USAGE };
  const flags: Record<string, string> = {};
  while (rest.length > 0) {
    const flag = rest.shift()!;
    const value = rest.shift();
    if ((flag !== "--workspace" && flag !== "--home") || !value) return { code: 2, out: USAGE };
    flags[flag] = value;
  }
  const root = resolveHome(flags["--home"], env);
  ensureHomeDir(root);
  const paths = homePaths(root);
  const workspace = flags["--workspace"] === undefined ? undefined : resolve(flags["--workspace"]);
  const r = await installTemplate(paths, { template, workspace });
  if (!r.ok) return { code: 1, out: problemLine(r.problem) };
  const kept = r.kept.length > 0 ? ` (already there, kept: ${r.kept.join(", ")})` : "";
  return {
    code: 0,
    out: `installed ${r.installed.join(", ")} in ${join(root, "agents")}${kept}; a running server picks them up on ` +
      "POST /api/agents/reload or at its next start",
  };
}

function problemLine(p: InstallProblem): string {
  switch (p.kind) {
    case "unknown_template": return `no template "${p.template}"; the bundled ones are ${p.known.join(", ")}`;
    case "bad_id": return `"${p.id}" is not a usable agent id`;
    case "exists": return `agent "${p.id}" already exists in this home; nothing was written`;
    case "workspace_not_absolute": return `--workspace ${p.path}: needs a full path`;
    case "workspace_missing": return `--workspace ${p.path}: not an existing directory`;
    case "workspace_holds_home":
      return `--workspace ${p.path}: contains the my-crew home; choose the repository itself`;
  }
}
