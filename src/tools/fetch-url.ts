// fetch_url: reads a public web page for the model. The SSRF fence (net/) refuses any address that is not
// public, as a hard refusal; HTML becomes readable Markdown, text stays text, a PDF or an image is saved
// to inbox/ for pdf_read / image_read, other binaries are refused. The loop caps the output as usual.
import { z } from "zod";
import { defineTool, type ToolContext } from "./define.ts";
import { checkTarget, FETCH_TIMEOUT_MS, type FetchOptions, FenceError, fenceTestSeam, MAX_BODY_BYTES, refuseUrl,
  safeFetch } from "./net/safe-fetch.ts";
import { decodeText, kindOf } from "./web/content-kind.ts";
import { saveToInbox } from "./web/inbox.ts";

const MB = MAX_BODY_BYTES / 1024 / 1024;
/**
 * Text handed to the loop at most; the loop then caps it to tool_output_chars (summarised or cut). Without
 * this bound a 5 MB page would go whole into the summariser's side call.
 */
export const FETCH_TEXT_MAX_CHARS = 100_000;

const params = z.object({
  url: z
    .string()
    .min(1)
    .max(4000)
    .describe("The full http or https address to read, for example https://example.com/article."),
});

export const fetchUrl = defineTool({
  name: "fetch_url",
  description:
    "Read a public web page (http or https). HTML comes back as readable Markdown (the main content, with links); " +
        "plain text and JSON as text. A PDF or an image is saved into your workspace under inbox/ and the " +
        "result tells you the path to read with pdf_read or image_read. Addresses on this machine or a private " +
        `network are refused. At most ${MB} MB and 5 redirects are followed.`,
  params,
  requiresApproval: false,
  replaySafe: true,
  refuse: (args) => refuseTarget(args.url),
  summarize: (args) => args.url,
  async execute(args, ctx) {
    const fetched = await safeFetch(args.url, { ...options(), signal: ctx.signal });
    const kind = kindOf(fetched.contentType, fetched.body);
    const source = sourceLine(args.url, fetched.url, fetched.status);
    const cut = fetched.cut ? `\n[The body was larger than ${MB} MB; only its first ${MB} MB were read.]` : "";
    if (kind.kind === "html" || kind.kind === "text") {
      const text = decodeText(fetched.contentType, fetched.body);
      if (text.trim() === "") return `${source}\n(The page is empty.)`;
      const body = kind.kind === "html" ? await pageMarkdown(text, fetched.url) : text;
      if (body.length <= FETCH_TEXT_MAX_CHARS) return `${source}${cut}\n\n${body}`;
      const kept = FETCH_TEXT_MAX_CHARS.toLocaleString("en-US");
      return `${source}${cut}\n[The text is ${body.length.toLocaleString("en-US")} characters; the first ${kept} ` +
          `follow.]\n\n${body.slice(0, FETCH_TEXT_MAX_CHARS)}`;
    }
    if (kind.kind === "binary") {
      throw new Error(`${fetched.url} is a ${kind.type} file, which fetch_url cannot read (it reads web pages, ` +
          "text, JSON, PDFs and images). Look for a web page about it instead.");
    }
    return saveFile(ctx, fetched.url, kind, fetched.body, fetched.cut);
  },
});

/** The hard refusal: a non-http(s) URL, or a host that spells or resolves to a non-public address. */
async function refuseTarget(raw: string): Promise<string | null> {
  const opts = options();
  const refusal = refuseUrl(raw, opts);
  if (refusal) return refusal;
  try {
    await checkTarget(new URL(raw), opts, AbortSignal.timeout(FETCH_TIMEOUT_MS));
  } catch (e) {
    if (e instanceof FenceError) return e.message;
  }
  return null;
}

/** Readability, turndown and their DOM load on the first page read, not at start. */
async function pageMarkdown(html: string, url: string): Promise<string> {
  return (await import("./web/html-markdown.ts")).htmlToMarkdown(html, url).markdown;
}

function options(): FetchOptions {
  return { ...fenceTestSeam };
}

function sourceLine(asked: string, final: string, status: number): string {
  const from = final === asked || final === new URL(asked).href ? "" : ` (redirected from ${asked})`;
  const answer = status >= 200 && status < 300 ? "" : `\nThe server answered HTTP ${status}.`;
  return `Source: ${final}${from}${answer}`;
}

function saveFile(ctx: ToolContext, url: string, kind: { kind: "pdf" | "image"; ext: string }, body: Buffer,
  cut: boolean): string {
  const what = kind.kind === "pdf" ? "PDF" : "image";
  if (cut) {
    throw new Error(`The ${what} at ${url} is larger than ${MB} MB, the most fetch_url downloads; nothing was ` +
        "saved. Look for a smaller version or a web page about it.");
  }
  const path = saveToInbox(ctx, url, kind.ext, body);
  const size = body.length.toLocaleString("en-US");
  const next = kind.kind === "pdf"
    ? `Read it with pdf_read on path "${path}".`
    : `Look at it with image_read on path "${path}" and your question.`;
  return `Saved the ${what} from ${url} to ${path} (${size} bytes). ${next}`;
}
