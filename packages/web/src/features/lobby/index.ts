export { CreateGameModal } from "./CreateGameModal.tsx";
export { LobbyPanel } from "./LobbyPanel.tsx";
