// The chat screen's local state (M-20…M-27, M-30): whether a turn runs (as the screen's stream says),
// the thread's scroll, the composer (never locked while busy, Enter sends, drafts per conversation,
// request_id reused on retry) and Stop. Everything the server holds arrives on the stream.
document.addEventListener("alpine:init", () => {
  const Alpine = window.Alpine;
  const T = window.T;
  const store = window.deviceStore;
  const frameData = window.frameData;

  Alpine.data("chat", (s) => ({
    conv: s.conv,
    running: s.running,
    // The thread follows its end while the person has not scrolled up; then a button offers the way back.
    stuck: true,
    newBelow: false,
    init() {
      // The screen's stream (GET /c/<id>/live) says whether a turn runs; the thread itself arrives as HTML.
      this.$el.addEventListener("state", (e) => this.stateChanged(frameData(e)));
      const wrap = this.$el.querySelector(".thread-wrap");
      const thread = document.getElementById("thread");
      if (!wrap || !thread) return;
      // Only a move up unsticks: a scroll event read after the thread grew again is not the person's.
      let lastTop = wrap.scrollTop;
      wrap.addEventListener("scroll", () => {
        if (wrap.scrollHeight - wrap.scrollTop - wrap.clientHeight < 48) this.stuck = true;
        else if (wrap.scrollTop < lastTop) this.stuck = false;
        lastTop = wrap.scrollTop;
        if (this.stuck) this.newBelow = false;
      });
      this.grown = new ResizeObserver(() => (this.stuck ? this.toBottom() : (this.newBelow = true)));
      this.grown.observe(thread);
      window.addEventListener("message-sent", (this.onSent = () => this.toBottom()));
    },
    destroy() {
      this.grown?.disconnect();
      window.removeEventListener("message-sent", this.onSent);
    },
    toBottom() {
      // Called from the button too, where $el is the button: the scroller is found from the page.
      const wrap = document.querySelector("#main .thread-wrap");
      if (wrap) wrap.scrollTop = wrap.scrollHeight;
      this.stuck = true;
      this.newBelow = false;
    },
    stateChanged(d) {
      this.running = !!d.running;
      window.dispatchEvent(new CustomEvent("chat-state", { detail: d }));
    },
  }));

  Alpine.data("composer", (s) => ({
    text: "",
    note: "",
    locked: s.locked,
    rid: null,
    init() {
      this.text = store.get("drafts", {})[s.conv] ?? "";
      // A branch just made from a message opens with that text, ready to edit (M-33, public/fork.js).
      if (window.focusComposerOf === s.conv) {
        window.focusComposerOf = null;
        this.$nextTick(() => this.$refs.input.focus());
      }
      window.addEventListener("chat-state", (this.onState = (e) => (this.locked = !!e.detail.locked)));
      window.addEventListener("conversation-patched", (e) => {
        const c = e.detail;
        this.locked = c.cost_cap_usd > 0 && c.spent_usd >= c.cost_cap_usd;
      });
    },
    destroy() {
      window.removeEventListener("chat-state", this.onState);
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
    // A plain POST: 202 when the server took the message (a turn, a queue place, or a resend it already
    // had), else the sentence to show. What the send causes arrives on the screen's stream.
    async send() {
      const text = this.text.trim();
      if (!text || this.locked) return;
      this.rid ??= window.newRequestId();
      this.note = "";
      this.sending = text;
      const body = new URLSearchParams({ text, request_id: this.rid });
      try {
        const res = await fetch(`/c/${s.conv}/send`, { method: "POST", body });
        if (!res.ok) return (this.note = (await res.text()) || T.sendFailed);
      } catch {
        return (this.note = T.sendFailed);
      }
      this.accepted();
      window.dispatchEvent(new CustomEvent("message-sent"));
    },
    accepted() {
      if (this.text.trim() === this.sending) this.text = "";
      this.sending = null;
      this.rid = null;
      store.update("drafts", (m) => ({ ...m, [s.conv]: this.text }));
    },
    // Stop (M-25): the server first (3 s at most); queued texts come back to the start of the composer
    // in send order. The stopped turn and the emptied queue arrive on the stream.
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
      if (cleared.length) this.text = [...cleared, this.text].filter((t) => t && t.trim()).join("\n\n");
      if (res && !res.cancelled) this.note = T.notStoppedHere;
      this.saveDraft();
    },
  }));
});
