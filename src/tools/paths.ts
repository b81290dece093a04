// Workspace path resolution shared by every file tool and shell_run's cwd: a path either resolves to a
// real location inside the agent's workspace or is refused (a hard refusal, D-04/N-06). Symlinks are
// followed, including a dangling one or a symlinked folder above a file that does not exist yet.
import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import type { ToolContext } from "./define.ts";

export type Resolved = { ok: true; abs: string } | { ok: false; reason: string };

/** Resolves `path` (relative to the workspace, or absolute inside it) to a real absolute path. */
export function resolveInWorkspace(workspace: string, path: string): Resolved {
  const shown = JSON.stringify(path);
  if (path.includes("\0")) return { ok: false, reason: `Path ${shown} contains a NUL byte; send a plain file path.` };
  let root: string;
  try {
    root = realpathSync(workspace);
  } catch {
    return { ok: false, reason: `The workspace ${workspace} does not exist, so no path can be used.` };
  }
  const lexical = isAbsolute(path) ? resolve(path) : resolve(root, path || ".");
  if (!inside(root, lexical) && !inside(resolve(workspace), lexical)) {
    return {
      ok: false,
      reason: `Path ${shown} is outside the workspace and can never be used. Use a path relative to the workspace ` +
          `root, such as "notes/todo.md".`,
    };
  }
  let abs: string;
  try {
    abs = realish(lexical);
  } catch {
    return { ok: false, reason: `Path ${shown} goes through a symbolic link loop; use a path without it.` };
  }
  if (!inside(root, abs)) {
    return {
      ok: false,
      reason: `Path ${shown} leads outside the workspace through a symbolic link and can never be used. Only files ` +
          `inside the workspace are allowed.`,
    };
  }
  return { ok: true, abs };
}

/** For a tool's `refuse`: the refusal sentence when the path escapes the workspace, else null. */
export function refusePath(ctx: ToolContext, path: string | undefined): string | null {
  const r = resolveInWorkspace(ctx.workspace, path ?? ".");
  return r.ok ? null : r.reason;
}

/** Inside `execute` (defence in depth): the real path, or an Error carrying the refusal sentence. */
export function mustResolve(ctx: ToolContext, path: string | undefined): string {
  const r = resolveInWorkspace(ctx.workspace, path ?? ".");
  if (!r.ok) throw new Error(r.reason);
  return r.abs;
}

/** The workspace-relative form of a resolved path, with forward slashes ("." for the root). */
export function workspaceRelative(ctx: ToolContext, abs: string): string {
  let root: string;
  try {
    root = realpathSync(ctx.workspace);
  } catch {
    root = ctx.workspace;
  }
  const rel = relative(root, abs).split(sep).join("/");
  return rel === "" ? "." : rel;
}

function inside(root: string, p: string): boolean {
  if (p === root) return true;
  return p.startsWith(root.endsWith(sep) ? root : root + sep);
}

const MAX_LINK_HOPS = 40;

/**
 * realpath of the longest existing prefix plus the remaining (not yet existing) components. A dangling
 * symlink is followed by hand, since writing through it would create its target wherever it points.
 */
function realish(p: string): string {
  const rest: string[] = [];
  let current = p;
  let hops = 0;
  for (;;) {
    try {
      return join(realpathSync(current), ...[...rest].reverse());
    } catch {
      if (isSymlink(current)) {
        if (++hops > MAX_LINK_HOPS) throw new Error("symlink loop");
        current = resolve(dirname(current), readlinkSync(current));
        continue;
      }
      const parent = dirname(current);
      if (parent === current) return join(current, ...[...rest].reverse());
      rest.push(basename(current));
      current = parent;
    }
  }
}

function isSymlink(p: string): boolean {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}
