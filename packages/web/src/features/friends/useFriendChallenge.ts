import type { CreateGameOfferPayload } from "@chess/shared";
import { useCallback, useEffect, useReducer } from "react";
import { useRealtime } from "../../lib/realtime.ts";
import { CHALLENGE_NOTICE_MS, challengePayload, challengeReducer, initialChallenge } from "./challengeStore.ts";

/** My outgoing friend challenge: send, wait (Cancel), and the outcome for 3 s (SPEC §4, §8, §9). */
export function useFriendChallenge() {
  const realtime = useRealtime();
  const [state, dispatch] = useReducer(challengeReducer, initialChallenge);

  useEffect(
    () => realtime.on("friendChallengeRemoved", (offerId) => dispatch({ type: "removed", offerId })),
    [realtime],
  );

  useEffect(() => {
    if (!state.notice) return;
    const t = setTimeout(() => dispatch({ type: "noticeCleared" }), CHALLENGE_NOTICE_MS);
    return () => clearTimeout(t);
  }, [state.notice]);

  const challenge = useCallback(
    async (friendName: string, choices: CreateGameOfferPayload) => {
      dispatch({ type: "sent", friendName });
      const answer = await realtime.request("createFriendChallenge", challengePayload(friendName, choices));
      const offer = answer.ok ? answer.data?.offer : null;
      if (answer.ok && offer) dispatch({ type: "created", friendName, offerId: offer.offerId });
      else dispatch({ type: "failed", friendName, message: answer.ok ? "Failed" : answer.message });
    },
    [realtime],
  );

  const cancel = useCallback(async () => {
    const offerId = state.pending?.offerId;
    if (!offerId) return;
    const answer = await realtime.request("cancelOffer", { offerId });
    // Not found: it ended meanwhile; either way nothing is pending any more.
    if (answer.ok || answer.code === "not_found") dispatch({ type: "cancelled", offerId });
  }, [realtime, state.pending?.offerId]);

  return { state, challenge, cancel };
}
