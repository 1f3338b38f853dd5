import {
  COLOR_CHOICES,
  type ColorChoice,
  formatTimeControl,
  PRESETS,
  TIME_CLASS_LABEL,
  TIME_CLASSES,
  type TimeControl,
} from "@chess/shared";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { Modal } from "../../components/Modal.tsx";
import "./ChallengeModal.css";

const COLOR_LABEL: Record<ColorChoice, string> = { white: "White", random: "Random", black: "Black" };
const COLOR_ORDER: readonly ColorChoice[] = ["white", "random", "black"];
// SPEC §4 Defaults: rapid (its first preset), random colour.
const DEFAULT_PRESET = PRESETS.rapid[0] ?? { baseTime: 10, increment: 0 };

export interface ChallengeModalProps {
  friendName: string;
  /** Sends the challenge; the dialog closes at once and the friend's card shows the outcome. */
  onSend: (tc: TimeControl, color: ColorChoice) => void;
  onClose: () => void;
}

/** Challenge a friend (SPEC §2 Profile, §3 Friend challenge): a preset time control and my colour. */
export function ChallengeModal({ friendName, onSend, onClose }: ChallengeModalProps) {
  const ids = useId();
  const [preset, setPreset] = useState(formatTimeControl(DEFAULT_PRESET));
  const [color, setColor] = useState<ColorChoice>("random");

  function submit(event: FormEvent) {
    event.preventDefault();
    const [baseTime, increment] = preset.split("+").map(Number);
    onSend({ baseTime: baseTime ?? DEFAULT_PRESET.baseTime, increment: increment ?? DEFAULT_PRESET.increment }, color);
    onClose();
  }

  return (
    <Modal title={`Challenge ${friendName}`} onClose={onClose}>
      <form className="challenge" onSubmit={submit}>
        <div className="challenge__presets">
          {TIME_CLASSES.map((timeClass) => (
            <fieldset key={timeClass} className="challenge__group">
              <legend className="challenge__legend">{TIME_CLASS_LABEL[timeClass]}</legend>
              <div className="challenge__buttons">
                {PRESETS[timeClass].map((tc) => {
                  const label = formatTimeControl(tc);
                  return (
                    <button
                      key={label}
                      type="button"
                      className="challenge__preset"
                      aria-pressed={preset === label}
                      onClick={() => setPreset(label)}
                    >
                      {label}
                    </button>
                  );
                })}
              </div>
            </fieldset>
          ))}
        </div>
        <fieldset className="challenge__colors">
          <legend className="challenge__legend">Your colour</legend>
          {COLOR_ORDER.filter((c) => COLOR_CHOICES.includes(c)).map((c) => (
            <label key={c} className="challenge__color">
              <input type="radio" name={`${ids}-color`} value={c} checked={color === c} onChange={() => setColor(c)} />
              <span className={`challenge__swatch challenge__swatch--${c}`} aria-hidden="true" />
              {COLOR_LABEL[c]}
            </label>
          ))}
        </fieldset>
        <p className="challenge__summary">
          Standard · {preset} · {color === "random" ? "random colours" : `you play ${COLOR_LABEL[color]}`}
        </p>
        <div className="challenge__actions">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary">
            Send challenge
          </Button>
        </div>
      </form>
    </Modal>
  );
}
