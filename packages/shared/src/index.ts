export * from "./api/accounts.ts";
export * from "./api/http.ts";
export * from "./domain/account.ts";
export * from "./protocol/index.ts";
