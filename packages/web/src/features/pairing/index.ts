export { QuickPairing } from "./QuickPairing.tsx";
