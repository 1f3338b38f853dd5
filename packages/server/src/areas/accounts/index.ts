export { createRequestAuth, type RequestAuth } from "./accountsAuth.ts";
export { createAccountsRepo } from "./accountsRepo.ts";
export { registerAccountsRoutes } from "./accountsRoutes.ts";
export { type AccountsService, createAccountsService, type Identity } from "./accountsService.ts";
export { identifySocket } from "./accountsSocket.ts";
