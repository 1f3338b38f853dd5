import type { Club, ClubMatches, ClubMatchSummary, ClubMatchView } from "@chess/shared";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/Button.tsx";
import { errorMessage } from "../../lib/api.ts";
import { useRealtime } from "../../lib/realtime.ts";
import { ChallengeClubModal } from "./ChallengeClubModal.tsx";
import { type ClubMatchesApi, clubMatchesApi } from "./clubMatchesApi.ts";
import { matchState, points, sides, withMatch } from "./clubMatchText.ts";
import "./ClubMatchesPanel.css";

type Action = "accept" | "decline" | "cancel" | "join" | "leave" | "start";

/**
 * A club's daily matches against other clubs: the live score of each, sign-up, the administrator's answers and
 * challenges, and a match's boards one click away. Scores move as the clubs' rooms hear `clubMatchChanged`.
 */
export function ClubMatchesPanel({ club, client = clubMatchesApi }: { club: Club; client?: ClubMatchesApi }) {
  const realtime = useRealtime();
  const [data, setData] = useState<ClubMatches | null>(null);
  const [error, setError] = useState<string>();
  const [open, setOpen] = useState<string | null>(null);
  const [challenging, setChallenging] = useState(false);
  const clubId = club.clubId;

  const load = useCallback(async () => {
    try {
      setData(await client.list(clubId));
      setError(undefined);
    } catch (err) {
      setError(errorMessage(undefined, err));
    }
  }, [client, clubId]);

  useEffect(() => {
    setData(null);
    void load();
    return realtime.on("clubMatchChanged", (m) => {
      if (m.a.clubId !== clubId && m.b.clubId !== clubId) return;
      setData((d) => (d ? { ...d, matches: withMatch(d.matches, m) } : d));
      // A finished match changes the record: read it again.
      if (m.status === "finished") void load();
    });
  }, [realtime, clubId, load]);

  async function act(matchId: string, action: Action) {
    try {
      const changed = await client.act(matchId, action);
      setData((d) => (d ? { ...d, matches: withMatch(d.matches, changed) } : d));
      setError(undefined);
    } catch (err) {
      setError(errorMessage(undefined, err));
    }
  }

  const record = data?.record;
  return (
    <section className="club-matches card" aria-labelledby="club-matches-title">
      <div className="club-matches__head">
        <h2 id="club-matches-title" className="club-section-title">
          Club matches
        </h2>
        {club.isAdministrator && <Button onClick={() => setChallenging(true)}>Challenge a club</Button>}
      </div>
      {record && record.won + record.drawn + record.lost > 0 && (
        <p className="club-muted">
          Record: {record.won} won · {record.drawn} drawn · {record.lost} lost
        </p>
      )}
      {error && (
        <p role="alert" className="club-matches__error">
          {error}
        </p>
      )}
      {data === null && !error && <p className="club-muted">Loading matches…</p>}
      {data && data.matches.length === 0 && (
        <p className="club-muted">
          No matches yet. {club.isAdministrator ? "Challenge another club to a daily match." : ""}
        </p>
      )}
      <ul className="club-matches__list">
        {data?.matches.map((m) => (
          <MatchRow
            key={m.matchId}
            match={m}
            club={club}
            expanded={open === m.matchId}
            onToggle={() => setOpen((o) => (o === m.matchId ? null : m.matchId))}
            onAct={(a) => void act(m.matchId, a)}
            client={client}
          />
        ))}
      </ul>
      {challenging && <ChallengeClubModal clubId={clubId} client={client} onClose={() => setChallenging(false)} />}
    </section>
  );
}

