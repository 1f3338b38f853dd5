export { Conversation } from "./Conversation.tsx";
export { FriendNotifications } from "./FriendNotifications.tsx";
export { FriendsPanel } from "./FriendsPanel.tsx";
export { PlayerActions } from "./PlayerActions.tsx";
export { UnreadConversations } from "./UnreadConversations.tsx";
export { FriendsApiContext } from "./useFriends.ts";
export { RequestsBadgeContext, useRequestsBadge } from "./useRequestsBadge.ts";
export { UnreadStoreContext, useUnreadBadge } from "./useUnread.ts";
