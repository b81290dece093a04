// runScript end to end with a real `__script` child: printing, tool/llm/load calls through the host, stores,
// and errors that name the script's own line.
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { fakeHost, run } from "./helpers.ts";

// Each test starts a real child (about a second from source on a busy machine).
setDefaultTimeout(30_000);

describe("script engine", () => {
  test("prints values, calls tools, llm and load through the host, and collects stores", async () => {
    const host = fakeHost();
    const code = [
      'print("hello", 1 + 1, { a: [1] }, null);',
      'const r = await tools.file_read({ path: "a.md" });',
      "print(r);",
      'print(await llm.classify("is it rain?", ["yes", "no"]), await llm.summarise("abcdef", 3));',
      'const seen = await load("seen");',
      'print(seen.n, await load("missing"));',
      'store("count", { n: seen.n + 1 });',
      'store("list", [1, "x"]);',
    ].join("\n");
    const r = await run(code, { host });
    expect(r).toEqual({
      ok: true,
      printed: 'hello 2 {"a":[1]} null\nfile_read ok\nno abc\n2 null\n',
      stores: [{ key: "count", value: { n: 3 } }, { key: "list", value: [1, "x"] }],
      calls: 3,
    });
    expect(host.asked[0]).toEqual({ kind: "tool", name: "file_read", args: { path: "a.md" } });
    expect(host.asked[1]).toEqual({ kind: "classify", args: { text: "is it rain?", labels: ["yes", "no"] } });
  });

  test("tool calls run concurrently with Promise.all and keep their order", async () => {
    const code =
      'const all = await Promise.all([1, 2, 3].map((n) => tools.web_search({ q: "q" + n })));\nprint(all.length);';
    const host = fakeHost();
    const r = await run(code, { host });
    expect(r).toMatchObject({ ok: true, printed: "3\n", calls: 3 });
    expect(host.asked.map((a) => (a.args as { q: string }).q).sort()).toEqual(["q1", "q2", "q3"]);
  });

  test("a thrown error keeps its words and names the script line", async () => {
    const r = await run('print("before");\n\nthrow new Error("không đọc được a.md");');
    const error = "Lỗi ở dòng 3: không đọc được a.md";
    expect(r).toEqual({ ok: false, printed: "before\n", error, line: 3, calls: 0 });
  });

  test("engine errors carry their kind; syntax errors name their line", async () => {
    const typed = await run("let a = 1;\nnull.x;");
    expect(typed).toMatchObject({ ok: false, line: 2 });
    expect(!typed.ok && typed.error).toStartWith("Lỗi ở dòng 2: TypeError");
    const syntax = await run("print(1);\nlet = = 2;");
    expect(syntax).toMatchObject({ ok: false, line: 2 });
    expect(!syntax.ok && syntax.error).toStartWith("Lỗi ở dòng 2: SyntaxError");
  });

  test("a rejected host call reaches the guest as a catchable error, else names the calling line", async () => {
    const host = fakeHost({ callTool: async () => Promise.reject(new Error("file not found: a.md")) });
    const caught = await run('try { await tools.file_read({}) } catch (e) { print("caught", e.message) }', { host });
    expect(caught).toMatchObject({ ok: true, printed: "caught file not found: a.md\n", calls: 1 });
    const thrown = await run('print(1);\nconst x = 2;\nawait tools.file_read({ path: "a.md" });', { host });
    expect(thrown).toMatchObject({ ok: false, error: "Lỗi ở dòng 3: file not found: a.md", line: 3 });
  });

  test("an unknown tool is an error the guest can catch; only the given names exist", async () => {
    const code = 'print(Object.keys(tools).join());\ntry { await tools.shell_run({}) } catch (e) { print(e.message) }';
    const missing = 'không có công cụ "shell_run" trong script. Có: file_read, web_search.';
    expect(await run(code)).toMatchObject({ ok: true, printed: `file_read,web_search\n${missing}\n` });
  });

  test("store refuses a value that is not JSON; waiting on nothing ends the run", async () => {
    expect(await run('print(1);\nstore("k", undefined);')).toMatchObject({ ok: false, line: 2 });
    const r = await run("await new Promise(() => {});");
    const error = "Lỗi: script chờ một Promise không bao giờ xong.";
    expect(r).toMatchObject({ ok: false, error, line: null });
  });

  test("code over the size cap is refused before anything starts", async () => {
    const r = await run(`print("${"x".repeat(2000)}")`, { limits: { codeBytes: 1000 } });
    const error = "Lỗi: mã script dài quá 1 KB; hãy viết ngắn hơn.";
    expect(r).toEqual({ ok: false, printed: "", error, line: null, calls: 0 });
  });

  test("a call the script never awaited has finished when the result comes back", async () => {
    let finished = false;
    const host = fakeHost({ callTool: async () => (await Bun.sleep(300), (finished = true), "done") });
    const floating = await run('tools.file_read({ path: "a.md" });\nprint("left");', { host });
    expect(floating).toMatchObject({ ok: true, printed: "left\n", calls: 1 });
    expect(finished).toBe(true);
  });

  test("stores count against the memory limit", async () => {
    const code = 'const big = "x".repeat(1 << 20);\nfor (let i = 0; ; i++) store("k" + i, big);';
    const r = await run(code, { limits: { memoryBytes: 8 * 1024 * 1024 } });
    const error = "Dừng ở dòng 2: script dùng quá 8 MB bộ nhớ nên bị dừng.";
    expect(r).toMatchObject({ ok: false, line: 2, error });
  });
});
