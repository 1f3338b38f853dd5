/**
 * globalSetup starts one server per Playwright worker and lists their URLs in E2E_BASE_URLS. A worker talks
 * only to the server at its TEST_PARALLEL_INDEX, so specs in different workers share no lobby and no data.
 */
export function workerBaseURL(): string {
  const urls = (process.env.E2E_BASE_URLS ?? "").split(",");
  return urls[Number(process.env.TEST_PARALLEL_INDEX ?? 0)] ?? "";
}
