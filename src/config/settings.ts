// Settings resolved once at start from env + config.yaml: the values every other part reads.
import type { Config } from "./config-schema.ts";
import { isTimeZone } from "./shared.ts";
import { ConfigError } from "./load.ts";

export type Settings = Config & {
  timezone: string;
  routes: string[];
  allowedHosts: string[];
};

export function resolveSettings(config: Config, env: Record<string, string | undefined>): Settings {
  const zone = env.MY_AGENT_TIMEZONE?.trim() || config.timezone || machineZone();
  if (!isTimeZone(zone)) {
    throw new ConfigError(`MY_AGENT_TIMEZONE: "${zone}" is not an IANA time zone such as Asia/Ho_Chi_Minh`);
  }
  const routes = splitList(env.MY_AGENT_ROUTES);
  const bad = routes.find((r) => !/^[a-z][a-z0-9_-]*:\S+$/.test(r));
  if (bad) throw new ConfigError(`MY_AGENT_ROUTES: "${bad}" is not a route written provider:model, e.g. fake:echo`);
  return {
    ...config,
    timezone: zone,
    routes,
    allowedHosts: splitList(env.MY_AGENT_ALLOWED_HOSTS).map((h) => h.toLowerCase()),
  };
}

function machineZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

function splitList(v: string | undefined): string[] {
  return (v ?? "").split(",").map((s) => s.trim()).filter(Boolean);
}
