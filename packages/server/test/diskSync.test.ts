import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, inject, it } from "vitest";

// The real check behind "a commit is acknowledged only once it is on disk": the embedded database runs
// under strace, and every acknowledgement must come after an fdatasync of the WAL it wrote.
const straceWorks = spawnSync("strace", ["-f", "-o", "/dev/null", "true"]).status === 0;
const script = fileURLToPath(new URL("./syncedCommits.ts", import.meta.url));

interface Event {
  kind: "wal write" | "wal synced" | "ack";
  line: number;
}

/** A WAL segment, as strace -y names a descriptor (not the next segment being zero-filled ahead under a temp name). */
const WAL_SEGMENT = /\/pg_wal\/[0-9A-F]{24}>/;

/** The trace's WAL writes, completed WAL syncs and acknowledgements, in order. */
function eventsOf(trace: string): Event[] {
  const events: Event[] = [];
  const syncing = new Map<string, boolean>();
  trace.split("\n").forEach((text, line) => {
    const tid = text.split(" ", 1)[0] ?? "";
    if (text.includes("write(1") && text.includes('"ACK ')) events.push({ kind: "ack", line });
    else if (text.includes("pwrite64(") && WAL_SEGMENT.test(text)) events.push({ kind: "wal write", line });
    else if (text.includes("fdatasync(")) {
      const wal = WAL_SEGMENT.test(text);
      if (text.includes("<unfinished")) syncing.set(tid, wal);
      else if (wal && / = 0$/.test(text)) events.push({ kind: "wal synced", line });
    } else if (text.includes("<... fdatasync resumed>") && / = 0$/.test(text)) {
      if (syncing.get(tid)) events.push({ kind: "wal synced", line });
      syncing.delete(tid);
    }
  });
  return events;
}

describe.skipIf(!straceWorks)("the embedded database under strace (needs strace allowed to trace)", () => {
  it("fdatasyncs the WAL a commit wrote before the commit resolves", { timeout: 120_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), "disk-sync-"));
    try {
      const template = inject("pgliteTemplate");
      if (template) cpSync(template, join(dir, "db"), { recursive: true });
      const traceFile = join(dir, "trace.txt");
      const run = spawnSync(
        "strace",
        [
          "-f",
          "-qq",
          "-y",
          "-s",
          "12",
          "-e",
          "trace=fdatasync,pwrite64,write",
          "-e",
          "signal=none",
          "-o",
          traceFile,
        ].concat([process.execPath, "--import", "tsx", script, join(dir, "db"), "20"]),
        { encoding: "utf8", timeout: 110_000 },
      );
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain("ACK 19");
      const trace = readFileSync(traceFile, "utf8");
      const events = eventsOf(trace.slice(trace.indexOf('"READY')));
      const acks = events.filter((e) => e.kind === "ack");
      expect(acks).toHaveLength(20);
      // Between each acknowledgement and the one before, the commit wrote its WAL record, and a sync of the
      // WAL completed after that write and before the acknowledgement.
      let from = 0;
      for (const ack of acks) {
        const between = events.filter((e) => e.line > from && e.line < ack.line);
        const lastWrite = between.filter((e) => e.kind === "wal write").at(-1);
        expect(lastWrite, `a WAL write before the acknowledgement on line ${ack.line}`).toBeDefined();
        const syncedAfter = between.some((e) => e.kind === "wal synced" && e.line > (lastWrite?.line ?? 0));
        expect(syncedAfter, `a WAL sync between lines ${lastWrite?.line} and ${ack.line}`).toBe(true);
        from = ack.line;
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
