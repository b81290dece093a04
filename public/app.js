// The small Alpine layer: local UI state only (drawer now; composer and cards later). Server state
// always arrives as HTML fragments through htmx.
document.addEventListener("alpine:init", () => {
  const Alpine = window.Alpine;
  // The conversation list on phones is a modal drawer (M-67, M-68): Escape or a tap outside closes
  // it, and focus goes back to the menu button that opened it.
  Alpine.data("drawer", () => ({
    open: false,
    toggle() {
      this.open ? this.close() : this.show();
    },
    show() {
      this.open = true;
      this.$nextTick(() => this.$refs.panel?.querySelector("a,button")?.focus());
    },
    close() {
      if (!this.open) return;
      this.open = false;
      // The chat is inert while the drawer is open; focus it only once Alpine has lifted that.
      this.$nextTick(() => this.$refs.menuButton?.focus());
    },
    get menuLabel() {
      return this.open ? window.T.closeMenu : window.T.openMenu;
    },
  }));
});
