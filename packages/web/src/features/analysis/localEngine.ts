import { rulesOf } from "../board/index.ts";
import {
  applyEngineLine,
  emptyLocalEval,
  LOCAL_LINES,
  LOCAL_MAX_DEPTH,
  LOCAL_MAX_MS,
  type LocalEval,
} from "./localEval.ts";

/**
 * Stockfish in the browser: the npm `stockfish` package's lite single-threaded WASM build in a Web Worker,
 * served under /engine/ and fetched only when a player turns it on (on /analysis). One search at a time:
 * a new position stops the running search, and its output is ignored until its `bestmove`.
 */
export const LOCAL_ENGINE_URL = "/engine/stockfish-19-lite-single.js";
export const LOCAL_ENGINE_NAME = "Stockfish 19 lite (in your browser)";

export class LocalEngine {
  private readonly worker: Worker;
  private ready = false;
  /** The position searched now (its output is shown), if any. */
  private searching: LocalEval | undefined;
  /** A position asked for while another search is being stopped. */
  private next: string | undefined;
  private stopping = false;
  /** Whether UCI_Chess960 is on now (off when the engine starts). */
  private chess960 = false;

  constructor(
    private readonly onEval: (e: LocalEval) => void,
    private readonly onError: (message: string) => void,
    url = LOCAL_ENGINE_URL,
  ) {
    this.worker = new Worker(url);
    this.worker.onmessage = (event: MessageEvent) => this.onLine(String(event.data));
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.onError("The engine could not start in this browser");
    };
    this.send("uci");
    this.send(`setoption name MultiPV value ${LOCAL_LINES}`);
    this.send("isready");
  }

  /** Searches `fen` (replacing any search running), reporting as the search deepens. */
  analyse(fen: string): void {
    this.next = fen;
    if (!this.ready) return;
    if (this.searching && !this.searching.done) {
      if (!this.stopping) {
        this.stopping = true;
        this.send("stop");
      }
      return;
    }
    this.startNext();
  }

  terminate(): void {
    this.worker.terminate();
  }

  private startNext() {
    const fen = this.next;
    this.next = undefined;
    if (!fen) return;
    this.searching = emptyLocalEval(fen);
    this.onEval(this.searching);
    // A Chess960 position needs the engine's 960 mode: castles then come as king takes rook, as the
    // 960 board plays them.
    if ((rulesOf(fen) === "chess960") !== this.chess960) {
      this.chess960 = !this.chess960;
      this.send(`setoption name UCI_Chess960 value ${this.chess960}`);
    }
    this.send(`position fen ${fen}`);
    this.send(`go depth ${LOCAL_MAX_DEPTH} movetime ${LOCAL_MAX_MS}`);
  }

  private onLine(line: string) {
    if (line === "readyok" && !this.ready) {
      this.ready = true;
      this.startNext();
      return;
    }
    const current = this.searching;
    if (!current) return;
    if (line.startsWith("bestmove")) {
      this.stopping = false;
      this.searching = { ...current, done: true };
      if (this.next) this.startNext();
      else this.onEval(this.searching);
      return;
    }
    // Output of a search being stopped is stale: its position is no longer on the board.
    if (this.stopping) return;
    const updated = applyEngineLine(current, line);
    if (updated !== current) {
      this.searching = updated;
      this.onEval(updated);
    }
  }

  private send(command: string) {
    this.worker.postMessage(command);
  }
}
