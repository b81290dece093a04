// The @font-face rules for Inter, generated at build time from the hashed font URLs and put at the head of
// the page's stylesheet: pages carry no inline <style>, so their CSP allows styles from 'self' only.
// One weight (400) is shipped; headings are bolded by the browser, which keeps the first load within
// its budget (docs/decisions.md, page weight).
import type { PageAsset } from "../models/assets.ts";

// Vietnamese letters come from their own subset file, so a page in Latin only never downloads it.
const VI_RANGE = "U+0102-0103,U+0110-0111,U+0128-0129,U+0168-0169,U+01A0-01A1,U+01AF-01B0,U+0300-0301,U+0303-0304,"
  + "U+0308-0309,U+0323,U+0329,U+1EA0-1EF9,U+20AB";

export function fontFacesCss(url: (name: PageAsset) => string): string {
  const face = (file: PageAsset, weight: number, range?: string) =>
    `@font-face{font-family:"Inter";font-style:normal;font-display:swap;font-weight:${weight};`
    + `src:url(${url(file)}) format("woff2")${range ? `;unicode-range:${range}` : ""}}`;
  return [
    face("inter-latin-400.woff2", 400),
    face("inter-vietnamese-400.woff2", 400, VI_RANGE),
  ].join("\n");
}
