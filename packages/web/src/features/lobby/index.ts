export { CreateGameModal } from "./CreateGameModal.tsx";
export { LobbyPanel } from "./LobbyPanel.tsx";
export { LobbyStart } from "./LobbyStart.tsx";
