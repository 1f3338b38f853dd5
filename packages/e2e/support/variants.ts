/**
 * Tags a repeat of a check in another theme or at another size `@variant`. A page looks the same whichever
 * database and live-state store serve it, so the PostgreSQL + Redis pass (`npm run test:storage`) leaves the
 * repeats out: each page and check still runs there once, in the light theme at desktop size.
 */
export const variant = (repeat: boolean): { tag: string[] } => ({ tag: repeat ? ["@variant"] : [] });
