/**
 * Tags a scenario that the PostgreSQL + Redis pass (`npm run test:storage`) repeats in the browser: one for each
 * kind of thing players keep (an account and its session, preferences, a finished game and its rematch,
 * friends and messages, a club, a daily game, an arena, a club match). The server's integration tests prove
 * every route and event on both stores; these prove that the pages get the same answers there.
 */
export const storage = { tag: ["@storage"] };
