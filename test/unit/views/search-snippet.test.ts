// The search snippet as HTML (src/models/search.ts): every character of the stored text escaped, the
// only elements our own <mark>s, balanced even when the text itself carries the marker characters.
import { describe, expect, test } from "bun:test";
import { HIT_CLOSE, HIT_OPEN, snippetHtml, snippetText } from "../../../src/models/search.ts";

const O = HIT_OPEN;
const C = HIT_CLOSE;

describe("search snippet", () => {
  test("markers become <mark>, text is escaped", () => {
    expect(snippetHtml(`a ${O}đọc${C} <b onclick='x'>&"`)).toBe(
      "a <mark>đọc</mark> &lt;b onclick=&#39;x&#39;&gt;&amp;&quot;",
    );
  });

  test("stray markers from the stored text never leave a <mark> open or close one twice", () => {
    expect(snippetHtml(`${O}a${O}b${C}c${C}d`)).toBe("<mark>ab</mark>cd");
    expect(snippetHtml(`x${C}y${O}z`)).toBe("xy<mark>z</mark>");
  });

  test("for a model: one line, matched words in brackets", () => {
    expect(snippetText(`Tôi ${O}đọc${C}\n\nsách`)).toBe("Tôi [đọc] sách");
  });
});
