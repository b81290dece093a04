// What the start-up check of the shell sandbox found (N-19), as Manage → Settings shows it.
// Types only: src/tools/sandbox.ts probes it.

/** bwrap's path, or why commands run without a sandbox. */
export type SandboxProbe = { bwrap: string } | { bwrap: null; installed: boolean; reason: string };
