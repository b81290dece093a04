// Writing a file of the home that a reader must only ever see whole (`<home>/env`, agent.yaml): a 0600
// temp file in the same directory, fsynced and renamed over the old one; and a per-file queue so two
// read-change-write steps in this process never start from the same old text.
import { open, rename, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/** Writes `text` to `file` atomically with mode 0600 (see the header). */
export async function writeFileAtomic(file: string, text: string): Promise<void> {
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.${crypto.randomUUID()}.tmp`);
  const handle = await open(tmp, "wx", 0o600);
  try {
    await handle.chmod(0o600);
    await handle.writeFile(text, "utf8");
    await handle.sync();
    await handle.close();
    await rename(tmp, file);
  } catch (e) {
    await handle.close().catch(() => {});
    await unlink(tmp).catch(() => {});
    throw e;
  }
  await syncDir(dirname(file));
}

/** Makes the rename itself durable; best effort (some filesystems refuse to fsync a directory). */
async function syncDir(dir: string): Promise<void> {
  try {
    const h = await open(dir, "r");
    await h.sync().finally(() => h.close());
  } catch {
    // The data is already safe in the renamed file; only a power cut could lose the rename.
  }
}

const queues = new Map<string, Promise<unknown>>();

/**
 * Runs read-change-write steps on one file one after another inside this process, so two saves
 * never both start from the same old text and one silently undoes the other.
 */
export function withFileLock<R>(file: string, step: () => Promise<R>): Promise<R> {
  const prev = queues.get(file) ?? Promise.resolve();
  const run = prev.then(step, step);
  const tail = run.catch(() => {});
  queues.set(file, tail);
  void tail.then(() => {
    if (queues.get(file) === tail) queues.delete(file);
  });
  return run;
}
