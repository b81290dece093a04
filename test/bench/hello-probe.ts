// The floor of the stack for the start-up bench: a bare Bun.serve that answers 200 "hello" to every
// request, compiled with build.ts's flags (src/build/flags.ts). Usage: hello-probe <port>
const port = Number(process.argv[2] ?? 0);
const server = Bun.serve({ hostname: "127.0.0.1", port, fetch: () => new Response("hello") });
console.error(`hello probe on ${server.port}`);
