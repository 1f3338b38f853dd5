export type { RequestAuth } from "./accountsAuth.ts";
export { type AccountLookup, type AccountsModule, accountsModule, type Callers } from "./accountsModule.ts";
