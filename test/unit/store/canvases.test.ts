import { describe, expect, test } from "bun:test";
import { addVersion, createCanvas, deleteCanvas, getCanvas, getVersion, listCanvases, listVersions } from "../../../src/store/canvases.ts";
import { conversation, memStore } from "./helpers.ts";

describe("canvases", () => {
  test("create stores version 1; each write adds the next version and makes it current", () => {
    const store = memStore();
    const c = conversation(store);
    const canvas = createCanvas(store, { conversationId: c.id, agentId: "default", title: "Plan", kind: "markdown", content: "# v1", author: "agent" });
    expect(canvas.version).toBe(1);
    expect(addVersion(store, canvas.id, { content: "# v2", author: "user" })!.version).toBe(2);
    expect(addVersion(store, canvas.id, { content: "# v3", author: "agent", title: "Plan B" })!.version).toBe(3);
    expect(getCanvas(store, canvas.id)).toMatchObject({ version: 3, title: "Plan B" });
    expect(getVersion(store, canvas.id)!.content).toBe("# v3");
    expect(getVersion(store, canvas.id, 1)!.content).toBe("# v1");
    expect(listVersions(store, canvas.id).map((v) => [v.version, v.author])).toEqual([
      [1, "agent"],
      [2, "user"],
      [3, "agent"],
    ]);
    expect(listCanvases(store, c.id).map((x) => x.id)).toEqual([canvas.id]);
  });

  test("a version for an unknown canvas is refused without a trace", () => {
    const store = memStore();
    expect(addVersion(store, "missing", { content: "x", author: "user" })).toBeNull();
    expect(store.db.query("SELECT count(*) AS n FROM canvas_versions").get()).toEqual({ n: 0 });
  });

  test("deleting a canvas deletes its history", () => {
    const store = memStore();
    const canvas = createCanvas(store, { agentId: "default", title: "t", kind: "svg", content: "<svg/>", author: "agent" });
    expect(deleteCanvas(store, canvas.id)).toBe(true);
    expect(listVersions(store, canvas.id)).toEqual([]);
  });
});
