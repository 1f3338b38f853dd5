// Screenshots of the running site for the README: node scripts/screenshots.mjs [baseUrl]
import { chromium } from "@playwright/test";

const base = process.argv[2] ?? "http://127.0.0.1:3000";
const shots = [
  ["/", "lobby", 1280, 800],
  ["/my-profile", "my-profile", 1280, 800],
  ["/", "lobby-phone", 375, 667],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
for (const [path, name, width, height] of shots) {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.goto(base + path);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `docs/screenshots/${name}.png` });
  await page.close();
  console.log(`docs/screenshots/${name}.png`);
}
await browser.close();
