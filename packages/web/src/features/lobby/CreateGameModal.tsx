import { CUSTOM_TIME, formatTimeControl, JUMPSTART_CUSTOM, type LiveGame, type Variant } from "@chess/shared";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/Button.tsx";
import { Modal } from "../../components/Modal.tsx";
import { playPath } from "../game/index.ts";
import { ColorChoiceField } from "./ColorChoiceField.tsx";
import {
  type CreateGameValues,
  createGamePayload,
  createGameProblem,
  DEFAULT_CREATE_GAME,
  describeCustomTime,
  formatRange,
  HANDICAP_CHOICES,
  moveRangeEnd,
  PRESET_GROUPS,
  SELECTABLE_VARIANTS,
  STAGE_CHOICES,
  withJumpstartMode,
} from "./createGameForm.ts";
import { VARIANT_LABEL } from "./lobbyStore.ts";
import { CrownIcon, SwordsIcon } from "./OfferCard.tsx";
import { RangeSlider } from "./RangeSlider.tsx";
import "../../components/TextField.css";
import { PresetGroup } from "./PresetGroup.tsx";
import "./CreateGameModal.css";

export interface CreateGameModalProps {
  /** "Create Game", or "Challenge bob" when the same choices make a friend challenge. */
  title?: string;
  submitLabel?: string;
  onClose: () => void;
  /** Sends the offer; resolves with an error message to show, or undefined when it was created. */
  onCreate: (payload: ReturnType<typeof createGamePayload>) => Promise<string | undefined>;
  /** The games the player has on: a new one cannot start until they end, so the way back is shown. */
  liveGames?: LiveGame[];
}

// White, random, black from left to right, as on lichess.

/**
 * SPEC §2 Create Game: variant, a preset or custom time control, the colour; closes on Escape, X or Cancel.
 * A friend challenge offers the same choices (SPEC §3: the offer's fields plus the friend's name).
 * Jumpstart adds the game stage and handicap (or custom ranges) and who takes the worse side, instead of
 * the colour: the handicapped player plays Black.
 */
