import { computerLevelOfName, type GameStarted, type MoveInput, type MovePayload } from "@chess/shared";
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from "react";
import { errorMessage } from "../../lib/api.ts";
import { useRealtime } from "../../lib/realtime.ts";
import { type MoveStep, needsPromotion, playMove } from "../board/index.ts";
import { gameApi as defaultGameApi, type GameApi } from "./gameApi.ts";
import { canMoveNow, liveLine, playerNames, playsComputer } from "./gameSelectors.ts";
import { declinesMyDrawOffer, type GameState, gameFromSnapshot, gameReducer } from "./gameStore.ts";
import { resumedText } from "./gameText.ts";

const NOTICE_MS = 4_000;
/** A longer notice stays until it can be read (~3 words a second). */
const noticeMs = (text: string) => Math.max(NOTICE_MS, text.split(" ").length * 350);
const DRAW_DECLINED_BY_MOVE = "Your opponent played on - draw offer declined";
const MOVE_UNANSWERED = "Your move has not reached the server yet - it goes again when the connection is back";
const MOVE_UNSETTLED =
  "Your move is being saved - the server is slow to store it, and the clocks are stopped meanwhile";

/** The live game `gameId`: its state from the server's events, and the player's actions. */
export function useLiveGame(
  gameId: string,
  opts: { initial?: { game: GameStarted; receivedAt: number }; api?: GameApi } = {},
) {
  const realtime = useRealtime();
  const api = opts.api ?? defaultGameApi;
  const [state, dispatch] = useReducer(gameReducer, opts.initial, (initial) =>
    initial ? gameFromSnapshot(initial.game, initial.receivedAt) : null,
  );
  const [loadError, setLoadError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  });

  /**
   * My move sent and not answered: over a stalled connection it may still reach the server, so it stays
   * shown as played and goes again on the next connection (the server takes a resent move once), until an
   * answer, its echo or a snapshot settles it. Never taken back and then played after all.
   */
  const unanswered = useRef<MovePayload | undefined>(undefined);
  const settled = useCallback((ply: number) => {
    const sent = unanswered.current;
    if (sent?.ply !== undefined && ply > sent.ply) unanswered.current = undefined;
  }, []);

  /**
   * A command other than a move (a draw offer, a resignation...) answered "unsettled": the server reads the
   * game back before its clocks run again, so the snapshot after clocksResumed shows whether it was stored.
   */
  const commandInDoubt = useRef(false);

  /** The restart of the game's server last told (its `resumed.at`): said once, on the snapshot after it. */
  const toldResumed = useRef<number | undefined>(undefined);

  /** Reads the whole game again; resolves with whether the server answered. */
  const resync = useCallback(async (): Promise<boolean> => {
    dispatch({ type: "resyncRequested" });
    const answer = await realtime.request("resync", { gameId });
    if (answer.ok && answer.data) {
      settled(answer.data.moves.length);
      dispatch({ type: "snapshot", game: answer.data, now: Date.now() });
      setLoadError(undefined);
      const resumed = answer.data.resumed;
      if (resumed && toldResumed.current !== resumed.at) {
        toldResumed.current = resumed.at;
        setNotice(resumedText(resumed.awayMs));
      }
    } else if (!answer.ok && !stateRef.current) {
      setLoadError(answer.code === "not_found" ? "Game not found" : answer.message);
    }
    return answer.ok;
  }, [realtime, gameId, settled]);

  const send = useCallback(
    (payload: MovePayload) => {
      unanswered.current = payload;
      void realtime.request("move", payload).then((answer) => {
        if (unanswered.current !== payload) return;
        if (answer.ok) {
          unanswered.current = undefined;
          return;
        }
        // The server cannot tell yet whether it stored the move: it stays shown, and the update (stored) or
        // clocksResumed (the server knows again) settles it.
        if (answer.code === "unsettled") {
          setNotice(MOVE_UNSETTLED);
          return;
        }
        if (answer.code === "timeout") {
          setNotice(MOVE_UNANSWERED);
          void resync().then((answered) => {
            // The server answers again and has not got it: lost rather than stalled, so it goes again.
            if (answered && unanswered.current === payload) send(payload);
          });
          return;
        }
        unanswered.current = undefined;
        console.log(answer.message);
        dispatch({ type: "moveFailed" });
        if (answer.code === "resync") void resync();
      });
    },
    [realtime, resync],
  );

  useEffect(() => {
    const offs = [
      realtime.on("update", (update) => {
        if (update.gameId === gameId) settled(update.ply);
        const before = stateRef.current;
        if (before && declinesMyDrawOffer(before, update)) setNotice(DRAW_DECLINED_BY_MOVE);
        dispatch({ type: "update", update, now: Date.now() });
      }),
      realtime.on("gameOver", (over) => dispatch({ type: "gameOver", over, now: Date.now() })),
      realtime.on("clocksHeld", (held) => dispatch({ type: "clocksHeld", held, now: Date.now() })),
      realtime.on("clocksResumed", (resumed) => {
        dispatch({ type: "clocksResumed", resumed, now: Date.now() });
        // A move left unsettled: read the game again, and send it again if it was not stored after all.
        const waiting = unanswered.current;
        if (resumed.gameId !== gameId) return;
        if (!waiting) {
          if (commandInDoubt.current) void resync();
          commandInDoubt.current = false;
          return;
        }
        void resync().then((answered) => {
          if (answered && unanswered.current === waiting) send(waiting);
        });
      }),
      realtime.on("offerDraw", (offer) => dispatch({ type: "drawOffered", gameId: offer.gameId })),
      realtime.on("drawDeclined", ({ gameId: id }) => {
        if (id === gameId && stateRef.current?.drawOffer === "fromMe") setNotice("Your draw offer was declined");
        dispatch({ type: "drawDeclined", gameId: id });
      }),
      realtime.on("takebackProposed", (p) => dispatch({ type: "takebackProposed", gameId: p.gameId })),
      realtime.on("takebackDeclined", ({ gameId: id }) => {
        if (id === gameId && stateRef.current?.takeback === "fromMe") setNotice("Your takeback proposal was declined");
        dispatch({ type: "takebackDeclined", gameId: id });
      }),
      realtime.on("opponentPresence", (p) => {
        dispatch({ type: "presence", ...p, now: Date.now() });
        // After a restart the clock of a player who had to reconnect waits for them: it runs again now.
        const s = stateRef.current;
        const waiting = s ? !s.clock.running || s.clock.at > Date.now() : false;
        if (p.connected && p.gameId === gameId && s?.status === "active" && s.history.length >= 2 && waiting) {
          void resync();
        }
      }),
      // Moves were taken back (against the computer, or a proposal accepted): the whole game again.
      realtime.on("takenBack", ({ gameId: id }) => {
        if (id === gameId) void resync();
      }),
      realtime.on("berserked", (berserked) => dispatch({ type: "berserked", berserked, now: Date.now() })),
      realtime.on("rematchOffered", (o) => dispatch({ type: "rematchReceived", ...o })),
      // Made in another of my tabs or devices: this one shows it as sent too.
      realtime.on("rematchOfferSent", (o) => {
        if (o.previousGameId === gameId) dispatch({ type: "rematchSent", offerId: o.offerId });
      }),
      realtime.on("rematchOfferDeclined", (o) =>
        dispatch({ type: "rematchDeclined", previousGameId: o.previousGameId }),
      ),
      realtime.on("rematchOfferCancelled", (o) =>
        dispatch({ type: "rematchCancelled", previousGameId: o.previousGameId, offerId: o.offerId }),
      ),
      // On load, and after every reconnection: the full game, whatever was missed, and my move again if it
      // got no answer on the connection that went.
      realtime.onConnect(() => {
        const sent = unanswered.current;
        if (sent) send(sent);
        void resync();
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [realtime, gameId, resync, send, settled]);

  // Leaving the page withdraws my rematch offer (SPEC §4), unless a new game has just started from it.
  const newGameStarted = useRef(false);
  useEffect(() => {
    const off = realtime.on("gameStarted", () => {
      newGameStarted.current = true;
    });
    return () => {
      off();
      const s = stateRef.current;
      if (s?.rematch.kind === "sent" && !newGameStarted.current) {
        void realtime.request("cancelRematchOffer", { offerId: s.rematch.offerId });
      }
    };
  }, [realtime]);

  // A player is at the game while this page shows it: leaving it for another page is leaving the game. A
  // finished game of theirs (opened from the history) is no board: it would keep them at their live one.
  const mine = state ? state.myColor !== null && state.status === "active" : false;
  useEffect(() => {
    if (!mine) return;
    realtime.showBoard(gameId);
    return () => realtime.showBoard(null);
  }, [realtime, gameId, mine]);

  const needsResync = state?.needsResync ?? false;
  useEffect(() => {
    if (needsResync) void resync();
  }, [needsResync, resync]);

  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(() => setNotice(undefined), noticeMs(notice));
    return () => clearTimeout(t);
  }, [notice]);

  /** Plays my move if legal now; returns whether it was played (else the piece snaps back). */
  const move = useCallback(
    (input: MoveInput): boolean => {
      const s = stateRef.current;
      if (!s || !canMoveNow(s)) {
        console.log("Invalid move - not your turn");
        return false;
      }
      const fen = liveLine(s).at(-1)?.fen ?? s.initialFen;
      const played = playMove(fen, input);
      if (!played) {
        console.log("Invalid move");
        return false;
      }
      const ply = s.history.length;
      dispatch({ type: "moveSent", ply: played });
      stateRef.current = gameReducer(s, { type: "moveSent", ply: played });
      // As played: a Chess960 castle goes as king takes rook however it was dragged.
      send({ gameId, move: { from: played.from, to: played.to, promotion: input.promotion }, ply });
      return true;
    },
    [gameId, send],
  );

  // A stored premove is tried as soon as my turn comes; dropped if no longer legal.
  useEffect(() => {
    if (!state?.premove || !canMoveNow(state)) return;
    const { from, to } = state.premove;
    const fen = state.history.at(-1)?.fen ?? state.initialFen;
    // A typed premove may name its promotion piece; a dragged one becomes a queen.
    const promotion = needsPromotion(fen, from, to) ? (state.premove.promotion ?? "q") : undefined;
    const input: MoveInput = promotion ? { from, to, promotion } : { from, to };
    if (!playMove(fen, input) || !move(input)) dispatch({ type: "premoveCleared" });
  }, [state, move]);

  const act = useCallback(
    async (event: "forfeit" | "abort" | "claimVictory" | "claimDraw" | "acceptDraw" | "declineDraw" | "offerDraw") => {
      const answer = await realtime.request(event, { gameId });
      if (!answer.ok) setNotice(answer.message);
      if (!answer.ok && answer.code === "unsettled") commandInDoubt.current = true;
      return answer.ok;
    },
    [realtime, gameId],
  );

  const actions = {
    move,
    setPremove: (m: MoveInput) => dispatch({ type: "premoveSet", move: m }),
    clearPremove: () => dispatch({ type: "premoveCleared" }),
    step: (delta: -1 | 1) => dispatch({ type: "step", delta }),
    viewPly: (ply: number | null) => {
      dispatch({ type: "viewPly", ply });
      // At once, as a move does: a move typed while an earlier position was shown goes out right after this.
      const s = stateRef.current;
      if (s) stateRef.current = gameReducer(s, { type: "viewPly", ply });
    },
    resign: () => void act("forfeit"),
    takeback: async () => {
      dispatch({ type: "premoveCleared" });
      const answer = await realtime.request("takeback", { gameId });
      if (answer.ok) void resync();
      else setNotice(answer.message);
    },
    abort: () => void act("abort"),
    /** An arena game: halves my clock before my first move (the server answers with `berserked`). */
    berserk: async () => {
      const answer = await realtime.request("berserk", { gameId });
      if (!answer.ok) setNotice(answer.message);
    },
    claimVictory: () => void act("claimVictory"),
    claimDraw: () => void act("claimDraw"),
    offerDraw: async () => {
      if (await act("offerDraw")) dispatch({ type: "drawSent" });
    },
    answerDraw: (accept: boolean) => {
      dispatch({ type: "drawAnswered" });
      void act(accept ? "acceptDraw" : "declineDraw");
    },
    /** Against a person: asks to take my last move back (accepts the opponent's proposal, if they made one). */
    proposeTakeback: async () => {
      dispatch({ type: "premoveCleared" });
      const answer = await realtime.request("proposeTakeback", { gameId });
      if (!answer.ok) setNotice(answer.message);
      // An answer with a ply: the opponent had proposed first, and the moves are gone (takenBack follows).
      else if (answer.data?.ply !== undefined) void resync();
      else dispatch({ type: "takebackSent" });
    },
    answerTakeback: async (accept: boolean) => {
      dispatch({ type: "takebackAnswered" });
      const answer = await realtime.request(accept ? "acceptTakeback" : "declineTakeback", { gameId });
      if (!answer.ok) setNotice(answer.message);
      else if (accept) void resync();
    },
    offerRematch: async (): Promise<string | undefined> => {
      const s = stateRef.current;
      const level = s && playsComputer(s) ? computerLevelOfName(playerNames(s).opponent) : undefined;
      if (s && level) {
        // The computer always accepts: a new game at once, same level, clock and start, colours swapped.
        const answer = await realtime.request("playComputer", {
          level,
          baseTime: s.baseTime,
          increment: s.increment,
          color: s.myColor === "w" ? "black" : "white",
          fen: s.initialFen,
        });
        return answer.ok ? undefined : answer.message;
      }
      try {
        const answer = await api.offerRematch(gameId);
        // No new game yet: wait for the answer. A new game comes as gameStarted.
        if (!answer.gameId) dispatch({ type: "rematchSent", offerId: answer.offerId });
        return undefined;
      } catch (error) {
        return errorMessage(undefined, error);
      }
    },
    answerRematch: async (accept: boolean): Promise<string | undefined> => {
      const s = stateRef.current;
      if (s?.rematch.kind !== "received") return undefined;
      dispatch({ type: "rematchCleared" });
      try {
        await api.handleRematchOffer(s.rematch.offerId, accept);
        return undefined;
      } catch (error) {
        return errorMessage(undefined, error);
      }
    },
    /** Withdraws my rematch offer, if I made one (leaving the game-over modal does this, SPEC §4). */
    cancelRematch: () => {
      const s = stateRef.current;
      if (s?.rematch.kind !== "sent") return;
      dispatch({ type: "rematchCleared" });
      stateRef.current = gameReducer(s, { type: "rematchCleared" });
      void realtime.request("cancelRematchOffer", { offerId: s.rematch.offerId });
    },
  };

  return { state: state as GameState | null, loadError, notice, actions };
}

export type LiveGameActions = ReturnType<typeof useLiveGame>["actions"];

/** A move key's step on the game's moves: one back or forward, the start, or the game as it stands. */
export function takeMoveStep(
  step: MoveStep,
  go: { step: (delta: -1 | 1) => void; viewPly: (ply: number | null) => void },
): void {
  if (step === "back") go.step(-1);
  else if (step === "forward") go.step(1);
  else go.viewPly(step === "first" ? 0 : null);
}
