// The built-in tools of this folder, in the order they are declared to the model. The server filters
// this list by each agent's `tools` allow-list (H-02); other folders add web, memory, delegate, ...
import { artifactEdit } from "./artifact-edit.ts";
import { artifactExport } from "./artifact-export.ts";
import { artifactImport } from "./artifact-import.ts";
import { artifactList, artifactRead } from "./artifact-read.ts";
import { artifactCreate, artifactRewrite } from "./artifact-write.ts";
import { askUser } from "./ask-user.ts";
import { SEARCH_KEY, searchEndpoint } from "./brave-search.ts";
import { conversationSearch } from "./conversation-search.ts";
import type { Tool } from "./define.ts";
import { fetchUrl } from "./fetch-url.ts";
import { fileDelete } from "./file-delete.ts";
import { fileEdit } from "./file-edit.ts";
import { fileList } from "./file-list.ts";
import { fileRead } from "./file-read.ts";
import { fileSearch } from "./file-search.ts";
import { fileWrite } from "./file-write.ts";
import { imageRead } from "./image-read.ts";
import { pdfRead } from "./pdf-read.ts";
import { progressNote } from "./progress-note.ts";
import { scheduleCreate } from "./schedule-create.ts";
import { shellRun } from "./shell-run.ts";
import { webSearchTool } from "./web-search.ts";

export function builtinTools(): Tool[] {
  return [fileRead, fileList, fileSearch, fileWrite, fileEdit, fileDelete, shellRun, askUser, progressNote,
    scheduleCreate, fetchUrl, pdfRead, imageRead, conversationSearch, artifactList, artifactRead, artifactCreate,
    artifactEdit, artifactRewrite, artifactImport, artifactExport];
}

/** Tools that exist only while their key is set (H-12: no search key, no web_search), from the live env. */
export function keyedTools(env: Record<string, string | undefined>): Tool[] {
  const searchKey = env[SEARCH_KEY]?.trim();
  return searchKey ? [webSearchTool(searchKey, searchEndpoint(env))] : [];
}

/** The tool called `name` in `tools` (the built-ins by default), or undefined. */
export function toolByName(name: string, tools: Tool[] = builtinTools()): Tool | undefined {
  return tools.find((t) => t.name === name);
}
