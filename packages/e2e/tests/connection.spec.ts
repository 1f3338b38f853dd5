import { expect, test } from "../support/test.ts";

const TOO_MANY = "Too many new connections from your address - wait a few seconds and try again";

test("a refused connection says why in plain words, and the page connects once the server lets it", async ({
  page,
}) => {
  // The server's own refusal before the handshake (docs/PROTOCOL.md): 403 with engine.io's JSON body.
  await page.route("**/socket.io/**", (route) =>
    route.fulfill({
      status: 403,
      contentType: "application/json",
      body: JSON.stringify({ code: 4, message: TOO_MANY }),
    }),
  );
  await page.goto("/");
  const banner = page.getByTestId("connection-banner");
  await expect(banner).toHaveText(`${TOO_MANY}. Retrying…`);
  await expect(page.getByTestId("identity")).not.toContainText(/Guest-\d{4}/);

  await page.unroute("**/socket.io/**");
  await expect(banner).toHaveText("Connected again.", { timeout: 15_000 });
  await expect(page.getByTestId("identity")).toContainText(/Guest-\d{4}/);
});
