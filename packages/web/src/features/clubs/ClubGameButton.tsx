import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/Button.tsx";
import { useRealtime } from "../../lib/realtime.ts";
import { CreateGameModal } from "../lobby/index.ts";

/** "Play a club game": the lobby's Create Game dialog, for an offer only this club's members see. */
export function ClubGameButton({ clubId, clubName }: { clubId: number; clubName: string }) {
  const realtime = useRealtime();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState(false);

  return (
    <>
      <Button variant="primary" onClick={() => setOpen(true)}>
        Play a club game
      </Button>
      {created ? (
        <p className="club-view__notice" role="status">
          Your offer is open in the <Link to="/">lobby</Link> for the members of {clubName}.
        </p>
      ) : null}
      {open ? (
        <CreateGameModal
          onClose={() => setOpen(false)}
          onCreate={async (payload) => {
            const answer = await realtime.request("createGameOffer", { ...payload, clubId });
            if (!answer.ok) return answer.message;
            setCreated(true);
            return undefined;
          }}
        />
      ) : null}
    </>
  );
}
