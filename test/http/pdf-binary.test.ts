// The compiled binary reads PDFs with nothing beside it (issue 16): copied alone into an empty directory
// (no node_modules), it runs pdf_read through POST /api/inbound (fake:echo calls the tool without an
// approval) on a text PDF, and on scanned pages (raw and JPEG) read through vision_routes (fake:echo sees
// the PNG).
import { afterAll, describe, expect, test } from "bun:test";
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { binaryPath, startBinary, stopAll, tempDir } from "../helpers/binary.ts";

afterAll(stopAll);

const fixtures = join(import.meta.dir, "..", "fixtures", "pdf");
type Message = { role: string; content: string };

describe("pdf_read in the compiled binary", () => {
  test("a binary alone in an empty directory reads a text PDF and a scanned page", async () => {
    const cwd = tempDir("pdf-alone");
    const bin = join(cwd, "my-crew");
    copyFileSync(binaryPath(), bin);
    expect(readdirSync(cwd)).toEqual(["my-crew"]);
    const home = tempDir("pdf-home");
    mkdirSync(join(home, "workspace"));
    copyFileSync(join(fixtures, "text.pdf"), join(home, "workspace", "doc.pdf"));
    copyFileSync(join(fixtures, "scanned.pdf"), join(home, "workspace", "scan.pdf"));
    copyFileSync(join(fixtures, "jpeg-scan.pdf"), join(home, "workspace", "photo.pdf"));
    writeFileSync(join(home, "config.yaml"), "vision_routes: fake:echo\n");
    const env = { MY_AGENT_ROUTES: "fake:echo", MY_AGENT_TIMEZONE: "UTC" };
    await using r = await startBinary(["--port", "0", "--home", home], { bin, cwd, env });
    const ask = async (text: string) => {
      const res = await fetch(`${r.url}/api/inbound`, { method: "POST", body: JSON.stringify({ text }) });
      expect(res.status).toBe(200);
      const answer = (await res.json()) as { conversation_id: string; status: string };
      expect(answer.status).toBe("done");
      const conv = await (await fetch(`${r.url}/api/conversations/${answer.conversation_id}`)).json();
      const tools = (conv as { messages: Message[] }).messages.filter((m) => m.role === "tool");
      return tools[tools.length - 1]!.content;
    };
    expect(await ask('/tool pdf_read {"path":"doc.pdf"}')).toBe("doc.pdf: 2 pages.\n\n--- page 1 ---\n" +
      "Quarterly report: revenue grew 12 percent\n\n--- page 2 ---\nSecond page mentions the river Mekong");
    const scan = await ask('/tool pdf_read {"path":"scan.pdf","pages":"2"}');
    expect(scan).toStartWith("scan.pdf: 3 pages.\n\n--- page 2 (scanned; read by a vision model) ---\n" +
      "This is page 2 of the scanned document scan.pdf.");
    expect(scan).toEndWith("[images: image/png]");
    // A JPEG scan: pdf.js's own JPEG decoder runs inside the binary too.
    const photo = await ask('/tool pdf_read {"path":"photo.pdf"}');
    expect(photo).toStartWith("photo.pdf: 1 page.\n\n--- page 1 (scanned; read by a vision model) ---\n");
    expect(photo).toEndWith("[images: image/png]");
  });
});
