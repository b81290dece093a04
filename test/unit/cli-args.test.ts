import { describe, expect, test } from "bun:test";
import { parseArgs } from "../../src/cli/args.ts";

describe("command line", () => {
  test("no arguments serves on 127.0.0.1:8420", () => {
    expect(parseArgs([])).toEqual({ cmd: "serve", port: 8420, host: "127.0.0.1", noSchedule: false });
  });

  test("serve flags, both --flag value and --flag=value", () => {
    expect(parseArgs(["serve", "--port", "9000", "--host=0.0.0.0", "--home", "/tmp/h", "--no-schedule"])).toEqual({
      cmd: "serve", port: 9000, host: "0.0.0.0", home: "/tmp/h", noSchedule: true,
    });
  });

  test("--version, --help and the reserved agent subcommand", () => {
    expect(parseArgs(["--version"])).toEqual({ cmd: "version" });
    expect(parseArgs(["--help"])).toEqual({ cmd: "help" });
    expect(parseArgs(["agent", "add", "coach"])).toEqual({ cmd: "agent", args: ["add", "coach"] });
  });

  test("unknown flags and bad values are one-line errors naming them", () => {
    const unknown = parseArgs(["--frobnicate"]);
    expect(unknown.cmd).toBe("error");
    expect((unknown as { message: string }).message).toContain("--frobnicate");
    const port = parseArgs(["--port", "http"]);
    expect((port as { message: string }).message).toContain('"http"');
    expect(parseArgs(["--port"]).cmd).toBe("error");
    expect(parseArgs(["--home"]).cmd).toBe("error");
  });
});
