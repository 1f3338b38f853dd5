import type { DailyChallenges as Challenges, DailyOffer } from "@chess/shared";
import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../components/Button.tsx";
import { useRealtime } from "../../lib/realtime.ts";
import { CreateDailyModal } from "./CreateDailyModal.tsx";
import { dailyApi, dailyGamePath, refusalOf } from "./dailyApi.ts";

const terms = (o: DailyOffer) =>
  `${o.days} day${o.days === 1 ? "" : "s"} per move · ${o.rated ? "Rated" : "Casual"}${o.rematchOf ? " · Rematch" : ""}`;

/** Daily challenges to me (accept or decline) and mine (withdraw), read again as they come and go. */
export function DailyChallenges() {
  const realtime = useRealtime();
  const navigate = useNavigate();
  const [list, setList] = useState<Challenges>({ received: [], sent: [] });
  const [error, setError] = useState<string>();

  const load = useCallback(() => {
    dailyApi.challenges().then(setList, () => undefined);
  }, []);
  useEffect(() => {
    const offs = [
      realtime.onConnect(load),
      realtime.on("dailyChallenge", load),
      realtime.on("dailyOfferRemoved", ({ offerId }) =>
        setList((l) => ({
          received: l.received.filter((o) => o.offerId !== offerId),
          sent: l.sent.filter((o) => o.offerId !== offerId),
        })),
      ),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [realtime, load]);

  const run = async (call: () => Promise<unknown>) => {
    setError(undefined);
    try {
      await call();
    } catch (e) {
      setError(refusalOf(e));
    }
    load();
  };

  if (list.received.length === 0 && list.sent.length === 0) return null;
  return (
    <section className="card daily-challenges" aria-labelledby="daily-challenges-title">
      <h2 id="daily-challenges-title">Daily challenges</h2>
      {error ? (
        <p className="daily-offers__error" role="alert">
          {error}
        </p>
      ) : null}
      <ul className="daily-offers__list">
        {list.received.map((o) => (
          <li key={o.offerId} className="daily-offer">
            <span className="daily-offer__by">From {o.by}</span>
            <span className="daily-offer__kind">{terms(o)}</span>
            <span className="daily-offer__actions">
              <Button
                variant="primary"
                onClick={() =>
                  void run(async () => {
                    const { gameId } = await dailyApi.accept(o.offerId);
                    await navigate(dailyGamePath(gameId));
                  })
                }
              >
                Accept
              </Button>
              <Button onClick={() => void run(() => dailyApi.decline(o.offerId))}>Decline</Button>
            </span>
          </li>
        ))}
        {list.sent.map((o) => (
          <li key={o.offerId} className="daily-offer">
            <span className="daily-offer__by">To {o.to}</span>
            <span className="daily-offer__kind">{terms(o)}</span>
            <Button variant="ghost" onClick={() => void run(() => dailyApi.withdraw(o.offerId))}>
              Withdraw
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Daily challenge" for a friend's card or profile: the daily game dialog, sent as a challenge. */
export function DailyChallengeButton({
  friendName,
  disabled,
  className,
}: {
  friendName: string;
  disabled?: boolean;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  return (
    <>
      <Button className={className} disabled={disabled || sent} onClick={() => setOpen(true)}>
        {sent ? "Daily challenge sent" : "Daily challenge"}
      </Button>
      {open ? (
        <ChallengeDialog friendName={friendName} onSent={() => setSent(true)} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

function ChallengeDialog({
  friendName,
  onSent,
  onClose,
}: {
  friendName: string;
  onSent: () => void;
  onClose: () => void;
}) {
  return (
    <CreateDailyModal
      friendName={friendName}
      onClose={onClose}
      onSubmit={async (body) => {
        try {
          await dailyApi.challenge({ ...body, friendName });
          onSent();
          return undefined;
        } catch (e) {
          return refusalOf(e);
        }
      }}
    />
  );
}
