import type { ClubSearchResult } from "@chess/shared";
import { useEffect, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { Modal } from "../../components/Modal.tsx";
import { TextField } from "../../components/TextField.tsx";
import { errorMessage, successMessage } from "../../lib/api.ts";
import { JOIN_POLICY_LABEL, joinActionOf, memberCountText } from "./clubJoin.ts";
import { useClubsApi } from "./useClubs.ts";
import "./clubModals.css";
import "./clubs.css";

const SEARCH_DELAY_MS = 250;

export interface FindClubsModalProps {
  /** Joined an open club: the page shows it. */
  onJoined: (clubId: number) => void;
  onClose: () => void;
}

/** "Find a club" (SPEC §2 join/search): clubs one may join, largest first; join at once or ask to. */
export function FindClubsModal({ onJoined, onClose }: FindClubsModalProps) {
  const api = useClubsApi();
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<ClubSearchResult[] | null>(null);
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState<string>();
  const [busyId, setBusyId] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    const t = setTimeout(() => {
      api.search(query.trim()).then(
        (found) => {
          if (!live) return;
          setResults(found);
          setError(undefined);
        },
        (e: unknown) => live && setError(errorMessage(undefined, e)),
      );
    }, SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [api, query]);

  async function join(club: ClubSearchResult) {
    setBusyId(club.clubId);
    setStatus(undefined);
    try {
      const answer = await api.join(club.clubId);
      if (answer?.joined) {
        onJoined(club.clubId);
        return;
      }
      setStatus(successMessage(answer));
      setResults((rs) => rs?.map((r) => (r.clubId === club.clubId ? { ...r, status: "requested" } : r)) ?? rs);
    } catch (e) {
      setError(errorMessage(undefined, e));
    } finally {
      setBusyId(null);
    }
  }

  return (
    <Modal title="Find a club" onClose={onClose}>
      <div className="club-settings">
        <TextField
          label="Search clubs by name"
          type="search"
          value={query}
          maxLength={40}
          autoComplete="off"
          onChange={(e) => setQuery(e.target.value)}
        />
        {status ? (
          <p className="club-form__message club-form__message--ok" role="status">
            {status}
          </p>
        ) : null}
        {error ? (
          <p className="club-form__message club-form__message--error" role="alert">
            {error}
          </p>
        ) : null}
        {results === null ? (
          <p className="club-settings__muted">Looking for clubs…</p>
        ) : results.length === 0 ? (
          <p className="club-settings__muted">
            {query.trim()
              ? "No club open to new members has that name."
              : "No club is open to new members yet. Create one with + and open it in its settings."}
          </p>
        ) : (
          <ul className="club-invitations" aria-label="Clubs">
            {results.map((club) => {
              const action = joinActionOf(club);
              return (
                <li key={club.clubId} className="club-invitations__item">
                  <span className="club-invitations__text">
                    <span className="club-invitations__club">{club.clubName}</span>
                    <span className="club-settings__muted">
                      {memberCountText(club.memberCount)} · {JOIN_POLICY_LABEL[club.joinPolicy]}
                    </span>
                    {club.description ? <span className="club-invitations__about">{club.description}</span> : null}
                  </span>
                  {action.kind === "done" ? (
                    <span className="club-badge">{action.label}</span>
                  ) : (
                    <Button
                      variant={action.kind === "join" ? "primary" : "secondary"}
                      busy={busyId === club.clubId}
                      aria-label={`${action.label} ${club.clubName}`}
                      onClick={() => void join(club)}
                    >
                      {action.label}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Modal>
  );
}
