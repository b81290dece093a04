// Canvases through real turns over HTTP (H-60, H-61): a web turn's artifact_create makes a canvas without
// asking, the owner's PUT is what the agent's next artifact_read sees, and a turn through POST /api/inbound
// is refused the write and stores no canvas.
import { describe, expect, test } from "bun:test";
import { listCanvases } from "../../src/store/canvases.ts";
import { listMessages } from "../../src/store/messages.ts";
import { testApp } from "../helpers/app.ts";
import { collect, isEnd } from "../helpers/sse.ts";

const CREATE = '/tool artifact_create {"title":"Kế hoạch","kind":"markdown","content":"# Tuần 1"}';

describe("canvases in turns", async () => {
  const t = await testApp();
  const send = async (id: string, text: string) =>
    collect(await t.json(`/api/conversations/${id}/messages`, "POST", { text }), isEnd);
  const toolResults = (id: string) => listMessages(t.store, id).filter((m) => m.role === "tool").map((m) => m.content);

  test("a web turn creates a canvas without asking; after the owner's save the agent reads the owner's text", async () => {
    const id = (await (await t.json("/api/conversations", "POST", {})).json()).id as string;
    await send(id, CREATE);
    const [canvas] = listCanvases(t.store, id);
    expect(canvas).toMatchObject({ title: "Kế hoạch", version: 1 });
    const saved = await t.json(`/api/canvases/${canvas!.id}`, "PUT", { content: "# Tuần 1\n- bơi", base_version: 1 });
    expect(saved.status).toBe(200);
    await send(id, `/tool artifact_read {"id":"${canvas!.id}"}`);
    const read = toolResults(id).at(-1)!;
    expect(read).toContain("version 2 (the latest), written by the owner");
    expect(read).toEndWith("# Tuần 1\n- bơi");
  });

  test("a turn through POST /api/inbound is refused the write and stores no canvas", async () => {
    const res = await t.json("/api/inbound", "POST", { text: CREATE });
    expect(res.status).toBe(200);
    const reply = await res.json();
    expect(listCanvases(t.store, reply.conversation_id)).toHaveLength(0);
    expect(toolResults(reply.conversation_id).join("\n"))
      .toContain("canvases cannot be created or changed in this conversation");
  });
});
