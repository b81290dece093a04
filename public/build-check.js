// The new-build banner (M-59, M-60): the page compares its own hashed script bundle with the one `/`
// serves now — on focus or when the tab becomes visible (at most every 30 s, never while hidden) and
// after each stream reconnect (not the first connect: the page was just loaded). A failed check shows nothing.
(() => {
  const mine = () => document.querySelector('script[src*="/assets/page."]')?.getAttribute("src");
  let last = 0;
  async function check(force = false) {
    if (document.hidden || (!force && Date.now() - last < 30_000)) return;
    last = Date.now();
    try {
      const res = await fetch("/", { cache: "no-store" });
      if (!res.ok) return;
      const current = /\/assets\/page\.[a-z0-9]+\.js/.exec(await res.text())?.[0];
      const banner = document.getElementById("build-banner");
      if (!current || !banner) return;
      banner.hidden = current === mine();
      const server = document.getElementById("server-version");
      if (server) server.hidden = !banner.hidden;
    } catch {
      // Offline or restarting: say nothing.
    }
  }
  window.addEventListener("focus", () => check());
  document.addEventListener("visibilitychange", () => check());
  document.addEventListener("htmx:sse:after:connection", (e) => e.detail?.connection?.attempt > 0 && check(true));
})();
