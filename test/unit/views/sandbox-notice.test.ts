// Manage → settings, the shell sandbox line (issue 9): a plain line when commands run sandboxed, a
// warning when bwrap is missing, and the warning plus bwrap's own reason when it is installed but unusable.
import { describe, expect, test } from "bun:test";
import { html } from "hono/html";
import { TS } from "../../../src/texts/vi-sandbox.ts";
import { settingsSection } from "../../../views/manage/settings.ts";

const base = { routes: ["fake:echo"], routeProblems: [], timezone: "UTC", telegram: false, version: "1" };
const render = (sandbox: Parameters<typeof settingsSection>[0]["sandbox"]) =>
  settingsSection({ ...base, sandbox }, html``).toString();

describe("the sandbox line in settings", () => {
  test("sandboxed: says so, without a warning", () => {
    const html = render({ bwrap: "/usr/bin/bwrap" });
    expect(html).toContain(TS.on);
    expect(html).not.toContain("notice-warn");
  });

  test("bwrap missing: a warning telling the owner to install it", () => {
    const html = render({ bwrap: null, installed: false, reason: "bwrap (bubblewrap) is not installed" });
    expect(html).toMatch(new RegExp(`class="notice notice-warn">${TS.missing.replace(/[()]/g, "\\$&")}`));
    expect(html).not.toContain("<code>bwrap (bubblewrap)");
  });

  test("bwrap unusable: the warning and bwrap's reason, escaped", () => {
    const reason = "/usr/bin/bwrap cannot build a sandbox (No permissions <uid>)";
    const html = render({ bwrap: null, installed: true, reason });
    expect(html).toContain(TS.unusable);
    expect(html).toContain("<code>/usr/bin/bwrap cannot build a sandbox (No permissions &lt;uid&gt;)</code>");
  });

  test("no probe (the HTTP test app): no line at all", () => {
    expect(render(null)).not.toContain(TS.title);
  });
});