function MatchRow(props: {
  match: ClubMatchSummary;
  club: Club;
  expanded: boolean;
  onToggle: () => void;
  onAct: (a: Action) => void;
  client: ClubMatchesApi;
}) {
  const { match: m, club } = props;
  const { ours, theirs, side } = sides(m, club.clubId);
  const [view, setView] = useState<ClubMatchView | null>(null);
  const { client, expanded } = props;
  // Read again whenever the summary moves, so the boards show the same score as the row.
  const stamp = `${m.status}:${m.finishedGames}:${m.a.players}:${m.b.players}`;
  useEffect(() => {
    if (!expanded || !stamp) return;
    let live = true;
    client
      .view(m.matchId)
      .then((v) => live && setView(v))
      .catch(() => live && setView(null));
    return () => {
      live = false;
    };
  }, [client, expanded, m.matchId, stamp]);

  const signUp = m.status === "invited" || m.status === "open";
  const admin = club.isAdministrator;
  const joined = view?.me?.joined;
  return (
    <li className="club-match">
      <button type="button" className="club-match__summary" aria-expanded={expanded} onClick={props.onToggle}>
        <span className="club-match__teams">
          {ours.name} <span className="club-match__score">{points(ours.score)}</span>
          <span aria-hidden="true"> – </span>
          <span className="club-match__score">{points(theirs.score)}</span> {theirs.name}
        </span>
        <span className="club-muted club-match__state">
          {matchState(m, club.clubId, Date.now())} · {m.days} day{m.days === 1 ? "" : "s"}/move
          {m.variant === "fun" ? " · Chess960" : ""}
        </span>
      </button>
      {expanded && (
        <div className="club-match__details">
          <div className="club-match__actions">
            {m.status === "invited" && side === "b" && admin && (
              <>
                <Button variant="primary" onClick={() => props.onAct("accept")}>
                  Accept
                </Button>
                <Button onClick={() => props.onAct("decline")}>Decline</Button>
              </>
            )}
            {signUp && joined === false && (
              <Button variant="primary" onClick={() => props.onAct("join")}>
                Sign up
              </Button>
            )}
            {signUp && joined && <Button onClick={() => props.onAct("leave")}>Withdraw</Button>}
            {m.status === "open" && admin && <Button onClick={() => props.onAct("start")}>Start now</Button>}
            {signUp && side === "a" && admin && (
              <Button variant="danger" onClick={() => props.onAct("cancel")}>
                Call off
              </Button>
            )}
          </div>
          {view && signUp && (
            <p className="club-muted">
              Signed up: {view.rosters[side].length} of ours, {view.rosters[side === "a" ? "b" : "a"].length} of theirs
              (at most {m.maxBoards} boards; the best-rated play board 1)
            </p>
          )}
          {view && view.boards.length > 0 && (
            <table className="club-match__boards">
              <caption className="visually-hidden">Boards</caption>
              <thead>
                <tr>
                  <th scope="col">Board</th>
                  <th scope="col">{ours.name}</th>
                  <th scope="col">{theirs.name}</th>
                  <th scope="col">Games</th>
                </tr>
              </thead>
              <tbody>
                {view.boards.map((b) => {
                  const mine = side === "a" ? b.a : b.b;
                  const other = side === "a" ? b.b : b.a;
                  return (
                    <tr key={b.board}>
                      <td>{b.board}</td>
                      <td>
                        {mine.username} <span className="club-muted">({mine.rating})</span>
                      </td>
                      <td>
                        {other.username} <span className="club-muted">({other.rating})</span>
                      </td>
                      <td className="club-match__games">
                        {b.games.map((g) => (
                          <Link key={g.gameId} to={`/daily/${g.gameId}`}>
                            {gameMark(g.result, g.whiteSide === side)}
                          </Link>
                        ))}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </div>
      )}
    </li>
  );
}

/** A game of a board from our side: our colour, then our points, or "…" while it goes on. */
function gameMark(result: string | null, weAreWhite: boolean): string {
  const colour = weAreWhite ? "White" : "Black";
  if (result === null) return `${colour}: playing`;
  if (result === "none") return `${colour}: aborted`;
  if (result === "draw") return `${colour}: ½`;
  const won = (result === "white") === weAreWhite;
  return `${colour}: ${won ? "1" : "0"}`;
}
