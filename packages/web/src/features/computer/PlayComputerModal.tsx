import { formatTimeControl } from "@chess/shared";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { Modal } from "../../components/Modal.tsx";
import { browserStorage } from "../../lib/browserStorage.ts";
import { useRealtime } from "../../lib/realtime.ts";
import { ColorChoiceField } from "../lobby/ColorChoiceField.tsx";
import { PresetGroup } from "../lobby/PresetGroup.tsx";
import {
  COMPUTER_PRESET_GROUPS,
  LEVEL_CHOICES,
  type PlayComputerValues,
  playComputerPayload,
  readLastChoice,
  rememberChoice,
  UNLIMITED,
} from "./playComputerForm.ts";
import "../lobby/CreateGameModal.css";
import "./PlayComputerModal.css";

export interface PlayComputerModalProps {
  onClose: () => void;
  /** Continue from this position (the analysis or free board) instead of the start. */
  fen?: string;
  /** The time control to open on ("5+0"), instead of the last one played. */
  preset?: string;
}

/**
 * Play with the computer: level 1-8, a preset time control and a colour, then Play. The server answers
 * with gameStarted, which opens /play (GameStartListener). It opens on the last choice played.
 */
export function PlayComputerModal({ onClose, fen, preset }: PlayComputerModalProps) {
  const realtime = useRealtime();
  const [values, setValues] = useState<PlayComputerValues>(() => {
    const last = readLastChoice(browserStorage());
    return preset ? { ...last, preset } : last;
  });
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const ids = useId();
  const set = (change: Partial<PlayComputerValues>) => setValues((v) => ({ ...v, ...change }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    const answer = await realtime.request("playComputer", playComputerPayload(values, fen));
    if (answer.ok) {
      rememberChoice(browserStorage(), values);
      onClose();
      return;
    }
    setError(answer.message);
    setBusy(false);
  }

  return (
    <Modal title="Play with the computer" onClose={onClose}>
      <form className="create-game play-computer" onSubmit={submit} noValidate>
        {fen ? <p className="play-computer__from">From the position on the board.</p> : null}
        <fieldset className="play-computer__levels" aria-labelledby={`${ids}-level`}>
          <h3 id={`${ids}-level`} className="create-game__group-title">
            Level
          </h3>
          <div className="play-computer__level-buttons">
            {LEVEL_CHOICES.map((level) => (
              <button
                key={level}
                type="button"
                className="create-game__preset"
                aria-pressed={values.level === level}
                aria-label={`Level ${level}`}
                onClick={() => set({ level })}
              >
                {level}
              </button>
            ))}
          </div>
          <p className="create-game__hint">1 is for beginners, 8 is Stockfish at full strength.</p>
        </fieldset>

        <div className="create-game__section">
          <h3 className="create-game__group-title">Time control</h3>
          <div className="create-game__presets">
            {COMPUTER_PRESET_GROUPS.map((group) => (
              <PresetGroup
                key={group.title}
                id={`${ids}-${group.title}`}
                title={group.title}
                labels={group.presets.map(formatTimeControl)}
                selected={values.preset}
                onPick={(preset) => set({ preset })}
              />
            ))}
            <PresetGroup
              id={`${ids}-no-clock`}
              title="No clock"
              labels={[UNLIMITED]}
              selected={values.preset}
              onPick={(preset) => set({ preset })}
              buttonClassName="play-computer__unlimited"
            />
          </div>
        </div>

        <ColorChoiceField name={`${ids}-color`} value={values.color} onChange={(color) => set({ color })} />

        {error ? (
          <p className="create-game__error" role="alert">
            {error}
          </p>
        ) : null}

        <div className="create-game__footer">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" busy={busy}>
            Play
          </Button>
        </div>
      </form>
    </Modal>
  );
}
