// The Connections catalogue (O-10, O-20): every env var my-crew knows, as data. Adding a variable is
// adding a row; the page, the API, validation and live checks all read this table.
import { knownProviders, type ProviderPreset } from "../llm/registry.ts";
import type { Group, Kind } from "../models/connections.ts";
import { SEARCH_KEY, SEARCH_URL, SEARCH_URL_DEFAULT } from "../tools/brave-search.ts";

/** A live check (O-13): list the provider's models, ask Telegram who the bot is, or search for one word. */
export type LiveCheck = { kind: "models"; provider: ProviderPreset } | { kind: "telegram" } | { kind: "search" };

export type CatalogueRow = {
  name: string;
  group: Group;
  kind: Kind;
  /** Key into T.conn.desc. */
  desc: string;
  /** The provider a key or URL belongs to, shown next to the name. */
  provider?: string;
  check?: LiveCheck;
  /** What an unset URL means, shown as the field's placeholder. */
  default?: string;
  /** Read once at start (settings, the Host fence): a save takes effect after a restart. */
  restart?: boolean;
};

export const TELEGRAM_BASE_URL_DEFAULT = "https://api.telegram.org";

// Routes come first: without one nothing answers, and a newcomer needs no other row to start.
export const CATALOGUE: CatalogueRow[] = [
  { name: "MY_AGENT_ROUTES", group: "models", kind: "routes", desc: "routes" },
  ...knownProviders().flatMap((p): CatalogueRow[] => [
    ...(p.keyEnv
      ? [{
        name: p.keyEnv, group: "models" as const, kind: "secret" as const, desc: "apiKey", provider: p.name,
        check: { kind: "models" as const, provider: p },
      }]
      : []),
    p.keyEnv
      ? {
        name: p.baseUrlEnv, group: "models", kind: "url", desc: "baseUrl", provider: p.name,
        default: p.defaultBaseUrl,
      }
      : {
        name: p.baseUrlEnv, group: "models", kind: "url", desc: "keylessUrl", provider: p.name,
        default: p.defaultBaseUrl, check: { kind: "models", provider: p },
      },
  ]),
  { name: "TELEGRAM_BOT_TOKEN", group: "channels", kind: "secret", desc: "telegramToken", check: { kind: "telegram" } },
  {
    name: "TELEGRAM_BASE_URL", group: "channels", kind: "url", desc: "telegramBase",
    default: TELEGRAM_BASE_URL_DEFAULT,
  },
  // Brave Search was chosen for web_search: one GET with one header, a free tier.
  { name: SEARCH_KEY, group: "search", kind: "secret", desc: "searchKey", check: { kind: "search" } },
  { name: SEARCH_URL, group: "search", kind: "url", desc: "searchUrl", default: SEARCH_URL_DEFAULT },
  { name: "MY_AGENT_ALLOWED_HOSTS", group: "other", kind: "plain", desc: "allowedHosts", restart: true },
  { name: "MY_AGENT_TIMEZONE", group: "other", kind: "plain", desc: "timezone", restart: true },
];

export function catalogueRow(name: string): CatalogueRow | undefined {
  return CATALOGUE.find((r) => r.name === name);
}
