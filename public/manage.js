// The Manage screen's local state (M-39…M-44, M-55): per-device "seen" marks and filters, the nav's
// counters as the screen's stream sends them, and decisions taken in place.
document.addEventListener("alpine:init", () => {
  const Alpine = window.Alpine;
  const store = window.deviceStore;
  const T = window.T;

  // The nav's counters as the page was rendered, then as the screen's stream says (`counters`).
  Alpine.data("manageNav", (s) => ({
    running: s.running,
    pending: s.pending,
    errors: s.errors,
    failingJobs: s.failingJobs,
    memoryPending: s.memoryPending,
    get unseenErrors() {
      const seen = store.get("seenRuns", {});
      return this.errors.filter((id) => !seen[id]).length;
    },
    init() {
      this.$refs.nav?.querySelector(".current")?.scrollIntoView({ inline: "center", block: "nearest" });
    },
    update(e) {
      const c = window.frameData(e);
      this.running = c.running ?? 0;
      this.pending = c.pending ?? 0;
      this.errors = c.errorRunIds ?? [];
      this.failingJobs = c.failingJobs ?? 0;
      this.memoryPending = c.memoryPending ?? 0;
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
      const status = !this.status || el.dataset.status === this.status;
      return status && (!this.source || el.dataset.source.includes(this.source));
    },
  }));

  Alpine.data("manageDecision", (s) => ({
    left: "",
    answer: "",
    error: "",
    init() {
      const tick = () => {
        const ms = Date.parse(s.deadline) - Date.now();
        const seconds = String(Math.floor((ms % 60000) / 1000)).padStart(2, "0");
        this.left = ms <= 0 ? T.expired : `${Math.floor(ms / 60000)}:${seconds}`;
      };
      tick();
      this.timer = setInterval(tick, 1000);
    },
    destroy() {
      clearInterval(this.timer);
    },
    async decide(body) {
      const init = { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
      const res = await fetch(`/api/approvals/${s.id}`, init).catch(() => null);
      // The list itself changes on the screen's stream once the decision is stored.
      if (!res?.ok) this.error = (await res?.json().catch(() => null))?.detail ?? T.sendFailed;
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
