// Canvases beside the chat (M-37, docs/canvas-ui.md): the panel (tabs, the open canvas, the live preview
// of a canvas the agent is writing) and one canvas's editor and history. The server owns the state:
// saving and restoring send the change, then the stored version is fetched back and shown.
(() => {
  /** Arguments streamed so far, per tool call: they outlive a panel replaced by the stream. */
  const calls = new Map();
  const WRITERS = new Set(["artifact_create", "artifact_rewrite", "artifact_edit"]);
  /** Whether the person opened (true) or closed (false) the panel; it outlives a panel the stream
   * replaced. Until they choose, it starts closed where it would cover the chat (one column). */
  let wanted = null;
  /** Unsaved edits by canvas id, with the version they were begun on: a panel the stream re-sends (a
   * write elsewhere, a reconnect) opens the editor again with them, and their save still names that
   * version, so a write made meanwhile is reported rather than overwritten. */
  const drafts = new Map();
  const narrow = () => window.matchMedia("(max-width: 1100px)").matches;

  /** String field `key` of JSON that may stop anywhere: its text decoded as far as it goes, and whether
   * the string is complete. Null while the field has not begun. */
  function partialField(json, key) {
    const m = new RegExp(`"${key}"\\s*:\\s*"`).exec(json);
    if (!m) return null;
    let out = "";
    const ESC = { n: "\n", t: "\t", r: "\r", b: "\b", f: "\f", '"': '"', "\\": "\\", "/": "/" };
    for (let i = m.index + m[0].length; i < json.length; i++) {
      const ch = json[i];
      if (ch === '"') return { text: out, done: true };
      if (ch !== "\\") { out += ch; continue; }
      const next = json[i + 1];
      if (next === undefined) break;
      if (next === "u") {
        const hex = json.slice(i + 2, i + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) break;
        out += String.fromCharCode(parseInt(hex, 16));
        i += 5;
      } else {
        out += ESC[next] ?? next;
        i += 1;
      }
    }
    return { text: out, done: false };
  }
  window.partialField = partialField;

  /** Replaces `el` with the HTML at `url`; Alpine and the Markdown renderer pick the new node up. */
  async function swapIn(el, url) {
    const res = await fetch(url, { headers: { accept: "text/html" } });
    // The stream may have replaced the whole panel meanwhile: it already shows the stored version.
    if (!res.ok || !el.isConnected) return false;
    el.outerHTML = await res.text();
    return true;
  }

  async function send(url, method, body) {
    const init = { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
    const res = await fetch(url, init);
    const reply = await res.json().catch(() => ({}));
    return { ok: res.ok, status: res.status, detail: reply.detail };
  }

  document.addEventListener("alpine:init", () => {
    const Alpine = window.Alpine;
    const T = window.T;

    Alpine.data("canvasPanel", (s) => ({
      has: s.has,
      closed: false,
      openId: null,
      preview: { on: false, title: "", text: "" },
      get shown() {
        return !this.closed && (this.has || this.preview.on);
      },
      init() {
        this.closed = wanted === null ? narrow() : !wanted;
        this.openId = this.$root.querySelector("#canvas-view")?.dataset.canvas ?? null;
        const drafted = [...this.$root.querySelectorAll(".canvas-tab")].find((b) => drafts.has(b.dataset.id));
        if (drafted && drafted.dataset.id !== this.openId && !drafts.has(this.openId)) this.show(drafted.dataset.id);
        document.addEventListener("canvas-delta", (this.onDelta = (e) => this.delta(window.frameData(e))));
      },
      destroy() {
        document.removeEventListener("canvas-delta", this.onDelta);
      },
      open() {
        wanted = true;
        this.closed = false;
      },
      close() {
        wanted = false;
        this.closed = true;
      },
      async show(id) {
        const view = this.$root.querySelector("#canvas-view");
        if (view && (await swapIn(view, `/canvas/${encodeURIComponent(id)}/view`))) this.openId = id;
      },
      delta(d) {
        if (!WRITERS.has(d.name) || window.deviceStore.get("canvasPreview", "on") === "off") return;
        const args = (calls.get(d.call) ?? "") + d.delta;
        calls.set(d.call, args);
        const text = this.previewText(d.name, args);
        if (text === null) return;
        this.preview = { on: true, title: partialField(args, "title")?.text ?? this.openTitle(), text };
        this.open();
      },
      /** A new or rewritten canvas is its content; an edit shows the open canvas with the change made. */
      previewText(name, args) {
        if (name !== "artifact_edit") return partialField(args, "content")?.text ?? null;
        const base = this.$root.querySelector(".canvas-text")?.defaultValue;
        const old = partialField(args, "old_string");
        const now = partialField(args, "new_string");
        if (base === undefined || !old?.done || !now || !base.includes(old.text)) return null;
        if (/"replace_all"\s*:\s*true/.test(args)) return base.split(old.text).join(now.text);
        return base.replace(old.text, () => now.text);
      },
      openTitle() {
        return this.$root.querySelector("#canvas-view .canvas-title")?.textContent ?? "";
      },
    }));

    Alpine.data("canvas", (s) => ({
      id: s.id,
      version: s.version,
      editing: false,
      busy: false,
      error: "",
      init() {
        const draft = drafts.get(this.id);
        if (!draft || !this.$refs.text) return;
        this.$refs.text.value = draft.text;
        this.version = draft.base;
        this.editing = true;
      },
      remember() {
        drafts.set(this.id, { text: this.$refs.text.value, base: this.version });
      },
      startEdit() {
        this.editing = true;
        this.$nextTick(() => this.$refs.text?.focus());
      },
      cancel() {
        drafts.delete(this.id);
        this.$refs.text.value = this.$refs.text.defaultValue;
        this.editing = false;
        this.error = "";
      },
      /** A save names the version it edits: the server refuses it when someone wrote since (409). */
      async save() {
        const body = { content: this.$refs.text.value, base_version: this.version };
        await this.write("PUT", `/api/canvases/${this.id}`, body, T.canvasConflict);
      },
      async restore(n) {
        await this.write("POST", `/api/canvases/${this.id}/restore`, { version: n }, T.canvasConflict);
      },
      async write(method, url, body, conflict) {
        this.busy = true;
        this.error = "";
        try {
          const r = await send(url, method, body);
          if (!r.ok) return void (this.error = r.status === 409 ? conflict : r.detail || T.canvasSaveFailed);
          drafts.delete(this.id);
          await swapIn(this.$root, `/canvas/${this.id}/view`);
        } catch {
          this.error = T.canvasSaveFailed;
        } finally {
          this.busy = false;
        }
      },
    }));
  });
})();
