export { PlayComputerButton } from "./PlayComputerButton.tsx";
export { PlayComputerModal } from "./PlayComputerModal.tsx";
