// The Manage screen's local state (M-39…M-44, M-55, M-59, M-60): per-device "seen" marks and
// filters, decisions taken in place, the pending count in the tab title, and the new-build check.
document.addEventListener("alpine:init", () => {
  const Alpine = window.Alpine;
  const store = window.deviceStore;
  const T = window.T;

  Alpine.data("manageNav", (s) => ({
    running: 0,
    get unseenErrors() {
      const seen = store.get("seenRuns", {});
      return s.errors.filter((id) => !seen[id]).length;
    },
    init() {
      this.$refs.nav?.querySelector(".current")?.scrollIntoView({ inline: "center", block: "nearest" });
      window.dispatchEvent(new CustomEvent("pending-count", { detail: s.pending }));
    },
  }));

  // The "needs you" card is grey when nothing waits anywhere in Manage, warning-coloured only with work.
  Alpine.data("needsYou", (s) => ({
    seen: store.get("seenRuns", {}),
    get work() {
      return s.pending > 0 || s.ids.some((id) => !this.seen[id]);
    },
    markSeen(id) {
      this.seen = store.update("seenRuns", (m) => ({ ...m, [id]: true }));
    },
  }));

  Alpine.data("historyFilter", () => ({
    status: store.get("runFilter", {}).status ?? "",
    source: store.get("runFilter", {}).source ?? "",
    save() {
      store.set("runFilter", { status: this.status, source: this.source });
    },
    visible(el) {
      return (!this.status || el.dataset.status === this.status) && (!this.source || el.dataset.source.includes(this.source));
    },
  }));

  Alpine.data("manageDecision", (s) => ({
    left: "",
    answer: "",
    error: "",
    init() {
      const tick = () => {
        const ms = Date.parse(s.deadline) - Date.now();
        this.left = ms <= 0 ? T.expired : `${Math.floor(ms / 60000)}:${String(Math.floor((ms % 60000) / 1000)).padStart(2, "0")}`;
      };
      tick();
      this.timer = setInterval(tick, 1000);
    },
    destroy() {
      clearInterval(this.timer);
    },
    async decide(body) {
      const res = await fetch(`/api/approvals/${s.id}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).catch(() => null);
      if (!res?.ok) this.error = (await res?.json().catch(() => null))?.detail ?? T.sendFailed;
      window.dispatchEvent(new CustomEvent("approvals-changed"));
    },
  }));

  Alpine.data("settingsPage", () => ({
    pageVersion: document.querySelector('meta[name="my-crew-version"]')?.content ?? "",
    preview: store.get("canvasPreview", "on") !== "off",
    setPreview(on) {
      store.set("canvasPreview", on ? "on" : "off");
      this.preview = on;
    },
  }));
});

// The pending count prefixes the tab title and sends the Manage button straight to approvals; it is
// re-read whenever the activity stream says something that may change it.
(() => {
  let timer = null;
  async function refresh() {
    const res = await fetch("/api/approvals").catch(() => null);
    if (!res?.ok) return;
    const n = (await res.json()).pending.length;
    // The title without its count is read now: an htmx navigation since the load has changed it.
    const base = document.title.replace(/^\(\d+\) /, "");
    document.title = n > 0 ? `(${n}) ${base}` : base;
    document.querySelectorAll(".btn-manage").forEach((a) => (a.href = n > 0 ? "/manage/approvals" : "/manage/activity"));
    window.dispatchEvent(new CustomEvent("pending-count", { detail: n }));
    if (document.querySelector("#approvals-page")) window.dispatchEvent(new CustomEvent("approvals-changed"));
  }
  const soon = () => {
    clearTimeout(timer);
    timer = setTimeout(refresh, 200);
  };
  window.addEventListener("event", (e) => {
    const t = (() => { try { return JSON.parse(e.detail?.data ?? "{}").event?.type; } catch { return null; } })();
    if (["approval_required", "question", "done", "halted", "error"].includes(t)) soon();
  });
  window.addEventListener("run", () => window.dispatchEvent(new CustomEvent("run-changed-manage")));
  document.addEventListener("DOMContentLoaded", refresh);
})();
