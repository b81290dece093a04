// tool_script in a real turn (real crew, turn host and QuickJS engine; the model is scripted): the host lends
// it script_store under conv:<id> and meters llm.* as side calls of purpose script on the run and conversation.
import { expect, test } from "bun:test";
import { getConversation } from "../../../src/store/conversations.ts";
import { all } from "../../../src/store/db.ts";
import { listKeys } from "../../../src/store/script-store.ts";
import { crewHarness } from "./crew-harness.ts";

test("a model's tool_script call: printed result, conv: store, llm.* charged as purpose script", async () => {
  const code = `const label = await llm.classify("Mua ngay hôm nay!", ["spam", "ham"]);\nstore("last", label);\n` +
    `print("nhãn:", label);`;
  const h = crewHarness({
    default: {
      plan: [
        { toolCalls: [{ name: "tool_script", args: { code }, id: "ts1" }] },
        { text: "spam", usage: { costUsd: 0.25 } },
        { text: "Xong." },
      ],
    },
  });
  const conv = h.conversation();
  const result = await h.ask(conv.id, "Phân loại giúp tôi");
  expect(result.status).toBe("done");
  const toolMessage = h.messages(conv.id).find((m) => m.role === "tool")!;
  expect(toolMessage.content).toBe("nhãn: spam");
  expect(listKeys(h.store, "default", `conv:${conv.id}`)).toEqual(["last"]);
  const rows = all<{ purpose: string; conversationId: string; runId: string | null; costUsd: number }>(
    h.store,
    "SELECT purpose, conversation_id AS conversationId, run_id AS runId, cost_usd AS costUsd FROM side_calls",
  );
  expect(rows).toEqual([{ purpose: "script", conversationId: conv.id, runId: result.runId, costUsd: 0.25 }]);
  expect(getConversation(h.store, conv.id)!.spentUsd).toBeGreaterThanOrEqual(0.25);
}, 60_000);
