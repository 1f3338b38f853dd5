import { test } from "@playwright/test";
import { newPage } from "../support/players.ts";
import { createSiteFixture, endSiteFixture, SITE_ROUTES } from "../support/siteRoutes.ts";

const SIZES = [
  { name: "320", width: 320, height: 568 },
  { name: "390", width: 390, height: 844 },
  { name: "1440", width: 1440, height: 900 },
];
test("tour", async ({ browser }) => {
  test.setTimeout(300_000);
  const f = await createSiteFixture();
  const page = await newPage(browser, f.me.sessionId);
  const only = (process.env.TOUR ?? "").split(",").filter(Boolean);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const r of SITE_ROUTES) {
        if (only.length && !only.includes(r.name)) continue;
        await page.goto(r.path(f));
        await page.waitForTimeout(800);
        await page.screenshot({ path: `test-results/tour/${r.name}-${size.name}-${scheme}.png` });
      }
    }
  }
  await endSiteFixture(f);
});
