/**
 * Tags a repeat of a check in another theme or at another size `@variant`. A page looks the same whichever
 * database and live-state store serve it; a quick local run may leave the repeats out
 * (`npm test -w packages/e2e -- --grep-invert @variant`).
 */
export const variant = (repeat: boolean): { tag: string[] } => ({ tag: repeat ? ["@variant"] : [] });

/**
 * Tags a scenario that the PostgreSQL + Redis pass (`npm run test:storage`) repeats in the browser: one for each
 * kind of thing players keep (an account and its session, preferences, a finished game and its rematch,
 * friends and messages, a club, a daily game, an arena, a club match). The server's integration tests prove
 * every route and event on both stores; these prove that the pages get the same answers there.
 */
export const storage = { tag: ["@storage"] };
