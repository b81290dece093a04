// The log's secret filter (L-85): every registered token, raw or URL-encoded, becomes <token>.
import { describe, expect, test } from "bun:test";
import { maskInLogs, maskSecrets } from "../../src/cli/log.ts";

describe("maskSecrets", () => {
  test("a registered token is cut out raw and URL-encoded; short values are never registered", () => {
    const token = "424242:log-mask-test/token+x";
    expect(maskSecrets(`GET /bot${token}/getMe`)).toBe(`GET /bot${token}/getMe`);
    maskInLogs(token);
    maskInLogs("short");
    expect(maskSecrets(`GET /bot${token}/getMe`)).toBe("GET /bot<token>/getMe");
    expect(maskSecrets(`GET /bot${encodeURIComponent(token)}/getMe`)).toBe("GET /bot<token>/getMe");
    expect(maskSecrets("a short word")).toBe("a short word");
  });
});
