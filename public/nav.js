// The shell's drawer and the conversation list (M-06…M-10, M-67…M-69), and the `shell` event every
// screen's stream sends: the tab title with the pending count, the menu dot and where Manage opens.

/** A named stream frame's JSON (dispatched by htmx's SSE extension on the connecting element). */
window.frameData = (e) => {
  try {
    return JSON.parse(e.detail?.data ?? "{}");
  } catch {
    return {};
  }
};

document.addEventListener("shell", (e) => {
  const s = window.frameData(e);
  if (typeof s.title === "string") document.title = s.title;
  document.querySelectorAll(".btn-manage").forEach((a) => (a.href = s.manage));
  window.dispatchEvent(new CustomEvent("pending-count", { detail: s.pending ?? 0 }));
});

document.addEventListener("alpine:init", () => {
  const Alpine = window.Alpine;
  const T = window.T;
  const store = window.deviceStore;

  // On phones the list is a modal drawer: Escape, a tap outside or choosing a conversation closes
  // it, and focus returns to the menu button. ⌘K / Ctrl+K opens it at the search box.
  Alpine.data("drawer", (pending = 0) => ({
    open: false,
    // Requests wait for the owner: the menu button shows a dot, and says so in its name (M-69). The
    // state lives on the shell, so a #main swapped in by htmx gets the dot from its binding.
    hasWork: pending > 0,
    toggle() {
      this.open ? this.close() : this.show();
    },
    show(focusSearch = false) {
      // On wide screens the list is always there: only focus it, never make the chat inert.
      if (!window.matchMedia("(max-width: 760px)").matches) {
        return (this.$el.querySelector(".conv-search") ?? this.$el.querySelector("#sidebar a"))?.focus();
      }
      this.open = true;
      this.$nextTick(() => {
        const search = focusSearch && this.$el.querySelector(".conv-search");
        (search || this.$el.querySelector("#sidebar a, #sidebar button"))?.focus();
      });
    },
    close() {
      if (!this.open) return;
      this.open = false;
      // The chat is inert while the drawer is open; focus it only once Alpine has lifted that.
      this.$nextTick(() => document.querySelector("#main .menu-btn")?.focus());
    },
    hotkey(e) {
      if ((e.metaKey || e.ctrlKey) && e.key.toLowerCase() === "k") {
        e.preventDefault();
        this.show(true);
      }
    },
    init() {
      // A choice swaps #main and closes the drawer; the search box's own swaps (its hits) keep it open.
      document.addEventListener("htmx:after:swap", (e) => e.target.matches?.(".conv-search") || this.close());
    },
  }));

  // Grouping by the viewer's calendar, "how long ago", unread dots from per-device seen marks
  // (first use: everything counts as read). The search box is its own component (search.js).
  Alpine.data("convList", () => ({
    init() {
      const rows = [...this.$el.querySelectorAll(".conv-row")];
      let seen = store.get("seen", null);
      const marks = () => rows.map((r) => [r.dataset.id, r.dataset.updated]);
      if (seen === null) seen = store.update("seen", (m) => Object.fromEntries(marks().concat(Object.entries(m))));
      this.markCurrent();
      this.onSwap = () => this.markCurrent();
      document.addEventListener("htmx:after:swap", this.onSwap);
      const current = this.$el.querySelector(".conv-row.current");
      if (current) seen = store.update("seen", (m) => ({ ...m, [current.dataset.id]: current.dataset.updated }));
      const now = new Date();
      const day = (d) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
      const today = day(now);
      const groupItem = (label) =>
        Object.assign(document.createElement("li"), { className: "conv-group", textContent: label });
      let last = null;
      for (const row of rows) {
        const updated = new Date(row.dataset.updated);
        const label = day(updated) === today ? T.today : day(updated) === today - 86_400_000 ? T.yesterday : T.older;
        if (label !== last) row.before(groupItem(label));
        last = label;
        row.querySelector(".conv-ago").textContent = ago(updated, now);
        const mark = seen[row.dataset.id];
        row.querySelector(".dot").hidden = !mark || mark >= row.dataset.updated || row.classList.contains("current");
      }
    },
    /** The open conversation is whatever #main shows now (the list is not re-rendered on navigation). */
    markCurrent() {
      const id = document.querySelector("#main")?.dataset.conversation;
      this.$root.querySelectorAll(".conv-row").forEach((r) => {
        const on = r.dataset.id === id;
        r.classList.toggle("current", on);
        const a = r.querySelector("a");
        if (on) a?.setAttribute("aria-current", "page");
        else a?.removeAttribute("aria-current");
      });
    },
    markSeen(id, updated) {
      store.update("seen", (m) => ({ ...m, [id]: updated }));
    },
    destroy() {
      document.removeEventListener("htmx:after:swap", this.onSwap);
    },
  }));

  function ago(date, now) {
    const s = Math.round((now - date) / 1000);
    if (s < 60) return T.justNow;
    const rtf = new Intl.RelativeTimeFormat("vi", { numeric: "auto" });
    for (const [unit, size] of [["day", 86400], ["hour", 3600], ["minute", 60]]) {
      if (s >= size) return rtf.format(-Math.floor(s / size), unit);
    }
    return T.justNow;
  }
});
