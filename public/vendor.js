// The two libraries markdown.js needs, put on window; built (minified) from their ES modules into
// public/dist/markdown-lib.js, which markdown.js loads when a page first shows Markdown.
import { Marked } from "marked";
import DOMPurify from "dompurify";

window.marked = { Marked };
window.DOMPurify = DOMPurify;
