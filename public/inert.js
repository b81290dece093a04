// The last guard for text shown inside hx-ignore elements (docs/chat.md, rendering safety): htmx
// itself skips them, but its SSE extension still connects an `hx-sse:connect` found inside one
// (htmx 4.0.1). So no htmx request may start from an element inside an ignored one.
document.addEventListener("htmx:config:request", (e) => {
  if (e.target.closest?.("[hx-ignore], [data-hx-ignore]")) e.preventDefault();
});
