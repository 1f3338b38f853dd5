import { CLUB_MATCH, type ClubSearchResult, DAYS_PER_MOVE } from "@chess/shared";
import { type FormEvent, useEffect, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { Modal } from "../../components/Modal.tsx";
import { SelectField } from "../../components/SelectField.tsx";
import { api, errorMessage, withQuery } from "../../lib/api.ts";
import type { ClubMatchesApi } from "./clubMatchesApi.ts";

const SIGN_UP = [
  { value: "24", label: "1 day" },
  { value: "48", label: "2 days" },
  { value: "72", label: "3 days" },
  { value: "168", label: "1 week" },
];

/** The administrator challenges another club: find it by name, pick days per move, boards and sign-up. */
export function ChallengeClubModal(props: { clubId: number; client: ClubMatchesApi; onClose: () => void }) {
  const [q, setQ] = useState("");
  const [found, setFound] = useState<ClubSearchResult[]>([]);
  const [opponent, setOpponent] = useState<ClubSearchResult | null>(null);
  const [days, setDays] = useState("3");
  const [variant, setVariant] = useState<"standard" | "fun">("standard");
  const [boards, setBoards] = useState(String(CLUB_MATCH.boards.default));
  const [signUp, setSignUp] = useState("48");
  const [rated, setRated] = useState(true);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const term = q.trim();
    if (term.length < 2) return setFound([]);
    let live = true;
    const t = setTimeout(() => {
      api
        .get<ClubSearchResult[]>(withQuery("/club/search", { q: term }))
        .then((rows) => live && setFound(rows.filter((r) => r.clubId !== props.clubId)))
        .catch(() => live && setFound([]));
    }, 250);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [q, props.clubId]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!opponent) return setError("Choose the club to challenge");
    setBusy(true);
    setError(undefined);
    try {
      await props.client.challenge({
        clubId: props.clubId,
        opponentClubId: opponent.clubId,
        days: Number(days) as (typeof DAYS_PER_MOVE)[number],
        variant,
        rated,
        maxBoards: Number(boards),
        signUpHours: Number(signUp),
      });
      props.onClose();
    } catch (err) {
      setError(errorMessage(undefined, err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title="Challenge a club" onClose={props.onClose}>
      <form className="club-match-form" onSubmit={(e) => void submit(e)}>
        <label className="field">
          <span className="field__label">Club</span>
          <input
            className="field__input"
            type="search"
            value={opponent ? opponent.clubName : q}
            onChange={(e) => {
              setOpponent(null);
              setQ(e.target.value);
            }}
            placeholder="Search clubs by name"
            aria-describedby="club-match-found"
          />
        </label>
        {!opponent && found.length > 0 && (
          <ul id="club-match-found" className="club-match-form__found" aria-label="Clubs found">
            {found.slice(0, 6).map((c) => (
              <li key={c.clubId}>
                <button type="button" onClick={() => setOpponent(c)}>
                  {c.clubName} <span className="club-muted">· {c.memberCount} members</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <SelectField
          label="Days per move"
          value={days}
          options={DAYS_PER_MOVE.map((d) => ({ value: String(d), label: `${d} day${d === 1 ? "" : "s"}` }))}
          onChange={setDays}
        />
        <SelectField
          label="Variant"
          value={variant}
          options={[
            { value: "standard", label: "Standard" },
            { value: "fun", label: "Chess960" },
          ]}
          onChange={(v) => setVariant(v as "standard" | "fun")}
        />
        <SelectField
          label="Boards at most"
          value={boards}
          options={[2, 4, 6, 10, 20, 50, 100].map((n) => ({ value: String(n), label: String(n) }))}
          onChange={setBoards}
        />
        <SelectField label="Sign-up lasts" value={signUp} options={SIGN_UP} onChange={setSignUp} />
        <label className="club-match-form__check">
          <input type="checkbox" checked={rated} onChange={(e) => setRated(e.target.checked)} /> Rated
        </label>
        {error && (
          <p role="alert" className="club-match-form__error">
            {error}
          </p>
        )}
        <div className="club-match-form__actions">
          <Button onClick={props.onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={busy}>
            Send challenge
          </Button>
        </div>
      </form>
    </Modal>
  );
}
