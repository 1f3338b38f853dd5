export { pairingModule } from "./pairingModule.ts";
export { pairingSocketEvents } from "./pairingSocket.ts";
