// The guest-side half of the script API, evaluated in QuickJS before the script: it builds `tools`, `llm`,
// `load`, `store` and `print` on top of three host functions and leaves nothing else of the host visible.
// Every value crosses the boundary as a JSON string; each call records the script line it came from.

export const PRELUDE = String.raw`(function (host, namesJson, textsJson) {
  "use strict";
  const names = JSON.parse(namesJson);
  const texts = JSON.parse(textsJson);
  const where = () => {
    const m = /script\.js:(\d+)/.exec(new Error().stack || "");
    return m ? Number(m[1]) : 0;
  };
  const text = (v) => {
    if (typeof v === "string") return v;
    try {
      const s = JSON.stringify(v);
      if (s !== undefined) return s;
    } catch (e) {}
    return String(v);
  };
  const fail = (message, line) => {
    const e = new Error(message);
    e.scriptLine = line;
    return e;
  };
  const ask = (kind, name, args) => {
    const line = where();
    const json = JSON.stringify(args === undefined ? null : args);
    return host.call(kind, name, json === undefined ? "null" : json, line).then(
      (answer) => JSON.parse(answer),
      (message) => { throw fail(String(message), line); },
    );
  };
  const known = Object.create(null);
  for (const name of names) known[name] = (args) => ask("tool", name, args === undefined ? {} : args);
  Object.freeze(known);
  globalThis.tools = new Proxy(known, {
    get(target, key) {
      if (typeof key !== "string" || key in target || key === "then") return target[key];
      return () => Promise.reject(fail(texts.unknownTool.replace("{name}", key), where()));
    },
  });
  globalThis.llm = Object.freeze({
    classify: (text, labels) => ask("classify", "", { text, labels }),
    summarise: (text, maxChars) => ask("summarise", "", { text, maxChars }),
  });
  globalThis.load = (key) => ask("load", "", { key });
  globalThis.store = (key, value) => {
    if (typeof key !== "string" || key === "") throw fail(texts.badStoreKey, where());
    let json;
    try { json = JSON.stringify(value); } catch (e) {}
    if (json === undefined) throw fail(texts.badStoreValue, where());
    host.store(key, json, where());
  };
  globalThis.print = (...values) => { host.print(values.map(text).join(" "), where()); };
})`;
