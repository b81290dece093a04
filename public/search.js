// The sidebar search (M-08, M-09): titles filter in place as the person types (accents and d-stroke ignored,
// like the server's search); the same input's htmx request fills #conv-hits with message hits from the
// whole crew. "No results" shows only once the content answer for this query is in, and it is empty too.
document.addEventListener("alpine:init", () => {
  // Tone marks off (NFD, then drop the marks) and d with stroke (U+0111/U+0110) to d, as the index does.
  const fold = (s) => s.normalize("NFD").replace(/\p{M}/gu, "").replace(/[\u0111\u0110]/g, "d").toLowerCase();

  window.Alpine.data("convSearch", () => ({
    needle: "",
    // Whether #conv-hits holds the answer to the newest content request (set by htmx's own events).
    answered: false,
    none: false,
    init() {
      const input = this.$refs.search;
      input.addEventListener("htmx:before:request", () => {
        this.answered = false;
        this.update();
      });
      input.addEventListener("htmx:after:swap", () => {
        this.answered = true;
        this.update();
      });
    },
    filter(q) {
      this.needle = fold(q.trim());
      const list = this.$root.closest("#conv-list");
      const match = (r) => !this.needle || fold(r.dataset.title).includes(this.needle);
      list.querySelectorAll(".conv-row").forEach((r) => (r.hidden = !match(r)));
      list.querySelectorAll(".conv-group:not(.conv-hits-head)").forEach((g) => (g.hidden = !!this.needle));
      this.update();
    },
    update() {
      const list = this.$root.closest("#conv-list");
      const titles = list.querySelector(".conv-row:not([hidden])");
      const hits = list.querySelector("#conv-hits .conv-hit");
      this.none = !!this.needle && this.answered && !titles && !hits;
    },
  }));
});