export function CreateGameModal({
  title = "Create Game",
  submitLabel = "Create",
  onClose,
  onCreate,
  liveGames = [],
}: CreateGameModalProps) {
  const [values, setValues] = useState<CreateGameValues>(DEFAULT_CREATE_GAME);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const ids = useId();
  const set = (change: Partial<CreateGameValues>) => setValues((v) => ({ ...v, ...change }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    // SPEC §5: name what is missing and send nothing.
    const missing = createGameProblem(values);
    if (missing) {
      setError(missing);
      return;
    }
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
    <Modal title={title} onClose={onClose}>
      <form className="create-game" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-variant`}>
            Variant
          </label>
          <select
            id={`${ids}-variant`}
            className="field__input"
            value={values.variant}
            onChange={(e) => {
              set({ variant: e.target.value as Variant });
              setError(undefined);
            }}
          >
            {SELECTABLE_VARIANTS.map((variant) => (
              <option key={variant} value={variant}>
                {VARIANT_LABEL[variant]}
              </option>
            ))}
          </select>
        </div>

        {values.variant === "jumpstart" ? (
          <JumpstartFields values={values} setValues={setValues} idPrefix={ids} />
        ) : null}

        <div className="create-game__section">
          <h3 id={`${ids}-time`} className="create-game__group-title">
            Time control
          </h3>
          <fieldset className="create-game__tabs" aria-labelledby={`${ids}-time`}>
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
                <PresetGroup
                  key={group.timeClass}
                  id={`${ids}-${group.timeClass}`}
                  title={group.title}
                  labels={group.presets.map(formatTimeControl)}
                  selected={values.preset}
                  onPick={(preset) => set({ preset })}
                />
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

        {values.variant === "jumpstart" ? (
          <fieldset className="create-game__colors">
            <legend className="field__label">Who takes the worse side?</legend>
            <div className="create-game__color-options create-game__color-options--two">
              <label className="create-game__color">
                <input
                  type="radio"
                  name={`${ids}-worse-side`}
                  value="me"
                  checked={values.worseSide === "me"}
                  onChange={() => set({ worseSide: "me" })}
                />
                <SwordsIcon size={28} />
                <span>Me</span>
              </label>
              <label className="create-game__color">
                <input
                  type="radio"
                  name={`${ids}-worse-side`}
                  value="opponent"
                  checked={values.worseSide === "opponent"}
                  onChange={() => set({ worseSide: "opponent" })}
                />
                <CrownIcon size={28} />
                <span>My opponent</span>
              </label>
            </div>
            <p className="create-game__hint">The worse side always plays Black.</p>
          </fieldset>
        ) : (
          <ColorChoiceField name={`${ids}-color`} value={values.color} onChange={(color) => set({ color })} />
        )}

        {busy && values.variant === "jumpstart" && values.jumpstartMode === "custom" ? (
          <p className="create-game__hint" role="status">
            Finding a starting position in your range…
          </p>
        ) : null}
        {error ? (
          <p className="create-game__error" role="alert">
            {error}
          </p>
        ) : null}
        {liveGames.map((g) => (
          <p key={g.gameId} className="create-game__live">
            You are playing <strong>{g.opponent}</strong> — <Link to={playPath(g.gameId)}>Resume</Link>
          </p>
        ))}

        <div className="create-game__footer">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" busy={busy}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** Jumpstart's choices: stage and handicap presets, or custom ranges, with a short explanation. */
function JumpstartFields({
  values,
  setValues,
  idPrefix,
}: {
  values: CreateGameValues;
  setValues: (update: (v: CreateGameValues) => CreateGameValues) => void;
  idPrefix: string;
}) {
  const set = (change: Partial<CreateGameValues>) => setValues((v) => ({ ...v, ...change }));
  return (
    <div className="create-game__section create-game__jumpstart">
      <fieldset className="create-game__tabs" aria-label="Jumpstart position">
        <button
          type="button"
          className="create-game__tab"
          aria-pressed={values.jumpstartMode === "preset"}
          onClick={() => setValues((v) => withJumpstartMode(v, "preset"))}
        >
          Preset ranges
        </button>
        <button
          type="button"
          className="create-game__tab"
          aria-pressed={values.jumpstartMode === "custom"}
          onClick={() => setValues((v) => withJumpstartMode(v, "custom"))}
        >
          Custom ranges
        </button>
      </fieldset>
      {values.jumpstartMode === "preset" ? (
        <>
          <fieldset className="create-game__choices" aria-labelledby={`${idPrefix}-stage`}>
            <h3 id={`${idPrefix}-stage`} className="create-game__group-title">
              Game stage
            </h3>
            <div className="create-game__choice-buttons">
              {STAGE_CHOICES.map((stage) => (
                <button
                  key={stage.key}
                  type="button"
                  className="create-game__preset create-game__choice"
                  aria-pressed={values.stage === stage.key}
                  aria-label={`${stage.label} · moves ${formatRange(stage.moves)}`}
                  onClick={() => set({ stage: values.stage === stage.key ? undefined : stage.key })}
                >
                  <span>{stage.label}</span>
                  <span className="create-game__choice-range">moves {formatRange(stage.moves)}</span>
                </button>
              ))}
            </div>
          </fieldset>
          <fieldset className="create-game__choices" aria-labelledby={`${idPrefix}-handicap`}>
            <h3 id={`${idPrefix}-handicap`} className="create-game__group-title">
              Handicap
            </h3>
            <div className="create-game__choice-buttons">
              {HANDICAP_CHOICES.map((handicap) => (
                <button
                  key={handicap.key}
                  type="button"
                  className="create-game__preset create-game__choice"
                  aria-pressed={values.handicap === handicap.key}
                  aria-label={`${handicap.label} · ${formatRange(handicap.eval)} pawns`}
                  onClick={() => set({ handicap: values.handicap === handicap.key ? undefined : handicap.key })}
                >
                  <span>{handicap.label}</span>
                  <span className="create-game__choice-range">{formatRange(handicap.eval)} pawns</span>
                </button>
              ))}
            </div>
          </fieldset>
        </>
      ) : (
        <div className="create-game__custom">
          <RangeSlider
            id={`${idPrefix}-eval`}
            label="Handicap (pawns)"
            value={values.customEval}
            bounds={JUMPSTART_CUSTOM.eval}
            format={(v) => v.toFixed(1)}
            onChange={(end, value) =>
              setValues((v) => ({ ...v, customEval: moveRangeEnd(v.customEval, end, value, JUMPSTART_CUSTOM.eval) }))
            }
          />
          <RangeSlider
            id={`${idPrefix}-moves`}
            label="Move count"
            value={values.customMoves}
            bounds={JUMPSTART_CUSTOM.moves}
            onChange={(end, value) =>
              setValues((v) => ({
                ...v,
                customMoves: moveRangeEnd(v.customMoves, end, value, JUMPSTART_CUSTOM.moves),
              }))
            }
          />
        </div>
      )}
      <p className="create-game__hint">
        <strong>Move count</strong> is the move number of the starting position (move 15: each side has played 14
        moves). <strong>Handicap</strong> is the engine&rsquo;s evaluation of the position in pawns: how much better the
        favoured side (White) stands.
      </p>
    </div>
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
