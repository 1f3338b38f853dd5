/** friendMessagesRead: to all my tabs, after I read my conversation with `friendName` in one of them. */
export interface FriendMessagesRead {
  friendName: string;
}
