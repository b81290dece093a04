// The compiled binary serves the OpenAI door: the official client, given MY_AGENT_INBOUND_TOKEN as its
// key, gets the crew's answer whole and streamed; another key is refused in OpenAI's shape.
import { afterAll, describe, expect, test } from "bun:test";
import OpenAI from "openai";
import { startBinary, stopAll, tempDir } from "../helpers/binary.ts";

// Every server a test started is killed, passed or failed.
afterAll(stopAll);

describe("the binary's /v1", () => {
  test("whole and streamed answers with the token; 401 with another key", async () => {
    const token = "binary-door-token-0123456789";
    await using r = await startBinary(["--port", "0", "--home", tempDir("openai-bin")], {
      env: { MY_AGENT_ROUTES: "fake:echo", MY_AGENT_INBOUND_TOKEN: token },
    });
    const client = new OpenAI({ baseURL: `${r.url}/v1`, apiKey: token, maxRetries: 0 });
    expect((await client.models.list()).data.map((m) => m.id)).toEqual(["my-crew"]);
    const messages = [{ role: "user" as const, content: "xin chào cả đội" }];
    const whole = await client.chat.completions.create({ model: "my-crew", messages });
    expect(whole.choices[0]!.message.content).toBe("xin chào cả đội");
    let streamed = "";
    for await (const c of await client.chat.completions.create({ model: "my-crew", messages, stream: true })) {
      streamed += c.choices[0]?.delta.content ?? "";
    }
    expect(streamed).toBe("xin chào cả đội");
    const other = new OpenAI({ baseURL: `${r.url}/v1`, apiKey: "not-the-token", maxRetries: 0 });
    expect(await other.models.list().catch((e) => e)).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(r.stderr()).not.toContain(token);
  });
});
