export { ClubInvitationNotifier } from "./ClubInvitationNotifier.tsx";
export { ClubSettingsModal } from "./ClubSettingsModal.tsx";
export { ClubsSidebar } from "./ClubsSidebar.tsx";
export { ClubView } from "./ClubView.tsx";
export { ConfirmLeaveModal } from "./ConfirmLeaveModal.tsx";
export { CreateClubModal } from "./CreateClubModal.tsx";
export { InvitationsModal } from "./InvitationsModal.tsx";
export { useClubData } from "./useClubData.ts";
export { ClubsApiContext, useClubs } from "./useClubs.ts";
