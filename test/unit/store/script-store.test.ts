import { describe, expect, test } from "bun:test";
import { applyWrites, convNamespace, deleteNamespace, jobNamespace, listKeys, loadValue } from "../../../src/store/script-store.ts";
import { memStore } from "./helpers.ts";

describe("script store", () => {
  test("writes land together; null deletes; agents and namespaces are apart", () => {
    const store = memStore();
    const ns = jobNamespace("daily");
    applyWrites(store, "default", ns, [{ key: "a", valueJson: "1" }, { key: "b", valueJson: '{"x":[1]}' }]);
    applyWrites(store, "coach", ns, [{ key: "a", valueJson: "99" }]);
    applyWrites(store, "default", ns, [{ key: "a", valueJson: "2" }, { key: "b", valueJson: null }]);
    expect(loadValue(store, "default", ns, "a")).toBe("2");
    expect(loadValue(store, "default", ns, "b")).toBeNull();
    expect(loadValue(store, "coach", ns, "a")).toBe("99");
    expect(listKeys(store, "default", ns)).toEqual(["a"]);
    expect(loadValue(store, "default", convNamespace("c1"), "a")).toBeNull();
  });

  test("over the limits nothing of the batch is kept", () => {
    const store = memStore();
    const ns = convNamespace("c1");
    applyWrites(store, "default", ns, [{ key: "kept", valueJson: "1" }]);
    const limits = { maxKeys: 2, maxBytes: 100 };
    expect(() =>
      applyWrites(store, "default", ns, [{ key: "a", valueJson: "1" }, { key: "b", valueJson: "2" }], limits),
    ).toThrow("The script store would hold 3 keys; the limit is 2.");
    expect(() => applyWrites(store, "default", ns, [{ key: "big", valueJson: `"${"x".repeat(200)}"` }], limits)).toThrow(
      /bytes; the limit is 100/,
    );
    expect(listKeys(store, "default", ns)).toEqual(["kept"]);
  });

  test("invalid JSON is refused by the schema", () => {
    const store = memStore();
    expect(() => applyWrites(store, "default", jobNamespace("x"), [{ key: "k", valueJson: "{nope" }])).toThrow(/CHECK/);
  });

  test("deleteNamespace drops one namespace only", () => {
    const store = memStore();
    applyWrites(store, "default", jobNamespace("a"), [{ key: "k", valueJson: "1" }]);
    applyWrites(store, "default", jobNamespace("b"), [{ key: "k", valueJson: "1" }]);
    expect(deleteNamespace(store, jobNamespace("a"))).toBe(1);
    expect(loadValue(store, "default", jobNamespace("b"), "k")).toBe("1");
  });
});
