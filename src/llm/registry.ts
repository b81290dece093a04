// Routes (`provider:model`) resolved to provider instances from the environment. Every preset's base
// URL can be overridden by env, so tests point real clients at local servers. Keys are read here and
// only here; a missing key is reported by its env var name, never by any value.
import { createAnthropicProvider } from "./anthropic.ts";
import { createOpenAIProvider, type OpenAIOptions } from "./openai.ts";
import type { Provider, Route } from "./types.ts";

export type ProviderPreset = {
  name: string;
  /** The wire format spoken. */
  api: "openai" | "anthropic";
  /** Env var holding the API key; null when the provider needs none. */
  keyEnv: string | null;
  baseUrlEnv: string;
  defaultBaseUrl: string;
  /** Costs nothing by declaration (local models). */
  free: boolean;
};

type Preset = ProviderPreset & Pick<OpenAIOptions, "maxTokensField" | "extraBody" | "headers" | "audio"> & {
  title: string;
};

const PRESETS: Preset[] = [
  {
    name: "openai",
    title: "OpenAI",
    api: "openai",
    keyEnv: "OPENAI_API_KEY",
    baseUrlEnv: "OPENAI_BASE_URL",
    defaultBaseUrl: "https://api.openai.com/v1",
    free: false,
    maxTokensField: "max_completion_tokens",
    audio: true,
  },
  {
    name: "anthropic",
    title: "Anthropic",
    api: "anthropic",
    keyEnv: "ANTHROPIC_API_KEY",
    baseUrlEnv: "ANTHROPIC_BASE_URL",
    defaultBaseUrl: "https://api.anthropic.com",
    free: false,
  },
  {
    name: "openrouter",
    title: "OpenRouter",
    api: "openai",
    keyEnv: "OPENROUTER_API_KEY",
    baseUrlEnv: "OPENROUTER_BASE_URL",
    defaultBaseUrl: "https://openrouter.ai/api/v1",
    free: false,
    // Usage accounting: OpenRouter then reports the call's price as usage.cost.
    extraBody: { usage: { include: true } },
    headers: { "x-title": "my-crew" },
  },
  {
    name: "ollama",
    title: "Ollama",
    api: "openai",
    keyEnv: null,
    baseUrlEnv: "OLLAMA_BASE_URL",
    defaultBaseUrl: "http://127.0.0.1:11434/v1",
    free: true,
  },
  {
    name: "groq",
    title: "Groq",
    api: "openai",
    keyEnv: "GROQ_API_KEY",
    baseUrlEnv: "GROQ_BASE_URL",
    defaultBaseUrl: "https://api.groq.com/openai/v1",
    free: false,
    audio: true,
  },
  {
    name: "deepseek",
    title: "DeepSeek",
    api: "openai",
    keyEnv: "DEEPSEEK_API_KEY",
    baseUrlEnv: "DEEPSEEK_BASE_URL",
    defaultBaseUrl: "https://api.deepseek.com/v1",
    free: false,
  },
];

/** The built-in presets and the env vars they read, for the Connections catalogue. */
export function knownProviders(): ProviderPreset[] {
  return PRESETS.map(({ name, api, keyEnv, baseUrlEnv, defaultBaseUrl, free }) => ({
    name,
    api,
    keyEnv,
    baseUrlEnv,
    defaultBaseUrl,
    free,
  }));
}

/** How people write a provider's name ("OpenAI"); an unknown provider keeps its route name. */
export function providerTitle(name: string): string {
  return PRESETS.find((p) => p.name === name)?.title ?? name;
}

export type RouteResult = { ok: true; route: Route } | { ok: false; error: string };

/**
 * Parses `provider:model` (the model may itself hold `:` and `/`) and builds its provider. `extra`
 * registers providers built elsewhere (e.g. `fake`); they take precedence over the presets.
 */
export function resolveRoute(
  label: string,
  env: Record<string, string | undefined>,
  extra: Record<string, Provider> = {},
): RouteResult {
  const trimmed = label.trim();
  const colon = trimmed.indexOf(":");
  const providerName = colon === -1 ? "" : trimmed.slice(0, colon).trim().toLowerCase();
  const model = colon === -1 ? "" : trimmed.slice(colon + 1).trim();
  if (!providerName || !model) {
    return { ok: false, error: `Route "${trimmed}" must be written provider:model, e.g. openai:gpt-4.1-mini.` };
  }
  const route = (provider: Provider): RouteResult => ({
    ok: true,
    route: { label: `${providerName}:${model}`, provider, model },
  });
  const registered = extra[providerName];
  if (registered) return route(registered);
  const preset = PRESETS.find((p) => p.name === providerName);
  if (!preset) {
    const names = [...PRESETS.map((p) => p.name), ...Object.keys(extra)].join(", ");
    const error = `Route "${trimmed}" names an unknown provider "${providerName}"; known providers: ${names}.`;
    return { ok: false, error };
  }
  const apiKey = preset.keyEnv ? env[preset.keyEnv]?.trim() : undefined;
  if (preset.keyEnv && !apiKey) {
    return { ok: false, error: `Route "${trimmed}" needs the API key in ${preset.keyEnv}, which is not set.` };
  }
  const baseUrl = env[preset.baseUrlEnv]?.trim() || preset.defaultBaseUrl;
  if (preset.api === "anthropic") {
    return route(createAnthropicProvider({ name: preset.name, baseUrl, apiKey: apiKey! }));
  }
  return route(
    createOpenAIProvider({
      name: preset.name,
      baseUrl,
      apiKey,
      free: preset.free,
      maxTokensField: preset.maxTokensField,
      extraBody: preset.extraBody,
      headers: preset.headers,
      audio: preset.audio,
    }),
  );
}
