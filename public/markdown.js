// Assistant text is Markdown: rendered with marked and sanitised with DOMPurify, never inserted raw
// (M-18). Any `[data-md]` element that arrives in the page (first render or an htmx swap) is
// rendered once; `MEDIA: path` lines become inline images served from the agent's workspace.
// The text may come from anyone the agent read, so the result must be inert (docs/chat.md): raw HTML
// in it is shown as text, only the tags and attributes Markdown makes survive, and the bubble carries
// hx-ignore and x-ignore. marked and DOMPurify are a script of their own, fetched the first time a
// page has Markdown to show (docs/decisions.md, page weight); until then the text shows as it is.
(() => {
  const MEDIA = /^MEDIA:\s*(\S+)\s*$/gm;
  const escape = (s) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  // No data-* (htmx reads data-hx-*), no style, forms, media, SVG, MathML or templates.
  const POLICY = {
    ALLOWED_TAGS: ["p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "code", "ul", "ol", "li",
      "a", "img", "strong", "b", "em", "i", "del", "s", "sub", "sup", "table", "thead", "tbody", "tr", "th", "td"],
    ALLOWED_ATTR: ["href", "src", "alt", "title", "align", "start", "class"],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  };
  // Images only from the workspace file route (what MEDIA lines make), so text cannot make the page
  // ask for anything by itself; classes only as marked sets them on code, so text cannot dress up
  // as the app's own controls.
  const WORKSPACE_FILE = /^\/api\/agents\/[^/?#]+\/files\?path=/;
  let md = null;
  let loading = false;
  const waiting = [];

  function setup() {
    // Raw HTML never reaches a parser: not even DOMPurify's, whose parse of handlers and style
    // attributes the page's CSP would report.
    md = new window.marked.Marked({
      gfm: true,
      breaks: true,
      renderer: { html: ({ text, block }) => (block ? `<p>${escape(text)}</p>` : escape(text)) },
    });
    window.DOMPurify.addHook("uponSanitizeAttribute", (node, data) => {
      const fromWorkspace = node.nodeName === "IMG" && WORKSPACE_FILE.test(data.attrValue);
      if (data.attrName === "src" && !fromWorkspace) data.keepAttr = false;
      if (data.attrName === "class" && !/^language-[\w-]+$/.test(data.attrValue)) data.keepAttr = false;
    });
  }
  function load() {
    if (loading) return;
    loading = true;
    const script = document.createElement("script");
    script.src = document.querySelector('meta[name="my-crew-markdown"]')?.content ?? "";
    script.onload = () => {
      setup();
      waiting.splice(0).forEach(scan);
    };
    document.head.append(script);
  }
  function render(el) {
    // DOMPurify hands back its input untouched where it cannot work: then the text stays plain text.
    if (el.dataset.rendered || !window.DOMPurify.isSupported) return;
    el.dataset.rendered = "1";
    const agent = el.closest("[data-agent]")?.dataset.agent || "default";
    const files = `/api/agents/${encodeURIComponent(agent)}/files?path=`;
    const source = el.textContent.replace(MEDIA, (_, path) => `![](${files}${encodeURIComponent(path)})`);
    el.innerHTML = window.DOMPurify.sanitize(md.parse(source), POLICY);
  }
  function scan(root) {
    const found = root.matches?.("[data-md]") ? [root] : [...(root.querySelectorAll?.("[data-md]") ?? [])];
    if (found.length === 0) return;
    if (md) return found.forEach(render);
    waiting.push(root);
    load();
  }
  // Loaded beside the libraries already (the renderer's own test page): render at once.
  if (window.marked && window.DOMPurify) setup();
  window.renderMarkdown = scan;
  document.addEventListener("DOMContentLoaded", () => {
    scan(document.body);
    const added = (records) => records.forEach((r) => r.addedNodes.forEach((n) => n.nodeType === 1 && scan(n)));
    new MutationObserver(added).observe(document.body, { childList: true, subtree: true });
  });
})();
