import type { AccountStatus, RatingHistory, Statistic } from "@chess/shared";
import { useEffect, useReducer, useState } from "react";
import { ApiRequestError } from "../../lib/api.ts";
import { historyReducer, initialHistory } from "./historyStore.ts";
import { type ProfileApi, profileApi } from "./profileApi.ts";
import type { ProfileVariant } from "./profileText.ts";

/** Statistics and rating curves of one variant; null while loading or after a failure. */
export interface ProfileSummary {
  variant: ProfileVariant;
  stats: Statistic[] | null;
  ratings: RatingHistory | null;
}

const statusOf = (error: unknown) => (error instanceof ApiRequestError ? error.status : 0);

/**
 * Loads a player's history at `page` (the address's: a reload or Back shows the same page), their
 * statistics and rating history per variant, and whether their account is closed.
 */
export function useProfileData(
  username: string,
  variant: ProfileVariant,
  page: number,
  client: ProfileApi = profileApi,
) {
  const [history, dispatch] = useReducer(historyReducer, undefined, () => initialHistory(variant, page));
  const [summary, setSummary] = useState<ProfileSummary>({ variant, stats: null, ratings: null });
  /** Undefined until known; a failed lookup leaves the profile as an open account's. */
  const [account, setAccount] = useState<AccountStatus>();

  // In this order: another variant starts at page 1, then the address's page.
  useEffect(() => dispatch({ type: "variantChanged", variant }), [variant]);
  useEffect(() => dispatch({ type: "pageRequested", pageNo: page }), [page]);

  const { pageNo } = history;
  const requestVariant = history.variant;
  useEffect(() => {
    const controller = new AbortController();
    const request = { variant: requestVariant, pageNo };
    client.history(username, requestVariant, pageNo, controller.signal).then(
      (rows) => dispatch({ type: "loaded", request, rows }),
      (error: unknown) => {
        if (!controller.signal.aborted) dispatch({ type: "failed", request, status: statusOf(error) });
      },
    );
    return () => controller.abort();
  }, [client, username, requestVariant, pageNo]);

  useEffect(() => {
    const controller = new AbortController();
    setSummary({ variant, stats: null, ratings: null });
    // The cards and charts are extras: a failure leaves them empty, the history shows the error.
    client.stats(username, variant, controller.signal).then(
      (stats) => setSummary((s) => (s.variant === variant ? { ...s, stats } : s)),
      () => {},
    );
    client.ratings(username, variant, controller.signal).then(
      (ratings) => setSummary((s) => (s.variant === variant ? { ...s, ratings } : s)),
      () => {},
    );
    return () => controller.abort();
  }, [client, username, variant]);

  useEffect(() => {
    const controller = new AbortController();
    client.status(username, controller.signal).then(setAccount, () => {});
    return () => controller.abort();
  }, [client, username]);

  return { history, summary, account };
}
