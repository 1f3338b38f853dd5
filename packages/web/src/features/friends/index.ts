export { Conversation } from "./Conversation.tsx";
export { FriendNotifications } from "./FriendNotifications.tsx";
export { FriendsPanel } from "./FriendsPanel.tsx";
export { FriendsApiContext } from "./useFriends.ts";
