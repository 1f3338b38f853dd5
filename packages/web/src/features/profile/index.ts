export { PlayerAvatar } from "./PlayerAvatar.tsx";
export { ProfileView, type ProfileViewProps } from "./ProfileView.tsx";
export { type ProfileApi, profileApi } from "./profileApi.ts";
export { initials, sameUser } from "./profileText.ts";
