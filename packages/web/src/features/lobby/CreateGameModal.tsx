import { COLOR_CHOICES, type ColorChoice, CUSTOM_TIME, formatTimeControl, type Variant } from "@chess/shared";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { Modal } from "../../components/Modal.tsx";
import {
  type CreateGameValues,
  createGamePayload,
  DEFAULT_CREATE_GAME,
  describeCustomTime,
  PRESET_GROUPS,
  SELECTABLE_VARIANTS,
} from "./createGameForm.ts";
import { VARIANT_LABEL } from "./lobbyStore.ts";
import { ColorIcon } from "./OfferCard.tsx";
import "../../components/TextField.css";
import "./CreateGameModal.css";

export interface CreateGameModalProps {
  onClose: () => void;
  /** Sends the offer; resolves with an error message to show, or undefined when it was created. */
  onCreate: (payload: ReturnType<typeof createGamePayload>) => Promise<string | undefined>;
}

const COLOR_LABEL: Record<ColorChoice, string> = { white: "White", random: "Random", black: "Black" };
// White, random, black from left to right, as on lichess.
const COLOR_ORDER: readonly ColorChoice[] = ["white", "random", "black"];

/** SPEC §2 Create Game: variant, a preset or custom time control, the colour; closes on Escape, X or Cancel. */
export function CreateGameModal({ onClose, onCreate }: CreateGameModalProps) {
  const [values, setValues] = useState<CreateGameValues>(DEFAULT_CREATE_GAME);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const ids = useId();
  const set = (change: Partial<CreateGameValues>) => setValues((v) => ({ ...v, ...change }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    const problem = await onCreate(createGamePayload(values));
    if (problem === undefined) {
      onClose();
      return;
    }
    setError(problem);
    setBusy(false);
  }

  return (
    <Modal title="Create Game" onClose={onClose}>
      <form className="create-game" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-variant`}>
            Variant
          </label>
          <select
            id={`${ids}-variant`}
            className="field__input"
            value={values.variant}
            onChange={(e) => set({ variant: e.target.value as Variant })}
          >
            {SELECTABLE_VARIANTS.map((variant) => (
              <option key={variant} value={variant}>
                {VARIANT_LABEL[variant]}
              </option>
            ))}
          </select>
        </div>

        <div className="create-game__section">
          <fieldset className="create-game__tabs" aria-label="Time control">
            <button
              type="button"
              className="create-game__tab"
              aria-pressed={values.mode === "preset"}
              onClick={() => set({ mode: "preset" })}
            >
              Presets
            </button>
            <button
              type="button"
              className="create-game__tab"
              aria-pressed={values.mode === "custom"}
              onClick={() => set({ mode: "custom" })}
            >
              Custom
            </button>
          </fieldset>
          {values.mode === "preset" ? (
            <div className="create-game__presets">
              {PRESET_GROUPS.map((group) => (
                <fieldset
                  key={group.timeClass}
                  className="create-game__group"
                  aria-labelledby={`${ids}-${group.timeClass}`}
                >
                  <h3 id={`${ids}-${group.timeClass}`} className="create-game__group-title">
                    {group.title}
                  </h3>
                  <div className="create-game__group-buttons">
                    {group.presets.map((tc) => {
                      const label = formatTimeControl(tc);
                      return (
                        <button
                          key={label}
                          type="button"
                          className="create-game__preset"
                          aria-pressed={values.preset === label}
                          onClick={() => set({ preset: label })}
                        >
                          {label}
                        </button>
                      );
                    })}
                  </div>
                </fieldset>
              ))}
            </div>
          ) : (
            <div className="create-game__custom">
              <p className="create-game__custom-label" aria-live="polite">
                {describeCustomTime(values.customMinutes, values.customIncrement)}
              </p>
              <Slider
                id={`${ids}-minutes`}
                label="Minutes per side"
                value={values.customMinutes}
                range={CUSTOM_TIME.minutes}
                onChange={(customMinutes) => set({ customMinutes })}
              />
              <Slider
                id={`${ids}-increment`}
                label="Increment in seconds"
                value={values.customIncrement}
                range={CUSTOM_TIME.increment}
                onChange={(customIncrement) => set({ customIncrement })}
              />
            </div>
          )}
        </div>

        <fieldset className="create-game__colors">
          <legend className="field__label">Your colour</legend>
          <div className="create-game__color-options">
            {COLOR_ORDER.filter((c) => COLOR_CHOICES.includes(c)).map((color) => (
              <label key={color} className="create-game__color">
                <input
                  type="radio"
                  name={`${ids}-color`}
                  value={color}
                  checked={values.color === color}
                  onChange={() => set({ color })}
                />
                <ColorIcon color={color} size={28} />
                <span>{COLOR_LABEL[color]}</span>
              </label>
            ))}
          </div>
        </fieldset>

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
            Create
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function Slider({
  id,
  label,
  value,
  range,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  range: { min: number; max: number; step: number };
  onChange: (value: number) => void;
}) {
  return (
    <div className="create-game__slider">
      <label className="field__label" htmlFor={id}>
        {label}: <span className="create-game__value">{value}</span>
      </label>
      <input
        id={id}
        type="range"
        min={range.min}
        max={range.max}
        step={range.step}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
      />
    </div>
  );
}
