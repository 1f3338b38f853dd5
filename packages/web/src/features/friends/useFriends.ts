import type { FriendRequest } from "@chess/shared";
import { createContext, useCallback, useContext, useEffect, useReducer, useState } from "react";
import { latestLoads } from "../../lib/latestLoads.ts";
import { useRealtime } from "../../lib/realtime.ts";
import { type FriendsApi, friendsApi } from "./friendsApi.ts";
import { friendsReducer, initialFriends } from "./friendsStore.ts";

/** The friend calls; the real ones by default, fakes in tests. */
export const FriendsApiContext = createContext<FriendsApi>(friendsApi);

export function useFriendsApi(): FriendsApi {
  return useContext(FriendsApiContext);
}

/** Online dots are refreshed this often (there is no presence event). */
export const FRIENDS_REFRESH_MS = 30_000;

/** My friends and the requests to me, kept fresh; actions reject with ApiRequestError. */
export function useFriends() {
  const client = useFriendsApi();
  const realtime = useRealtime();
  const [state, dispatch] = useReducer(friendsReducer, initialFriends);
  const [loads] = useState(() => ({
    friends: latestLoads(),
    requests: latestLoads(),
    sent: latestLoads(),
    blocked: latestLoads(),
  }));

  const loadFriends = useCallback(
    () => loads.friends(client.list(), (friends) => dispatch({ type: "friendsLoaded", friends })),
    [client, loads],
  );
  const loadRequests = useCallback(
    () => loads.requests(client.requests(), (requests) => dispatch({ type: "requestsLoaded", requests })),
    [client, loads],
  );
  const loadSent = useCallback(
    () => loads.sent(client.sentRequests(), (sent) => dispatch({ type: "sentLoaded", sent })),
    [client, loads],
  );
  const loadBlocked = useCallback(
    () => loads.blocked(client.blocked(), (blocked) => dispatch({ type: "blockedLoaded", blocked })),
    [client, loads],
  );

  useEffect(() => {
    void loadFriends();
    void loadRequests();
    void loadSent();
    void loadBlocked();
    const t = setInterval(() => void loadFriends(), FRIENDS_REFRESH_MS);
    return () => clearInterval(t);
  }, [loadFriends, loadRequests, loadSent, loadBlocked]);

  useEffect(() => {
    let registering = true;
    const offs = [
      // Each live change is shown at once, and its list asked for again: a load already on its way may have
      // been answered before the change, and would take it back off.
      realtime.on("friendRequestReceived", (request) => {
        dispatch({ type: "requestReceived", request });
        void loadRequests();
      }),
      realtime.on("friendRequestWithdrawn", ({ inviterId }) => {
        dispatch({ type: "requestAnswered", inviterId });
        void loadRequests();
      }),
      realtime.on("friendRequestDenied", ({ friendName }) => {
        dispatch({ type: "requestDenied", friendName });
        void loadSent();
      }),
      realtime.on("friendBlocked", ({ friendName }) => {
        dispatch({ type: "blocked", friendName });
        void loadFriends();
        void loadBlocked();
      }),
      realtime.on("friendAccountClosed", ({ friendName }) => {
        dispatch({ type: "accountClosed", friendName });
        void loadFriends();
        void loadRequests();
        void loadSent();
      }),
      // Whatever was sent while the socket was away (or before it first connected) comes with the lists; a
      // socket already connected here was there for the first loads.
      realtime.onConnect(() => {
        if (registering) return;
        void loadFriends();
        void loadRequests();
        void loadSent();
      }),
      // A request of mine was accepted (or answered here, in another tab): the lists change.
      realtime.on("friendAdded", () => {
        void loadFriends();
        void loadRequests();
        void loadSent();
      }),
    ];
    registering = false;
    return () => {
      for (const off of offs) off();
    };
  }, [realtime, loadFriends, loadRequests, loadSent, loadBlocked]);

  /** Resolves with the server's successMsg; a new friendship reloads the list. */
  const sendRequest = useCallback(
    async (friendName: string) => {
      const answer = await client.sendRequest(friendName);
      void loadFriends();
      void loadRequests();
      void loadSent();
      return answer;
    },
    [client, loadFriends, loadRequests, loadSent],
  );

  /** Resolves with the server's successMsg; the request leaves my waiting list. */
  const withdrawRequest = useCallback(
    async (friendName: string) => {
      const answer = await client.withdrawRequest(friendName);
      dispatch({ type: "sentWithdrawn", friendName });
      return answer;
    },
    [client],
  );

  const answerRequest = useCallback(
    async (request: FriendRequest, accepted: boolean) => {
      const answer = await client.answerRequest(request.inviterId, accepted);
      dispatch({ type: "requestAnswered", inviterId: request.inviterId });
      if (accepted) void loadFriends();
      return answer;
    },
    [client, loadFriends],
  );

  const block = useCallback(
    async (friendName: string) => {
      const answer = await client.block(friendName);
      dispatch({ type: "blocked", friendName });
      void loadBlocked();
      return answer;
    },
    [client, loadBlocked],
  );

  /** Resolves with the server's successMsg; the player leaves the blocked list. */
  const unblock = useCallback(
    async (username: string) => {
      const answer = await client.unblock(username);
      dispatch({ type: "unblocked", username });
      return answer;
    },
    [client],
  );

  return { state, sendRequest, withdrawRequest, answerRequest, block, unblock, reload: loadFriends };
}
