// `<home>/env`: the secrets file (KEY=value lines) loaded into the server's private environment at start
// (O-05, private-env.ts). Values already in the launch environment win, so a shell or a test can always
// override the file.
import { readFileSync } from "node:fs";

export class EnvFileError extends Error {}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Parses KEY=value lines; `#` comments, blank lines, `export ` and single/double quotes allowed. */
export function parseEnvFile(text: string, file: string): Record<string, string> {
  const out: Record<string, string> = {};
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) return;
    const body = line.startsWith("export ") ? line.slice(7).trim() : line;
    const eq = body.indexOf("=");
    const name = eq > 0 ? body.slice(0, eq).trim() : "";
    if (!NAME.test(name)) {
      throw new EnvFileError(`${file}:${i + 1}: expected NAME=value, e.g. OPENAI_API_KEY=...`);
    }
    out[name] = unquote(body.slice(eq + 1).trim());
  });
  return out;
}

function unquote(v: string): string {
  const q = v[0];
  if ((q === '"' || q === "'") && v.length >= 2 && v.endsWith(q)) {
    const inner = v.slice(1, -1);
    return q === '"' ? inner.replace(/\\n/g, "\n").replace(/\\"/g, '"') : inner;
  }
  return v;
}

/** The variables the file sets; none when it does not exist. */
export function readEnvFile(file: string): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw new EnvFileError(`${file}: cannot read (${(e as NodeJS.ErrnoException).code ?? "error"})`);
  }
  return parseEnvFile(text, file);
}
