import { beforeAll, describe, expect, test } from "bun:test";
import { boot } from "./page.ts";

type DeviceStore = { get(k: string, d: unknown): any; set(k: string, v: unknown): void; update(k: string, fn: (m: any) => any): any };
const store = () => (window as unknown as { deviceStore: DeviceStore }).deviceStore;

describe("per-device storage helper", () => {
  beforeAll(boot);

  test("values round-trip through localStorage under one prefix", () => {
    store().set("drafts", { a: "nháp" });
    expect(JSON.parse(localStorage.getItem("my-crew:drafts")!)).toEqual({ a: "nháp" });
    expect(store().get("drafts", {})).toEqual({ a: "nháp" });
    expect(store().get("missing", 42)).toBe(42);
  });

  test("update merges with what another tab stored meanwhile", () => {
    store().set("seen", { a: "1" });
    localStorage.setItem("my-crew:seen", JSON.stringify({ a: "1", b: "2" }));
    expect(store().update("seen", (m) => ({ ...m, c: "3" }))).toEqual({ a: "1", b: "2", c: "3" });
  });

  test("refused storage: nothing is saved and the page goes on with an in-memory copy", async () => {
    // Blocked site data: touching localStorage at all throws (SecurityError in browsers).
    const real = window.localStorage;
    Object.defineProperty(window, "localStorage", { configurable: true, get: () => { throw new Error("SecurityError"); } });
    Object.defineProperty(globalThis, "localStorage", { configurable: true, get: () => { throw new Error("SecurityError"); } });
    try {
      const code = await Bun.file(`${import.meta.dir}/../../public/storage.js`).text();
      new Function(code)();
      store().set("drafts", { x: "giữ trong bộ nhớ" });
      expect(store().get("drafts", null)).toEqual({ x: "giữ trong bộ nhớ" });
      Object.defineProperty(window, "localStorage", { configurable: true, get: () => real });
      Object.defineProperty(globalThis, "localStorage", { configurable: true, get: () => real });
      expect(real.getItem("my-crew:drafts") ?? "").not.toContain("giữ trong bộ nhớ");
    } finally {
      Object.defineProperty(window, "localStorage", { configurable: true, get: () => real });
      Object.defineProperty(globalThis, "localStorage", { configurable: true, get: () => real });
      new Function(await Bun.file(`${import.meta.dir}/../../public/storage.js`).text())();
    }
  });
});
