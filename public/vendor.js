// The two libraries markdown.js needs, put on window for the page's classic scripts. Bundled (and
// minified) from their ES modules at build time, so only what markdown.js uses is shipped.
import { Marked } from "marked";
import DOMPurify from "dompurify";

window.marked = { Marked };
window.DOMPurify = DOMPurify;
