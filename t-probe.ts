import { newQuickJSWASMModuleFromVariant } from "quickjs-emscripten-core";
import variant from "@jitl/quickjs-singlefile-mjs-release-sync";
const mod = await newQuickJSWASMModuleFromVariant(variant);
const rt = mod.newRuntime(); rt.setMemoryLimit(32 << 20);
const vm = rt.newContext();
for (const code of ['1;\nlet s = "x".repeat(1<<29); s.length', '1\nlet a=[]; while(true) a.push({x:1})', 'let b = new Uint8Array(1<<29); b.length', '1\nlet s="x"; try { while(true) s = s + s } catch(e) { "caught " + e }']) {
  const r = vm.evalCode(code, "script.js");
  if (r.error) { console.log(JSON.stringify(vm.dump(r.error))); r.error.dispose(); }
  else { console.log("ok", vm.dump(r.value)); r.value.dispose(); }
}
console.log("rss MB", process.memoryUsage().rss / 1e6);
