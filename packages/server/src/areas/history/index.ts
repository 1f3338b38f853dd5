export { historyModule } from "./historyModule.ts";
