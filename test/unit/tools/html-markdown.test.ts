// HTML → Markdown on three hand-written pages shaped like real ones (test/fixtures/web: a news article, a
// docs page, a forum thread): the main text stays, the site's chrome goes, links become absolute.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { htmlToMarkdown } from "../../../src/tools/web/html-markdown.ts";

const fixture = (name: string) => readFileSync(join(import.meta.dir, "../../fixtures/web", name), "utf8");

describe("htmlToMarkdown", () => {
  test("a news article: the story with its title, links and quote; no banner, nav, comments or scripts", () => {
    const page = htmlToMarkdown(fixture("news-article.html"), "https://ledger.example/climate/2026/11/28/solar");
    expect(page.title).toBe("Harbour city opens its first floating solar farm");
    const md = page.markdown;
    expect(md.startsWith("# Harbour city opens its first floating solar farm\n")).toBe(true);
    expect(md).toContain("covering a third of the disused Northgate reservoir");
    expect(md).toContain("## Why the reservoir");
    expect(md).toContain("> \"We expected complaints about the view.");
    expect(md).toContain("[feasibility report](https://energy.example.org/reports/northgate-2026.pdf)");
    expect(md).toContain("[local wildlife trust](https://ledger.example/climate/2026/wildlife-trust)");
    expect(md).toContain("[explainer on floating solar](https://ledger.example/climate/explainers/floating-solar)");
    for (const chrome of ["We use cookies", "Accept all", "BREAKING", "Most read", "Related stories",
      "Subscribe to our newsletter", "All rights reserved", "dataLayer", "trackEvent", "anon1987", "schema.org"]) {
      expect(md).not.toContain(chrome);
    }
  });

  test("a docs page: headings, code, the parameter table and <base>-relative links; no sidebar or footer", () => {
    const md = htmlToMarkdown(fixture("docs-page.html"), "https://docs.tidepool.example/3.2/pools.html").markdown;
    expect(md).toContain("lends one to each request");
    expect(md).toContain("## Creating a pool");
    expect(md).toContain('pool = Pool("postgres://app@db.internal/app", min_size=2, max_size=20)');
    expect(md).toContain("```\nfrom tidepool import Pool");
    expect(md).toContain("| Parameter | Default | Meaning |\n| --- | --- | --- |\n| `min_size` | 1 |");
    expect(md).toContain("[`PoolTimeout`](https://docs.tidepool.example/3.2/api/errors.html#tidepool.PoolTimeout)");
    expect(md).toContain("[sizing the pool](https://docs.tidepool.example/3.2/tuning.html#sizing)");
    for (const chrome of ["Search docs", "Installation", "On this page", "4.0 beta is out", "Built with Sphinx",
      "DOCUMENTATION_OPTIONS", "localStorage", "Quickstart"]) {
      expect(md).not.toContain(chrome);
    }
  });

  test("a forum thread: the question and every reply; no login, cookie notice, buttons or scripts", () => {
    const page = htmlToMarkdown(fixture("forum-thread.html"), "https://forum.example/t/sourdough/4821");
    expect(page.title).toBe("Sourdough starter smells like nail polish remover — what went wrong?");
    const md = page.markdown;
    expect(md).toContain("it smells sharply of acetone");
    expect(md).toContain("Not dead, just hungry.");
    expect(md).toContain("feed 1:2:2 twice a day");
    expect(md).toContain("smells like green apples");
    expect(md).toContain("[feeding ratios FAQ](https://forum.example/t/starter-feeding-ratios-explained/1024)");
    for (const chrome of ["Log in", "Sign up", "uses cookies", "Got it", "Bookmark", "Powered by",
      "__FORUM_PRELOAD__", "♥"]) {
      expect(md).not.toContain(chrome);
    }
  });

  test("a page Readability finds nothing in falls back to the body, still without scripts or navigation", () => {
    const html = `<html><head><title>Status</title><script>var secret = 1;</script></head><body>
      <nav><a href="/">Home</a></nav><p>All systems <a href="/history">normal</a>.</p><style>p{}</style></body></html>`;
    const page = htmlToMarkdown(html, "https://status.example/now");
    expect(page.markdown).toBe("# Status\n\nAll systems [normal](https://status.example/history).");
  });

  test("javascript: links lose their target; text without a title has no heading", () => {
    const page = htmlToMarkdown('<p>Click <a href="javascript:alert(1)">here</a> now.</p>', "https://x.example/");
    expect(page.title).toBe("");
    expect(page.markdown).toBe("Click here now.");
  });
});
