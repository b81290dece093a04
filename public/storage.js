// Per-device state (M-55, M-56): every localStorage access goes through here. When storage is
// refused (private window, blocked site data, full quota) nothing is saved and the page goes on
// with an in-memory copy until reload.
window.deviceStore = (() => {
  const memory = {};
  let usable = true;
  try {
    localStorage.setItem("my-crew:probe", "1");
    localStorage.removeItem("my-crew:probe");
  } catch {
    usable = false;
  }
  return {
    get(key, fallback) {
      if (key in memory) return memory[key];
      if (!usable) return fallback;
      try {
        const raw = localStorage.getItem(`my-crew:${key}`);
        return raw === null ? fallback : JSON.parse(raw);
      } catch {
        return fallback;
      }
    },
    set(key, value) {
      memory[key] = value;
      if (!usable) return;
      try {
        localStorage.setItem(`my-crew:${key}`, JSON.stringify(value));
      } catch {
        usable = false;
      }
    },
    /** Read-modify-write of an object map, merging with what other tabs stored meanwhile (M-57). */
    update(key, fn) {
      delete memory[key];
      const next = fn({ ...(this.get(key, {}) || {}) });
      this.set(key, next);
      return next;
    },
  };
})();

/** A fresh id for a send; reused when the same text is sent again after a failure. */
window.newRequestId = () =>
  crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
