// The chat screen's local state (M-20…M-27, M-30): which turns this tab streams, the composer
// (never locked while busy, Enter sends, drafts per conversation, request_id reused on retry),
// and Stop. The turn itself arrives as htmx fragments; this only decides what to ask for.
document.addEventListener("alpine:init", () => {
  const Alpine = window.Alpine;
  const T = window.T;
  const store = window.deviceStore;
  const frameData = (e) => {
    try {
      return JSON.parse(e.detail?.data ?? "{}");
    } catch {
      return {};
    }
  };

  Alpine.data("chat", (s) => ({
    conv: s.conv,
    running: s.running,
    following: false,
    own: new Set(),
    // When each run last ended here: activity frames still on their way for it are stale.
    ended: new Map(),
    init() {
      this.onRun = (e) => this.runChanged(frameData(e).run);
      window.addEventListener("run", this.onRun);
      // After the activity stream reconnects (a network drop), its snapshot names the running runs:
      // reattach to this conversation's, so the tab shows the turn's true state.
      this.onSnapshot = (e) => (frameData(e).runs ?? []).forEach((run) => this.runChanged(run));
      window.addEventListener("snapshot", this.onSnapshot);
      this.$el.addEventListener("turn-start", (e) => {
        this.own.add(frameData(e).run_id);
        this.running = true;
      });
      this.$el.addEventListener("turn-end", (e) => this.turnEnded(frameData(e)));
      this.onStopped = () => {
        this.own.clear();
        document.querySelectorAll("#thread .turn.live").forEach((el) => this.ended.set(el.id.slice(5), Date.now()));
        setTimeout(() => document.querySelectorAll("#thread .turn.live").forEach((el) => this.fetchTurn(el.id.slice(5))), 250);
      };
      window.addEventListener("streams-stopped", this.onStopped);
      // Streams and fetches for one run can cross (a follow and a fetch of the same run): keep only
      // the newest container of each run, so a turn is never shown twice.
      this.dedupe = new MutationObserver(() => {
        const seen = new Set();
        [...document.querySelectorAll("#thread > .turn[id]")].reverse().forEach((el) => (seen.has(el.id) ? el.remove() : seen.add(el.id)));
      });
      const thread = document.getElementById("thread");
      if (thread) this.dedupe.observe(thread, { childList: true });
      if (this.running) this.follow();
    },
    destroy() {
      window.removeEventListener("run", this.onRun);
      window.removeEventListener("snapshot", this.onSnapshot);
      window.removeEventListener("streams-stopped", this.onStopped);
      this.dedupe?.disconnect();
    },
    follow() {
      if (this.following) return;
      // Its turn-start frame marks the run as this tab's own, like a send's.
      this.following = true;
      const src = window.streamSource();
      window.htmx.ajax("GET", `/c/${this.conv}/follow`, { source: src, target: "#thread", swap: "beforeend" }).finally(() => {
        this.following = false;
        src.remove();
      });
    },
    // A run of this conversation started elsewhere (another tab, the queue drain, Telegram): follow it.
    runChanged(run) {
      if (!run || run.conversation_id !== this.conv) return;
      this.refreshActivity();
      // A send's own stream may announce its run a moment after the activity feed does.
      setTimeout(() => {
        if (this.own.has(run.id)) return;
        const el = document.getElementById(`turn-${run.id}`);
        if (run.status === "running") {
          if (Date.now() - (this.ended.get(run.id) ?? 0) < 1500) return;
          this.running = true;
          // Not being streamed here (a continuation after a decision elsewhere keeps its run id).
          if (!el || !el.classList.contains("live")) this.follow();
        } else if (!el || el.classList.contains("live") || el.dataset.status !== run.status) {
          // It finished before a follow could attach: fetch it as stored, in its place.
          this.fetchTurn(run.id);
        }
      }, 250);
    },
    fetchTurn(runId) {
      this.fetching ??= new Set();
      if (this.fetching.has(runId)) return;
      this.fetching.add(runId);
      const el = document.getElementById(`turn-${runId}`);
      window.htmx
        .ajax("GET", `/c/${this.conv}/turns/${runId}`, el ? { target: el, swap: "outerHTML" } : { target: "#thread", swap: "beforeend" })
        .finally(() => this.fetching.delete(runId));
    },
    turnEnded(d) {
      // A run paused for a decision may continue later under the same id, streamed by someone else.
      if (d.run_id) {
        this.own.delete(d.run_id);
        this.ended.set(d.run_id, Date.now());
      }
      const streams = document.querySelectorAll("#streams > *").length;
      if (streams <= 1) this.running = false;
      if (d.status === "halted" && d.halt_reason === "budget") window.dispatchEvent(new CustomEvent("budget-exhausted"));
      window.htmx.ajax("GET", `/c/${this.conv}/header`, { target: "#chat-header", swap: "outerHTML" });
      this.refreshActivity();
      window.dispatchEvent(new CustomEvent("conversation-changed"));
    },
    refreshActivity() {
      clearTimeout(this.activityTimer);
      this.activityTimer = setTimeout(() => window.htmx.ajax("GET", `/c/${this.conv}/activity`, { target: "#conv-activity", swap: "outerHTML" }), 150);
    },
  }));

  Alpine.data("composer", (s) => ({
    text: "",
    note: "",
    locked: s.locked,
    rid: null,
    init() {
      this.text = store.get("drafts", {})[s.conv] ?? "";
      this.$el.addEventListener("turn-start", () => this.accepted());
      this.$el.addEventListener("queued", () => this.accepted());
      this.$el.addEventListener("replayed", () => this.accepted());
      this.$el.addEventListener("send-rejected", (e) => (this.note = frameData(e).detail ?? T.sendFailed));
      window.addEventListener("budget-exhausted", () => (this.locked = true));
      window.addEventListener("conversation-patched", (e) => {
        const c = e.detail;
        this.locked = c.cost_cap_usd > 0 && c.spent_usd >= c.cost_cap_usd;
      });
    },
    onEnter(e) {
      if (e.shiftKey || e.isComposing) return;
      e.preventDefault();
      this.send();
    },
    saveDraft() {
      this.rid = null;
      store.update("drafts", (m) => ({ ...m, [s.conv]: this.text }));
    },
    send() {
      const text = this.text.trim();
      if (!text || this.locked) return;
      this.rid ??= window.newRequestId();
      this.note = "";
      this.sending = text;
      const src = window.streamSource();
      window.htmx
        .ajax("POST", `/c/${s.conv}/send`, { source: src, target: "#thread", swap: "beforeend", values: { text, request_id: this.rid } })
        .catch(() => (this.note = T.sendFailed))
        .finally(() => src.remove());
    },
    // The server took the message (a turn, a queue place, or a resend it already had).
    accepted() {
      if (this.text.trim() === this.sending) this.text = "";
      this.sending = null;
      this.rid = null;
      store.update("drafts", (m) => ({ ...m, [s.conv]: this.text }));
    },
    // Stop (M-25): the server first (3 s at most), then the local streams; queued texts come back
    // to the start of the composer in send order.
    async stop() {
      const ctl = new AbortController();
      const timer = setTimeout(() => ctl.abort(), 3000);
      let res = null;
      try {
        res = await (await fetch(`/api/conversations/${s.conv}/stop`, { method: "POST", signal: ctl.signal })).json();
      } catch {
        res = null;
      }
      clearTimeout(timer);
      const cleared = res?.cleared ?? [...document.querySelectorAll("#chips .chip")].map((c) => c.dataset.text);
      document.querySelectorAll("#streams > *").forEach((el) => el.dispatchEvent(new CustomEvent("htmx:abort")));
      // Streams cut here never deliver their end: the chat shows those turns as the server stored them.
      window.dispatchEvent(new CustomEvent("streams-stopped"));
      document.querySelector("#chips")?.replaceChildren();
      if (cleared.length) this.text = [...cleared, this.text].filter((t) => t && t.trim()).join("\n\n");
      if (res && !res.cancelled) this.note = T.notStoppedHere;
      else this.running = false;
      this.saveDraft();
    },
  }));
});
