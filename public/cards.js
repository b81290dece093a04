// Header pills' cards, cap raising, approval decisions and the activity strip (M-11…M-15, M-28, M-29,
// M-35). Cards close on Escape (focus back to their pill) or a click outside.
document.addEventListener("alpine:init", () => {
  const Alpine = window.Alpine;
  const T = window.T;

  /** PATCH the conversation, then refresh the header (and the composer's lock) from the server. */
  window.patchConversation = async (conv, body) => {
    const init = { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
    const res = await fetch(`/api/conversations/${conv}`, init);
    if (!res.ok) return null;
    const detail = await res.json();
    // Clicks inside a card keep it open (M-15): the header is re-read once its card closes.
    window.headerStale = conv;
    const pillOnly = { target: "#spend-pill", select: "#spend-pill", swap: "outerHTML" };
    if (!document.querySelector("#chat-header .card:not([style*='display: none'])")) window.refreshHeader();
    else window.htmx.ajax("GET", `/c/${conv}/header`, pillOnly);
    window.dispatchEvent(new CustomEvent("conversation-patched", { detail }));
    return detail;
  };
  window.refreshHeader = (focusId) => {
    const conv = window.headerStale;
    window.headerStale = null;
    if (!conv) return;
    const focus = () => focusId && document.getElementById(focusId)?.focus();
    window.htmx.ajax("GET", `/c/${conv}/header`, { target: "#chat-header", swap: "outerHTML" }).then(focus);
  };
  Alpine.magic("patch", () => (conv, body) => window.patchConversation(conv, body));

  Alpine.data("card", () => ({
    open: false,
    toggle() {
      this.open = !this.open;
    },
    close() {
      if (!this.open) return;
      this.open = false;
      this.$nextTick(() => {
        this.$refs.pill?.focus();
        if (window.headerStale) window.refreshHeader(this.$refs.pill?.id);
      });
    },
  }));

  Alpine.data("capForm", (conv, cap) => ({
    cap,
    raise() {
      this.cap = Math.round((Number(this.cap) + 1) * 100) / 100;
      return window.patchConversation(conv, { cost_cap_usd: this.cap });
    },
    setCap() {
      const value = Number(this.cap);
      if (!Number.isFinite(value) || value < 0) return;
      return window.patchConversation(conv, { cost_cap_usd: value });
    },
  }));

  // An approval bar or question card: a live countdown to the deadline, and a decision posted as is;
  // the bar and the continued run arrive on the screen's stream.
  Alpine.data("decision", (s) => ({
    left: "",
    answer: "",
    init() {
      const tick = () => {
        const ms = Date.parse(s.deadline) - Date.now();
        if (ms <= 0) return (this.left = T.expired);
        const m = Math.floor(ms / 60000);
        this.left = T.timeLeft(`${m}:${String(Math.floor((ms % 60000) / 1000)).padStart(2, "0")}`);
      };
      tick();
      this.timer = setInterval(tick, 1000);
    },
    destroy() {
      clearInterval(this.timer);
    },
    decide(values) {
      fetch(`/ui/approvals/${s.id}`, { method: "POST", body: new URLSearchParams(values) });
    },
  }));

  Alpine.data("strip", () => ({
    open: window.deviceStore.get("activityStrip", false),
    toggle() {
      this.open = !this.open;
      window.deviceStore.set("activityStrip", this.open);
    },
  }));
});
