export { ColorChoiceField } from "./ColorChoiceField.tsx";
export { CreateGameModal } from "./CreateGameModal.tsx";
export { FreeBoard } from "./FreeBoard.tsx";
export { LobbyPanel } from "./LobbyPanel.tsx";
export { LobbyStart } from "./LobbyStart.tsx";
export { ColorIcon } from "./OfferCard.tsx";
