// Assistant text is Markdown: rendered with marked and sanitised with DOMPurify, never inserted raw
// (M-18). Any `[data-md]` element that arrives in the page (first render or an htmx swap) is
// rendered once; `MEDIA: path` lines become inline images served from the agent's workspace.
(() => {
  const MEDIA = /^MEDIA:\s*(\S+)\s*$/gm;
  function render(el) {
    if (el.dataset.rendered) return;
    el.dataset.rendered = "1";
    const agent = el.closest("[data-agent]")?.dataset.agent || "default";
    const source = el.textContent.replace(MEDIA, (_, path) => `![](/api/agents/${encodeURIComponent(agent)}/files?path=${encodeURIComponent(path)})`);
    el.innerHTML = window.DOMPurify.sanitize(window.marked.parse(source, { gfm: true, breaks: true }));
  }
  function scan(root) {
    if (root.matches?.("[data-md]")) render(root);
    root.querySelectorAll?.("[data-md]").forEach(render);
  }
  window.renderMarkdown = scan;
  document.addEventListener("DOMContentLoaded", () => {
    scan(document.body);
    new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach((n) => n.nodeType === 1 && scan(n)))).observe(document.body, { childList: true, subtree: true });
  });
})();
