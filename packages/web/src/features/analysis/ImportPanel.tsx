import { type PgnImportGame, pgnGameTitle, readPgn } from "@chess/shared";
import { type ChangeEvent, type FormEvent, useId, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { SelectField } from "../../components/SelectField.tsx";
import { type AnalysisApi, analysisApi } from "./analysisApi.ts";
import "./ImportPanel.css";

type Side = "" | "white" | "black";
const SIDES: ReadonlyArray<{ value: Side; label: string }> = [
  { value: "", label: "The side named after you (else both)" },
  { value: "white", label: "White's mistakes" },
  { value: "black", label: "Black's mistakes" },
];

/** The largest file the form reads (the server's limit). */
const MAX_FILE_BYTES = 1_000_000;

export interface ImportPanelProps {
  /** The stored game's id, once imported: the page opens it. */
  onImported: (importId: string) => void;
  client?: Pick<AnalysisApi, "importPgn">;
}

/**
 * Import a game (lichess's /paste): PGN pasted or read from a file, one game or many (then one is picked from
 * a list). The text is read here first, so a bad one is named at once with its line; the server reads it again.
 */
export function ImportPanel({ onImported, client = analysisApi }: ImportPanelProps) {
  const id = useId();
  const [pgn, setPgn] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [games, setGames] = useState<PgnImportGame[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [side, setSide] = useState<Side>("");

  const send = (text: string) => {
    setBusy(true);
    setError(null);
    (side ? client.importPgn(text, { side }) : client.importPgn(text)).then(
      (game) => onImported(game.importId),
      (e: unknown) => {
        setBusy(false);
        setError(e instanceof Error ? e.message : "The game could not be imported");
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setGames(null);
    const read = readPgn(pgn);
    if (!pgn.trim()) return setError("Paste a PGN or choose a file");
    if (!read.ok) return setError(read.error);
    const [only] = read.games;
    if (read.games.length === 1 && only) {
      if (only.error) return setError(only.error);
      return send(only.text);
    }
    setError(null);
    setGames(read.games);
  };

  const upload = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = "";
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) return setError("A PGN file may be at most 1 MB");
    file.text().then(
      (text) => {
        setPgn(text);
        setGames(null);
        setError(null);
      },
      () => setError("The file could not be read"),
    );
  };

  return (
    <section className="import-panel card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Import a game</h2>
      <form onSubmit={submit} className="import-panel__form">
        <label htmlFor={`${id}-pgn`} className="field__label">
          Paste the PGN of one game or many
        </label>
        <textarea
          id={`${id}-pgn`}
          className="import-panel__text"
          value={pgn}
          onChange={(e) => {
            setPgn(e.currentTarget.value);
            setGames(null);
          }}
          rows={8}
          spellCheck={false}
          placeholder={'[Event "Casual game"]\n[White "alice"]\n[Black "bob"]\n\n1. e4 e5 2. Nf3 Nc6 *'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <SelectField
          label="Your puzzles from this game"
          value={side}
          options={SIDES}
          onChange={(v) => setSide(v as Side)}
          className="import-panel__side"
        />
        <div className="import-panel__row">
          <label className="import-panel__file btn btn--ghost">
            Choose a PGN file
            <input type="file" accept=".pgn,application/x-chess-pgn,text/plain" onChange={upload} />
          </label>
          <Button type="submit" variant="primary" busy={busy}>
            Import
          </Button>
        </div>
        {error ? (
          <p className="analysis__error" role="alert" id={`${id}-error`}>
            {error}
          </p>
        ) : null}
      </form>
      {games ? (
        <div className="import-panel__games">
          <p>This file holds {games.length} games: pick one to analyse.</p>
          <ol aria-label="Games in the file">
            {games.map((game) => (
              <li key={`${game.line} ${game.text}`}>
                <button
                  type="button"
                  className="import-panel__game"
                  disabled={!!game.error || busy}
                  onClick={() => send(game.text)}
                >
                  <span>{pgnGameTitle(game)}</span>
                  {game.tags.Event ? <span className="import-panel__event">{game.tags.Event}</span> : null}
                  {game.error ? <span className="import-panel__game-error">{game.error}</span> : null}
                </button>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}
