// Entry point of ./my-crew: dispatch the command line; expected failures print one line, no stack.
import { HomeError } from "./config/home.ts";
import { EnvFileError } from "./config/env-file.ts";
import { ConfigError } from "./config/load.ts";
import { parseArgs, USAGE } from "./cli/args.ts";
import { StartupError } from "./cli/log.ts";
import { VERSION } from "./version.ts";

const EXPECTED = [HomeError, EnvFileError, ConfigError, StartupError];

async function main(argv: string[]): Promise<void> {
  // The hidden tool_script child (src/script/spawn.ts): loads only the script engine, not the server.
  if (argv[0] === "__script" && argv.length === 1) return (await import("./script/child.ts")).runChild();
  const cmd = parseArgs(argv);
  switch (cmd.cmd) {
    case "version": return void console.log(`my-crew ${VERSION}`);
    case "help": return void process.stdout.write(USAGE);
    case "error": return fail(cmd.message, 2);
    case "agent": return agent(cmd.args);
    case "serve": return (await import("./cli/serve.ts")).serve(cmd);
  }
}

async function agent(args: string[]): Promise<void> {
  const { agentCommand } = await import("./cli/agent.ts");
  const r = await agentCommand(args, process.env);
  if (r.code !== 0) fail(r.out, r.code);
  console.log(r.out);
}

function fail(message: string, code: number): never {
  process.stderr.write(`my-crew: ${message}\n`);
  process.exit(code);
}

main(process.argv.slice(2)).catch((e: unknown) => {
  if (EXPECTED.some((k) => e instanceof k)) fail((e as Error).message, 1);
  // Anything else is a bug: say so in one line; the details go to the log only on request.
  if (process.env.MY_AGENT_DEBUG) console.error(e);
  fail(`unexpected error: ${(e as Error)?.message ?? String(e)} (set MY_AGENT_DEBUG=1 for details)`, 1);
});
