// The bundled templates (F-14, F-15): ordinary profiles that load as they are, with a persona worth
// reading, sensible tools, and peers that exist among the templates.
import { describe, expect, test } from "bun:test";
import { templateById, templates, withPeers } from "../../src/templates/catalogue.ts";

describe("bundled templates", () => {
  test("developer, advisor and researcher, each named and described in Vietnamese", () => {
    expect(templates().map((t) => t.id)).toEqual(["developer", "advisor", "researcher"]);
    expect(templates().map((t) => t.profile.name)).toEqual(["Lập trình viên", "Cố vấn", "Nghiên cứu viên"]);
    for (const t of templates()) {
      expect(t.profile.description!.length).toBeGreaterThan(40);
      expect(t.persona).toStartWith(`# ${t.profile.name}\n`);
      expect(t.persona.length).toBeGreaterThan(1000);
      expect(t.yaml).not.toMatch(/sk-|token|password/i);
    }
  });

  test("the developer works in work mode with coding tools and delegates to the other two", () => {
    const dev = templateById("developer")!.profile;
    expect(dev.mode).toBe("work");
    expect(dev.tools).toEqual(expect.arrayContaining(["file_edit", "shell_run", "delegate"]));
    expect(dev.delegates).toEqual(["researcher", "advisor"]);
    expect(templateById("researcher")!.profile.tools).not.toContain("delegate");
    expect(templateById("advisor")!.profile.tools).not.toContain("shell_run");
    // Every agent reads PDFs and images (H-15, H-16): a template's allow-list must not take them away.
    for (const id of ["developer", "researcher", "advisor"]) {
      expect(templateById(id)!.profile.tools).toEqual(expect.arrayContaining(["pdf_read", "image_read"]));
    }
  });

  test("peers are pulled in transitively, the role first, each once", () => {
    const ids = (id: string) => withPeers(templateById(id)!).map((t) => t.id);
    expect(ids("developer")).toEqual(["developer", "researcher", "advisor"]);
    expect(ids("advisor")).toEqual(["advisor", "researcher"]);
    expect(ids("researcher")).toEqual(["researcher"]);
    for (const t of templates()) for (const d of t.profile.delegates ?? []) expect(templateById(d)).toBeDefined();
  });
});
