import { POOLS, TIME_CLASS_LABEL } from "@chess/shared";
import { useEffect, useReducer, useRef, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { useRealtime } from "../../lib/realtime.ts";
import { useIdentity } from "../accounts/index.ts";
import { PlayComputerButton } from "../computer/index.ts";
import {
  ALONE_AFTER_MS,
  COMPUTER_AFTER_MS,
  countText,
  HINT_AFTER_MS,
  initialPairing,
  offersComputer,
  pairingReducer,
  poolTile,
  searchingAlone,
  waitingHint,
} from "./pairingStore.ts";
import "./QuickPairing.css";

const MESSAGE_MS = 5_000;

/**
 * Quick pairing (lichess's home grid): one tile per preset; a click seeks a game in that pool, a second
 * click (or Cancel) stops. Each tile shows who waits and plays in it; the header shows the site's counts.
 * Leaving the page leaves the pool.
 */
export function QuickPairing() {
  const realtime = useRealtime();
  const { identity } = useIdentity();
  const isGuest = identity.kind !== "user";
  const [state, dispatch] = useReducer(pairingReducer, initialPairing);
  const myPool = useRef<string | null>(null);
  myPool.current = state.myPool;

  useEffect(() => {
    const offs = [
      realtime.on("lobbyCounts", (counts) => dispatch({ type: "counts", counts })),
      realtime.on("poolChanged", (membership) => dispatch({ type: "membership", membership })),
      // Watching again after every reconnection: the answer also says whether this player still waits.
      realtime.onConnect(() => {
        void realtime.request("watchLobbyCounts").then((answer) => {
          if (answer.ok && answer.data) dispatch({ type: "watched", view: answer.data });
        });
      }),
    ];
    return () => {
      for (const off of offs) off();
      if (myPool.current) void realtime.request("leavePool");
      void realtime.request("unwatchLobbyCounts");
    };
  }, [realtime]);

  useEffect(() => {
    if (!state.message) return;
    const t = setTimeout(() => dispatch({ type: "messageShown" }), MESSAGE_MS);
    return () => clearTimeout(t);
  }, [state.message]);

  async function join(poolId: string, mixed: boolean) {
    dispatch({ type: "joinSent", poolId });
    const answer = await realtime.request("joinPool", { poolId, mixed });
    if (!answer.ok) dispatch({ type: "refused", message: answer.message });
    else if (answer.data) dispatch({ type: "membership", membership: answer.data });
    // Paired: gameStarted opens /play.
  }

  async function cancel(poolId: string) {
    dispatch({ type: "cancelSent", poolId });
    const answer = await realtime.request("leavePool", { poolId });
    if (!answer.ok) dispatch({ type: "refused", message: answer.message });
  }

  function changeMixed(mixed: boolean) {
    dispatch({ type: "mixedChanged", mixed });
    if (state.myPool) void join(state.myPool, mixed);
  }

  // When this search began, and a render once it has run long enough for waitingHint, then searchingAlone, to speak.
  const [searchStart, setSearchStart] = useState<{ poolId: string; at: number } | null>(null);
  const [, setHintDue] = useState(0);
  useEffect(() => {
    if (!state.myPool) {
      setSearchStart(null);
      return;
    }
    setSearchStart({ poolId: state.myPool, at: Date.now() });
    const timers = [HINT_AFTER_MS, ALONE_AFTER_MS, COMPUTER_AFTER_MS].map((ms) =>
      setTimeout(() => setHintDue((n) => n + 1), ms),
    );
    return () => {
      for (const t of timers) clearTimeout(t);
    };
  }, [state.myPool]);
  const searchedMs = searchStart && searchStart.poolId === state.myPool ? Date.now() - searchStart.at : 0;
  const hint = waitingHint(state, isGuest, searchedMs);
  const alone = searchingAlone(state, searchedMs);
  // Once offered in this search the computer's button stays (and its dialog open) while the search goes on,
  // even if someone who is no match for this player comes to the pool meanwhile.
  const [offeredIn, setOfferedIn] = useState<string | null>(null);
  if (offersComputer(state, searchedMs) && state.myPool && offeredIn !== state.myPool) setOfferedIn(state.myPool);
  const offered = state.myPool !== null && offeredIn === state.myPool;

  const searching = POOLS.find((p) => p.id === state.myPool);
  return (
    <section className="pairing card" aria-labelledby="pairing-title">
      <header className="pairing__header">
        <h2 id="pairing-title">Quick pairing</h2>
        {state.counts ? (
          <p className="pairing__site" data-testid="lobby-counts">
            {countText(state.counts.playersOnline, "player online", "players online")} ·{" "}
            {countText(state.counts.gamesInPlay, "game in play", "games in play")}
          </p>
        ) : null}
      </header>
      <ul className="pairing__grid" aria-label="Quick pairing pools">
        {POOLS.map((pool) => {
          const tile = poolTile(state, pool);
          const countsId = `pool-${pool.id.replace("+", "-")}-counts`;
          return (
            <li key={pool.id}>
              <button
                type="button"
                className="pool-tile"
                aria-label={`${pool.id} ${TIME_CLASS_LABEL[pool.timeClass]}`}
                aria-pressed={tile.searching}
                aria-describedby={countsId}
                // Not `disabled`: a disabled button drops keyboard focus to the page, and a keyboard player
                // who pressed Enter here would have to find their way back from the top.
                aria-disabled={tile.pending || undefined}
                onClick={() => {
                  if (tile.pending) return;
                  void (tile.searching ? cancel(pool.id) : join(pool.id, state.mixed));
                }}
              >
                <span className="pool-tile__clock">{pool.id}</span>
                {tile.searching ? (
                  <span className="pool-tile__searching">
                    <span className="pool-tile__spinner" aria-hidden="true" />
                    Searching…
                  </span>
                ) : (
                  <span className="pool-tile__class">{TIME_CLASS_LABEL[pool.timeClass]}</span>
                )}
                <span className="pool-tile__counts" id={countsId}>
                  <span>{tile.waiting} waiting</span>
                  <span className="visually-hidden">, </span>
                  <span>{tile.playing} playing</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <div className="pairing__footer">
        <label className="pairing__mixed">
          <input type="checkbox" checked={state.mixed} onChange={(e) => changeMixed(e.currentTarget.checked)} />
          {isGuest ? "Also play registered players" : "Also play guests (unrated)"}
        </label>
        {searching ? (
          <p className="pairing__status" role="status">
            <span>Searching for a {searching.id} opponent…</span>
            <Button onClick={() => void cancel(searching.id)}>Cancel search</Button>
          </p>
        ) : null}
        {hint ? <p className="pairing__hint">{hint}</p> : null}
        {offered && searching ? (
          <div className="pairing__alone">
            {alone ? (
              <p role="status">Nobody else is looking for a {searching.id} game right now. The search goes on.</p>
            ) : null}
            <PlayComputerButton label="Play the computer while you wait" preset={searching.id} />
          </div>
        ) : null}
      </div>
      {state.message ? (
        <p className="pairing__message" role="alert">
          {state.message}
        </p>
      ) : null}
    </section>
  );
}
