// The payload corpus for the inert-output tests: the classic XSS list plus htmx and Alpine
// attributes, <template>, SVG and MathML. Payload n, if any part of it ran or were processed,
// would request /canary/<n> and/or set window.__pwned = n (some also open a dialog).

export const CANARY = "/canary/";

/** What a payload runs when it gets the chance: a canary request and a flag. */
const js = (n: number) => `fetch('${CANARY}${n}');window.__pwned=${n}`;
const url = (n: number) => `${CANARY}${n}`;

const MAKERS: ((n: number) => string)[] = [
  // Classic HTML injection.
  (n) => `<script>${js(n)}</script>`,
  (n) => `<img src=x onerror="${js(n)};alert(${n})">`,
  (n) => `<svg onload="${js(n)}"></svg>`,
  (n) => `<body onload="${js(n)}">`,
  (n) => `<input autofocus onfocus="${js(n)}">`,
  (n) => `<details open ontoggle="${js(n)}"><summary>x</summary></details>`,
  (n) => `<video><source onerror="${js(n)}"></video>`,
  (n) => `<audio src=x onerror="${js(n)}"></audio>`,
  (n) => `<marquee onstart="${js(n)}">x</marquee>`,
  (n) => `<iframe src="${url(n)}"></iframe>`,
  (n) => `<iframe srcdoc="<script>parent.__pwned=${n}</script>"></iframe>`,
  (n) => `<object data="${url(n)}"></object>`,
  (n) => `<embed src="${url(n)}">`,
  (n) => `<link rel="stylesheet" href="${url(n)}">`,
  (n) => `<meta http-equiv="refresh" content="0;url=${url(n)}">`,
  (n) => `<style>@import '${url(n)}';</style>`,
  (n) => `<div style="background-image:url(${url(n)})">x</div>`,
  (n) => `<table background="${url(n)}"><tr><td>x</td></tr></table>`,
  (n) => `<img src="${url(n)}">`,
  (n) => `![x](${url(n)})`,
  (n) => `[click](javascript:${js(n)})`,
  (n) => `<a href="javascript:${js(n)}">click</a>`,
  (n) => `<noscript><p title="</noscript><img src=x onerror=${js(n)}>"></noscript>`,
  // SVG and MathML (namespace confusion, mXSS).
  (n) => `<svg><script>${js(n)}</script></svg>`,
  (n) => `<svg><animate onbegin="${js(n)}" attributeName="x" dur="1s"></animate></svg>`,
  (n) => `<svg><image href="${url(n)}"></image></svg>`,
  (n) => `<svg><foreignObject><img src=x onerror="${js(n)}"></foreignObject></svg>`,
  (n) => `<math><mtext><table><mglyph><style><img src=x onerror="${js(n)}"></style></mglyph></table></mtext></math>`,
  (n) => `<math><style><img src=x onerror="${js(n)}"></style></math>`,
  // <template>, inert by itself, and declarative shadow DOM.
  (n) => `<template><img src=x onerror="${js(n)}"></template>`,
  (n) => `<div><template shadowrootmode="open"><img src=x onerror="${js(n)}"></template></div>`,
  // htmx 4 reads hx-* and data-hx-* alike.
  (n) => `<div data-hx-get="${url(n)}" data-hx-trigger="load">x</div>`,
  (n) => `<div hx-get="${url(n)}" hx-trigger="load">x</div>`,
  (n) => `<div data-hx-get="/api/health" data-hx-trigger="load" data-hx-on="htmx:after:request -> ${js(n)}">x</div>`,
  (n) => `<div hx-get="/api/health" hx-trigger="load" hx-on::after:request="${js(n)}">x</div>`,
  (n) => `<button data-hx-post="${url(n)}" data-hx-trigger="load">x</button>`,
  (n) => `<div data-hx-get="${url(n)}" data-hx-trigger="every 100ms" data-hx-swap="none">x</div>`,
  (n) => `<img src=x data-hx-on:error="${js(n)}">`,
  (n) => `<hx-partial hx-target="body" hx-swap="beforeend"><img src=x onerror="${js(n)}"></hx-partial>`,
  // The SSE extension connects these even inside hx-ignore (public/inert.js stops the request).
  (n) => `<div hx-sse:connect="${url(n)}">x</div>`,
  (n) => `<div data-hx-sse:connect="${url(n)}">x</div>`,
  (n) => `<div sse-connect="${url(n)}" sse-swap="message">x</div>`,
  // Alpine reads x-*, :attr and @event inside any component, and #main is one.
  (n) => `<div x-data x-init="${js(n)}">x</div>`,
  (n) => `<div x-data="{ a: (() => { ${js(n)} })() }">x</div>`,
  (n) => `<div x-data :title="${js(n)}">x</div>`,
  (n) => `<div x-data x-bind:class="${js(n)}">x</div>`,
  (n) => `<input x-data autofocus @focus="${js(n)}">`,
  (n) => `<div x-data x-effect="${js(n)}">x</div>`,
  (n) => `<div x-data x-text="${js(n)}">x</div>`,
  (n) => `<div x-data><template x-if="(() => { ${js(n)}; return true })()"><b>x</b></template></div>`,
];

/** The corpus, numbered from 1: payload n's canary is /canary/n. */
export const PAYLOADS: string[] = MAKERS.map((make, i) => make(i + 1));

/** The control: ordinary Markdown (bold, inline code, a list, a code block, a link, a MEDIA image). */
export const ORDINARY = [
  "**đậm** và `mã`",
  "- một\n- hai",
  "```js\nlet a = 1;\n```",
  "[trang](https://example.com/a)",
  "MEDIA: pixel.png",
].join("\n\n");
