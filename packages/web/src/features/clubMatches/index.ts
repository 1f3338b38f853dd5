export { ClubMatchesPanel } from "./ClubMatchesPanel.tsx";
