// GET /v1/models (docs/openai-api.md): the model names this door answers to — `my-crew` for the master,
// then each member of the running crew by its id — and 404 in OpenAI's shape for any other /v1 path.
import { Hono } from "hono";
import { modelNames } from "../../channels/openai-chat.ts";
import { TO } from "../../texts/vi-openai.ts";
import type { AppDeps } from "../deps.ts";
import { openAiError } from "../openai-error.ts";

/** No creation time is kept for an agent: 0, as OpenAI's schema wants a number. */
const model = (id: string) => ({ id, object: "model", created: 0, owned_by: "my-crew" });

export function openAiModelRoutes(d: AppDeps): Hono {
  const app = new Hono();
  app.get("/models", (c) => c.json({ object: "list", data: modelNames(d.crew()).map(model) }));
  app.get("/models/:model", (c) => {
    const name = c.req.param("model");
    if (!modelNames(d.crew()).includes(name)) {
      return openAiError(c, 404, TO.modelNotFound(name), { param: "model", code: "model_not_found" });
    }
    return c.json(model(name));
  });
  app.all("*", (c) => openAiError(c, 404, TO.pathNotFound));
  return app;
}
