// The canvas JSON API (H-59, M-38): list by conversation, one canvas with its versions, one version, the
// owner's save (409 unless made on the latest version), restore as a new version, the download under the
// canvas's file name, an `artifact` frame after every write; bad input gets a 4xx with a sentence.
import { describe, expect, test } from "bun:test";
import type { Signal } from "../../src/activity/hub.ts";
import { imageContent } from "../../src/models/canvases.ts";
import { addVersion, createCanvas, listVersions } from "../../src/store/canvases.ts";
import { createConversation } from "../../src/store/conversations.ts";
import { TCanvas } from "../../src/texts/vi-canvas.ts";
import { testApp } from "../helpers/app.ts";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7]);

describe("canvas API", async () => {
  const t = await testApp();
  const signals: Signal[] = [];
  t.runtime.hub.listen((s) => signals.push(s));
  const conv = createConversation(t.store, { agentId: "default", title: "Kế hoạch" });
  const make = (title: string, kind: "markdown" | "html" | "image", content: string) =>
    createCanvas(t.store, { agentId: "default", conversationId: conv.id, title, kind, content, author: "agent" });
  const plan = make("Kế hoạch tuần", "markdown", "# Tuần 1\n");
  addVersion(t.store, plan.id, { content: "# Tuần 1\n- chạy\n", author: "agent" });
  const get = async (path: string) => {
    const res = await t.request(path);
    return { status: res.status, res, body: await res.json() };
  };

  test("GET /api/canvases lists a conversation's canvases; without or with an unknown id, a sentence", async () => {
    const { status, body, res } = await get(`/api/canvases?conversation_id=${conv.id}`);
    expect(status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(body.canvases.map((c: { id: string }) => c.id)).toContain(plan.id);
    expect(body.canvases.find((c: { id: string }) => c.id === plan.id)).toMatchObject({ conversation_id: conv.id,
      agent_id: "default", title: "Kế hoạch tuần", kind: "markdown", version: 2 });
    expect(await get("/api/canvases")).toMatchObject({ status: 400, body: { detail: TCanvas.conversationMissing } });
    expect(await get("/api/canvases?conversation_id=nope"))
      .toMatchObject({ status: 404, body: { detail: TCanvas.conversationNotFound } });
  });

  test("GET /api/canvases/:id has the latest text and the version list; /versions/:n one version", async () => {
    const { status, body } = await get(`/api/canvases/${plan.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: plan.id, version: 2, content: "# Tuần 1\n- chạy\n", author: "agent" });
    expect(body.versions.map((v: { version: number }) => v.version)).toEqual([1, 2]);
    expect(body.versions[0].content).toBeUndefined();
    expect((await get(`/api/canvases/${plan.id}/versions/1`)).body).toMatchObject({ version: 1, content: "# Tuần 1\n" });
    expect(await get(`/api/canvases/${plan.id}/versions/9`)).toMatchObject({ status: 404 });
    expect(await get(`/api/canvases/${plan.id}/versions/abc`)).toMatchObject({ status: 404 });
    expect(await get("/api/canvases/nope")).toMatchObject({ status: 404, body: { detail: TCanvas.notFound } });
  });

  test("PUT saves a version by the owner on the latest; the activity stream gets the frame; a stale base gets 409", async () => {
    const c = make("Ghi chú", "markdown", "a");
    signals.length = 0;
    const res = await t.json(`/api/canvases/${c.id}`, "PUT", { content: "a\nb", base_version: 1 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: c.id, version: 2 });
    expect(listVersions(t.store, c.id).map((v) => [v.author, v.content])).toEqual([["agent", "a"], ["user", "a\nb"]]);
    expect(signals).toContainEqual({ type: "artifact", canvas_id: c.id, conversation_id: conv.id });
    const frames = t.runtime.hub.watch(() => ({ type: "snapshot", runs: [] }));
    await frames.next();
    await t.json(`/api/canvases/${c.id}/restore`, "POST", { version: 2 });
    expect((await frames.next()).value).toEqual({ type: "artifact", artifact: expect.objectContaining({ id: c.id,
      conversation_id: conv.id, title: "Ghi chú", kind: "markdown", version: 3 }) });
    t.runtime.hub.unwatch(frames);
    const stale = await t.json(`/api/canvases/${c.id}`, "PUT", { content: "lost", base_version: 1 });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ detail: TCanvas.stale(3), version: 3 });
    expect(listVersions(t.store, c.id)).toHaveLength(3);
    for (const bad of [{ content: "x" }, { content: 1, base_version: 2 }, "{", { content: "x", base_version: 2, y: 1 }]) {
      expect((await t.json(`/api/canvases/${c.id}`, "PUT", bad)).status).toBe(422);
    }
    expect((await t.json("/api/canvases/nope", "PUT", { content: "x", base_version: 1 })).status).toBe(404);
    expect(listVersions(t.store, c.id)).toHaveLength(3);
  });

  test("restore adds a new version with the old text, by the owner; an unknown version is a 404", async () => {
    const c = make("Khôi phục", "markdown", "một");
    addVersion(t.store, c.id, { content: "hai", author: "agent" });
    signals.length = 0;
    const res = await t.json(`/api/canvases/${c.id}/restore`, "POST", { version: 1 });
    expect(res.status).toBe(200);
    expect((await res.json()).version).toBe(3);
    expect(listVersions(t.store, c.id).map((v) => [v.version, v.author, v.content]))
      .toEqual([[1, "agent", "một"], [2, "agent", "hai"], [3, "user", "một"]]);
    expect(signals).toContainEqual({ type: "artifact", canvas_id: c.id, conversation_id: conv.id });
    const missing = await t.json(`/api/canvases/${c.id}/restore`, "POST", { version: 7 });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ detail: TCanvas.versionNotFound("7") });
    expect((await t.json(`/api/canvases/${c.id}/restore`, "POST", { version: "1" })).status).toBe(422);
    expect(listVersions(t.store, c.id)).toHaveLength(3);
  });

  test("download: markdown keeps .md, html gets .html.txt as text, an image its real extension and bytes", async () => {
    const page = make("Trang <b>thử</b>", "html", "<script>alert(1)</script>");
    const pic = make("Biểu đồ", "image", imageContent("image/png", PNG));
    const md = await t.request(`/api/canvases/${plan.id}/download`);
    expect(md.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(md.headers.get("content-disposition")).toBe(
      `attachment; filename="Ke hoach tuan.md"; filename*=UTF-8''${encodeURIComponent("Kế hoạch tuần.md")}`);
    expect(await md.text()).toBe("# Tuần 1\n- chạy\n");
    const html = await t.request(`/api/canvases/${page.id}/download`);
    expect(html.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(html.headers.get("content-disposition")).toContain('filename="Trang bthub.html.txt"');
    expect(html.headers.get("x-content-type-options")).toBe("nosniff");
    const png = await t.request(`/api/canvases/${pic.id}/download`);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(png.headers.get("content-disposition")).toContain('filename="Bieu do.png"');
    expect(new Uint8Array(await png.arrayBuffer())).toEqual(PNG);
    expect((await t.json(`/api/canvases/${pic.id}`, "PUT", { content: "x", base_version: 1 })).status).toBe(422);
  });
});
