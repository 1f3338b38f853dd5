export { ChatPanel, type ChatPanelProps } from "./ChatPanel.tsx";
