import { type DailyOfferBody, VARIANT_LABELS } from "@chess/shared";
import { useEffect, useReducer, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../components/Button.tsx";
import { useRealtime } from "../../lib/realtime.ts";
import { useIdentity } from "../accounts/index.ts";
import { ColorIcon } from "../lobby/index.ts";
import { CreateDailyModal } from "./CreateDailyModal.tsx";
import { dailyApi, dailyGamePath, refusalOf } from "./dailyApi.ts";
import { dailyOffersReducer } from "./dailyOffersStore.ts";
import "./DailyOffersPanel.css";

/**
 * The lobby's "Daily" list: open daily offers, followed live; anyone logged in accepts one (the game opens),
 * my own can be withdrawn, and "Create daily game" makes one.
 */
export function DailyOffersPanel() {
  const realtime = useRealtime();
  const navigate = useNavigate();
  const { identity } = useIdentity();
  const me = identity.kind === "user" ? identity.username : null;
  const [offers, dispatch] = useReducer(dailyOffersReducer, []);
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    const offs = [
      realtime.onConnect(() => {
        void realtime.request("followDailyOffers").then((answer) => {
          if (answer.ok && answer.data) dispatch({ type: "loaded", offers: answer.data });
        });
      }),
      realtime.on("dailyOfferAdded", (offer) => dispatch({ type: "added", offer })),
      realtime.on("dailyOfferRemoved", ({ offerId }) => dispatch({ type: "removed", offerId })),
    ];
    return () => {
      for (const off of offs) off();
      void realtime.request("unfollowDailyOffers");
    };
  }, [realtime]);

  async function run(offerId: string, call: () => Promise<unknown>) {
    setBusy(offerId);
    setError(undefined);
    try {
      await call();
    } catch (e) {
      setError(refusalOf(e));
    } finally {
      setBusy(undefined);
    }
  }

  async function create(body: DailyOfferBody) {
    try {
      const offer = await dailyApi.createOffer(body);
      dispatch({ type: "added", offer });
      return undefined;
    } catch (e) {
      return refusalOf(e);
    }
  }

  return (
    <section className="card daily-offers" aria-labelledby="daily-offers-title">
      <div className="daily-offers__header">
        <h2 id="daily-offers-title">Daily games</h2>
        {me ? (
          <Button variant="primary" onClick={() => setCreating(true)}>
            Create daily game
          </Button>
        ) : (
          <span className="daily-offers__hint">Log in to play daily games</span>
        )}
      </div>
      <p className="daily-offers__hint">Days per move, not minutes: play when you have a moment.</p>
      {error ? (
        <p className="daily-offers__error" role="alert">
          {error}
        </p>
      ) : null}
      {offers.length === 0 ? (
        <p className="daily-offers__empty">No open daily offers</p>
      ) : (
        <ul className="daily-offers__list" aria-label="Open daily offers">
          {offers.map((o) => {
            const own = me !== null && o.by.toLowerCase() === me.toLowerCase();
            return (
              <li key={o.offerId} className="daily-offer" data-testid="daily-offer">
                <ColorIcon color={o.color} size={18} />
                <span className="daily-offer__by">
                  {o.by} <span className="daily-offer__rating">({o.rating})</span>
                </span>
                <span className="daily-offer__days">
                  {o.days} day{o.days === 1 ? "" : "s"}
                </span>
                <span className="daily-offer__kind">
                  {VARIANT_LABELS[o.variant]} · {o.rated ? "Rated" : "Casual"}
                </span>
                {own ? (
                  <Button
                    variant="ghost"
                    busy={busy === o.offerId}
                    onClick={() =>
                      void run(o.offerId, async () => {
                        await dailyApi.withdraw(o.offerId);
                        dispatch({ type: "removed", offerId: o.offerId });
                      })
                    }
                  >
                    Withdraw
                  </Button>
                ) : (
                  <Button
                    variant="primary"
                    disabled={me === null}
                    busy={busy === o.offerId}
                    aria-label={`Accept ${o.by}'s daily game`}
                    onClick={() =>
                      void run(o.offerId, async () => {
                        const { gameId } = await dailyApi.accept(o.offerId);
                        await navigate(dailyGamePath(gameId));
                      })
                    }
                  >
                    Accept
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {creating ? <CreateDailyModal onSubmit={create} onClose={() => setCreating(false)} /> : null}
    </section>
  );
}
