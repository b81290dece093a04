// Stroke icons of the tool cards, inline so a card needs no asset URL wherever it is rendered (stored
// thread, live stream). Same 24 px hand-drawn style as public/icons.svg; never emoji (M-63).
import { html, raw } from "hono/html";

const PATHS: Record<string, string> = {
  terminal: '<rect x="3" y="4" width="18" height="16" rx="2"/><path d="M7 9l3 3-3 3M12 15h5"/>',
  file: '<path d="M6 3h8l4 4v14H6z"/><path d="M14 3v4h4"/>',
  fileEdit: '<path d="M6 3h8l4 4v5M14 3v4h4M6 3v18h6"/><path d="M14 20l5.5-5.5 2 2L16 22h-2z"/>',
  fileDelete: '<path d="M6 3h8l4 4v14H6z"/><path d="M14 3v4h4M9.5 12.5l5 5M14.5 12.5l-5 5"/>',
  folder: '<path d="M3 6h6l2 2h10v11H3z"/>',
  search: '<circle cx="11" cy="11" r="6"/><path d="M16 16l4 4"/>',
  question: '<circle cx="12" cy="12" r="9"/><path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7M12 17h.01"/>',
  note: '<path d="M5 4h14v16H5z"/><path d="M8 9h8M8 13h8M8 17h5"/>',
  globe: '<circle cx="12" cy="12" r="9"/>' +
    '<path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z"/>',
  tool: '<path d="M14.5 6.5a4 4 0 0 0-5.3 5.3L4 17l3 3 5.2-5.2a4 4 0 0 0 5.3-5.3l-2.5 2.5-2.5-.5-.5-2.5z"/>',
};

const BY_TOOL: Record<string, string> = {
  shell_run: "terminal", file_read: "file", file_write: "fileEdit", file_edit: "fileEdit", file_delete: "fileDelete",
  file_list: "folder", file_search: "search", ask_user: "question", progress_note: "note",
  web_search: "search", fetch_url: "globe",
};

export function toolIcon(tool: string) {
  const paths = PATHS[BY_TOOL[tool] ?? "tool"]!;
  return html`<svg class="icon tc-icon" viewBox="0 0 24 24" aria-hidden="true">${raw(paths)}</svg>`;
}
