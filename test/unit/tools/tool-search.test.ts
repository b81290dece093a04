import { describe, expect, test } from "bun:test";
import { z } from "zod";
import { bm25, words } from "../../../src/tools/bm25.ts";
import { defineTool, type Tool } from "../../../src/tools/define.ts";
import { loadedNames, rankTools, toolSearchTool } from "../../../src/tools/tool-search.ts";
import { fileList } from "../../../src/tools/file-list.ts";
import { fileRead } from "../../../src/tools/file-read.ts";
import { shellRun } from "../../../src/tools/shell-run.ts";
import { context } from "./helpers.ts";

const ctx = () => context("/tmp");

const tool = (name: string, description: string, params: z.ZodType = z.object({}), more = {}): Tool =>
  defineTool({ name, description, params, requiresApproval: false, execute: async () => "", ...more });

const held = [
  fileRead, fileList, shellRun,
  tool("calendar_list_events", "List the events of a calendar between two dates.",
    z.object({ calendar_id: z.string(), start: z.string() }), { deferred: true }),
  tool("calendar_create_event", "Create an event in a calendar.", z.object({ title: z.string() }),
    { deferred: true, requiresApproval: true }),
  tool("invoice_create", "Create an invoice for a customer.", z.object({ customer: z.string() }), { deferred: true }),
  tool("ghi_chu_tim", "Tìm ghi chú theo từ khoá trong sổ tay.", z.object({ tu_khoa: z.string() }), { deferred: true }),
  tool("viec_lam_danh_sach", "Đọc danh sách công việc của dự án.", z.object({}), { deferred: true }),
];
const ranked = (q: string, limit = 5) => rankTools(held, q, limit).map((t) => t.name);

describe("BM25 over the tools an agent holds", () => {
  test("words fold case, diacritics and đ, split snake_case and camelCase, and drop filler words", () => {
    expect(words("Đọc danh-sách CôngViệc file_read events")).toEqual(
      ["doc", "danh", "sach", "cong", "viec", "file", "read", "event"],
    );
    expect(words("the events of một lịch")).toEqual(["event", "lich"]);
  });

  test("an English query ranks the tool whose name and description fit it first", () => {
    expect(ranked("list calendar events")[0]).toBe("calendar_list_events");
    expect(ranked("create invoice")[0]).toBe("invoice_create");
    expect(ranked("create an event")[0]).toBe("calendar_create_event");
    expect(ranked("run a shell command")[0]).toBe("shell_run");
    expect(ranked("quantum entanglement")).toEqual([]);
    expect(ranked("the list of a calendar")[0]).toBe("calendar_list_events");
    expect(ranked("the one for a customer, with its list")).toEqual(["invoice_create", "calendar_list_events",
      "file_list"]);
    expect(ranked("of the a in")).toEqual([]);
  });

  test("a Vietnamese query finds tools with or without diacritics on either side", () => {
    expect(ranked("tìm ghi chú")[0]).toBe("ghi_chu_tim");
    expect(ranked("ghi chu")[0]).toBe("ghi_chu_tim");
    expect(ranked("danh sách công việc")[0]).toBe("viec_lam_danh_sach");
    expect(ranked("tu khoa")[0]).toBe("ghi_chu_tim");
  });

  test("parameter names count, a rare word outweighs a common one, and the limit holds", () => {
    expect(ranked("customer")).toEqual(["invoice_create"]);
    expect(ranked("calendar_id")[0]).toBe("calendar_list_events");
    expect(ranked("create", 2)).toHaveLength(2);
    const [rare, common] = bm25([["a", "b"], ["a", "c"], ["a", "d"]], ["b"]).concat(0);
    expect(rare!).toBeGreaterThan(common!);
    expect(bm25([["a"], ["a"]], ["a"])[0]).toBeGreaterThan(0);
  });
});

describe("tool_search's answer", () => {
  test("names every match with its line and whether it asks, and loads the deferred ones on its first line",
    async () => {
      const out = await toolSearchTool(held).execute({ query: "calendar event create", limit: 2 }, ctx());
      const lines = out.split("\n");
      expect(lines[0]).toBe("tool_search loaded: calendar_create_event, calendar_list_events");
      expect(loadedNames(out)).toEqual(["calendar_create_event", "calendar_list_events"]);
      expect(out).toContain("- calendar_create_event: Create an event in a calendar. (loaded: call it from your " +
        "next step; asks the owner before it runs)");
      expect(out).toContain("runs without asking");
    });

  test("a declared tool is reported but not loaded; nothing found loads nothing", async () => {
    const found = await toolSearchTool(held).execute({ query: "shell command" }, ctx());
    expect(found).toContain("- shell_run:");
    expect(found).toContain("already declared; asks the owner before it runs");
    expect(loadedNames(found)).toEqual([]);
    const none = await toolSearchTool(held).execute({ query: "zzz" }, ctx());
    expect(none).toContain('No tool matches "zzz"');
    expect(loadedNames(none)).toEqual([]);
  });

  test("it searches without approval, may run again after a restart, and never finds itself", async () => {
    const search = toolSearchTool([...held, toolSearchTool(held)]);
    expect(search).toMatchObject({ requiresApproval: false, replaySafe: true });
    expect(await search.execute({ query: "tool search find tools" }, ctx())).not.toContain("- tool_search:");
  });
});
