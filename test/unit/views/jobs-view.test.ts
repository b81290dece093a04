// The Jobs page's rows from JobView fixtures (M-45): words beside the raw timing, next and previous run,
// the failure line, missed and skipped slots with their reasons, and which actions each kind of job has.
import { describe, expect, test } from "bun:test";
import type { JobView } from "../../../src/models/jobs.ts";
import { T_JOBS_PAGE as TJ } from "../../../src/texts/vi-jobs-page.ts";
import { domId, jobRow, jobsSection, missingRow } from "../../../views/manage/jobs.ts";

const days = { today: "2026-10-12", yesterday: "2026-10-11" };

function job(over: Partial<JobView>): JobView {
  return {
    id: "default/morning", agent: "default", agent_name: "default", schedule: "morning", name: "Bản tin sáng",
    origin: "profile", kind: "prompt", cron: "0 7 * * *", every: null, enabled: true, paused: false,
    next_run: "2026-10-13 07:00", last_run: null, failing: null, slots: [], ...over,
  };
}

const text = (h: unknown) => String(h).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();

describe("jobRow", () => {
  test("a profile job: words beside the raw cron, next and previous run, edit and pause, no delete", () => {
    const row = String(jobRow(job({
      last_run: { id: "run-1", status: "done", started_at: "2026-10-12 07:00", ended_at: "2026-10-12 07:01" },
    }), days));
    expect(text(row)).toContain("Mỗi ngày lúc 07:00 0 7 * * *");
    expect(text(row)).toContain(`${TJ.nextRun} 13/10 07:00`);
    expect(text(row)).toContain(`${TJ.lastRun} 07:00 · kết thúc: xong`);
    expect(row).toContain('href="/manage/activity/run-1"');
    expect(row).toContain('href="/manage/team?edit=default#agent-default"');
    expect(row).toContain(`>${TJ.pause}</button>`);
    expect(row).toContain('name="paused" value="1"');
    expect(row).not.toContain("job-remove");
  });

  test("a run still going shows its state, not how it ended", () => {
    const last_run = { id: "run-2", status: "running", started_at: "2026-10-12 07:00", ended_at: null };
    expect(text(jobRow(job({ last_run }), days))).toContain(`${TJ.lastRun} 07:00 · đang chạy`);
  });

  test("a chat job: delete, no edit; paused shows resume", () => {
    const row = String(jobRow(job({ id: "default/chat-1", origin: "chat", cron: null, every: "30m", paused: true }), days));
    expect(text(row)).toContain("Mỗi 30 phút 30m");
    expect(row).toContain("job-remove");
    expect(row).not.toContain("job-edit");
    expect(row).toContain(`>${TJ.resume}</button>`);
    expect(text(row)).toContain(TJ.pausedNote);
  });

  test("a row disabled in agent.yaml has no toggle", () => {
    const row = String(jobRow(job({ enabled: false, next_run: null }), days));
    expect(row).not.toContain(`>${TJ.pause}</button>`);
    expect(row).not.toContain(`>${TJ.resume}</button>`);
    expect(text(row)).toContain(TJ.disabledNote);
  });

  test("missed and skipped slots show with their reasons, newest first; a ran slot links to its run", () => {
    const row = String(jobRow(job({
      slots: [
        { due_at: "2026-10-10 07:00", outcome: "ran", run_id: "run-0" },
        { due_at: "2026-10-11 07:00", outcome: "missed", reason: "down" },
        { due_at: "2026-10-12 07:00", outcome: "skipped", reason: "paused" },
      ],
    }), days));
    const items = [...row.matchAll(/<li class="slot[^"]*"[^>]*>(.*?)<\/li>/gs)].map((m) => text(m[1]));
    expect(items).toEqual([
      `07:00 ${TJ.outcome.skipped}: ${TJ.reason.paused}`,
      `Hôm qua 07:00 ${TJ.outcome.missed}: ${TJ.reason.down}`,
      `10/10 07:00 ${TJ.outcome.ran}`,
    ]);
    expect(row).toContain('href="/manage/activity/run-0"');
  });

  test("a failing job shows the failure line", () => {
    const failing = { count: 2, since: "2026-10-11 07:00", told_at: null, next_notice_at: null, telling: false };
    expect(text(jobRow(job({ failing }), days))).toContain(
      "Hỏng 2 lần liên tiếp từ Hôm qua 07:00. Chưa báo được qua Telegram; lần hỏng kế tiếp sẽ thử lại.",
    );
  });

  test("a cron without words shows the raw text alone", () => {
    const row = String(jobRow(job({ cron: "0 9 * * MON" }), days));
    expect(row).not.toContain("job-words");
    expect(row).toContain('<code class="job-raw">0 9 * * MON</code>');
  });
});

describe("jobsSection", () => {
  test("no jobs: a sentence says how to add one", () => {
    expect(text(jobsSection({ jobs: [], days }))).toContain(TJ.empty);
  });

  test("each job's item holds its row and an empty history container", () => {
    const page = String(jobsSection({ jobs: [job({})], days }));
    expect(page).toContain(`id="${domId("job-row", "default/morning")}"`);
    expect(page).toContain(`<div class="job-runs" id="${domId("job-runs", "default/morning")}"></div>`);
  });

  test("ids with a slash or other characters become distinct DOM ids", () => {
    expect(domId("job", "default/morning")).toBe("job-default_2f_morning");
    expect(domId("job", "a/b_c")).not.toBe(domId("job", "a_b/c"));
    expect(String(missingRow("x/y"))).toContain(TJ.unknownJob);
  });
});
