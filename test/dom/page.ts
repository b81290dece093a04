// Loads the browser scripts (texts, storage helper, Alpine components) into happy-dom and mounts a
// fragment rendered by the real views, so DOM tests exercise the same markup the server sends.
import Alpine from "alpinejs";
import { alpineErrors } from "./setup.ts";

let started = false;

export async function boot(): Promise<typeof Alpine> {
  if (started) return Alpine;
  for (const file of ["texts.js", "storage.js", "chat.js", "cards.js"]) {
    const code = await Bun.file(`${import.meta.dir}/../../public/${file}`).text();
    new Function(code)();
  }
  (window as unknown as { Alpine: typeof Alpine }).Alpine = Alpine;
  Alpine.setErrorHandler((error: unknown, _el: unknown, expression?: string) => {
    alpineErrors.push(`${(error as Error)?.message ?? String(error)} (in "${expression ?? "?"}")`);
  });
  Alpine.start();
  started = true;
  return Alpine;
}

export async function mount(html: string): Promise<HTMLElement> {
  const host = document.createElement("div");
  host.innerHTML = html;
  document.body.replaceChildren(host);
  await tick();
  return host;
}

export const tick = () => new Promise((r) => setTimeout(r, 0));

export const assets = { url: (name: string) => `/assets/${name}`, get: () => undefined, sprite: "<svg></svg>" };
