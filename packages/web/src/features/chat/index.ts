export { ChatPanel, type ChatPanelProps } from "./ChatPanel.tsx";
export { useUnreadLines } from "./useUnreadLines.ts";
