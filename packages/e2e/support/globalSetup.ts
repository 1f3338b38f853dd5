import type { FullConfig } from "@playwright/test";
import { startServer } from "./server.ts";

/**
 * One server per worker (see support/servers.ts): workers run side by side without sharing a lobby, and each
 * worker's specs run one after another as they always did. Their URLs go to the workers in E2E_BASE_URLS.
 */
export default async function globalSetup(config: FullConfig) {
  const results = await Promise.allSettled(Array.from({ length: config.workers }, (_, i) => startServer(String(i))));
  const servers = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  const stopAll = async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
  const failed = results.find((r) => r.status === "rejected");
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  process.env.E2E_BASE_URLS = servers.map((s) => s.url).join(",");
  return stopAll;
}
