// The Bot API's wire format for the fake (telegram-fake.ts): request bodies (JSON or multipart with files)
// and the `{ok, result}` / `{ok: false, error_code, description}` answers.

export type FakeUpload = { field: string; name: string; bytes: Uint8Array<ArrayBuffer> };

export async function readBody(req: Request): Promise<{ params: Record<string, unknown>; files: FakeUpload[] }> {
  const type = req.headers.get("content-type") ?? "";
  if (type.startsWith("multipart/form-data")) {
    const form = await req.formData();
    const params: Record<string, unknown> = {};
    const files: FakeUpload[] = [];
    for (const [k, v] of form.entries()) {
      if (typeof v === "string") params[k] = v;
      else files.push({ field: k, name: (v as File).name, bytes: new Uint8Array<ArrayBuffer>(await (v as File).arrayBuffer()) });
    }
    return { params, files };
  }
  const text = await req.text();
  return { params: text ? (JSON.parse(text) as Record<string, unknown>) : {}, files: [] };
}

export const json = (status: number, body: unknown) => Response.json(body, { status });
export const ok = (result: unknown) => json(200, { ok: true, result });
