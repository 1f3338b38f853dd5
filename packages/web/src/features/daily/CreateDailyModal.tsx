import {
  type ColorChoice,
  DAYS_PER_MOVE,
  type DailyOfferBody,
  type DaysPerMove,
  DEFAULT_DAYS_PER_MOVE,
  VARIANT_LABELS,
  type Variant,
} from "@chess/shared";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { Modal } from "../../components/Modal.tsx";
import { ColorChoiceField } from "../lobby/index.ts";

const DAILY_VARIANTS: readonly Variant[] = ["standard", "fun", "jumpstart"];

/**
 * A new daily game: days per move (1, 2, 3, 5, 7, 10 or 14), variant, rated or casual, and my colour. An open
 * offer goes to the lobby's daily list; with `friendName` it is a challenge to that friend, who may be away.
 */
export function CreateDailyModal({
  friendName,
  onSubmit,
  onClose,
}: {
  friendName?: string;
  /** Resolves with the server's refusal, if any; the modal closes otherwise. */
  onSubmit: (body: DailyOfferBody) => Promise<string | undefined>;
  onClose: () => void;
}) {
  const ids = useId();
  const [days, setDays] = useState<DaysPerMove>(DEFAULT_DAYS_PER_MOVE);
  const [variant, setVariant] = useState<Variant>("standard");
  const [rated, setRated] = useState(true);
  const [color, setColor] = useState<ColorChoice>("random");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const refusal = await onSubmit({ days, variant, rated, color });
    setBusy(false);
    if (refusal) setError(refusal);
    else onClose();
  }

  return (
    <Modal title={friendName ? `Daily challenge to ${friendName}` : "Create a daily game"} onClose={onClose}>
      <form className="create-game daily-create" onSubmit={(e) => void submit(e)} noValidate>
        <fieldset className="create-game__section daily-create__days">
          <legend className="field__label">Days per move</legend>
          <div className="create-game__group-buttons">
            {DAYS_PER_MOVE.map((d) => (
              <label key={d} className="daily-create__day">
                <input type="radio" name={`${ids}-days`} value={d} checked={d === days} onChange={() => setDays(d)} />
                <span>
                  {d} day{d === 1 ? "" : "s"}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-variant`}>
            Variant
          </label>
          <select
            id={`${ids}-variant`}
            className="field__input"
            value={variant}
            onChange={(e) => setVariant(e.target.value as Variant)}
          >
            {DAILY_VARIANTS.map((v) => (
              <option key={v} value={v}>
                {VARIANT_LABELS[v]}
              </option>
            ))}
          </select>
        </div>
        <label className="daily-create__rated">
          <input type="checkbox" checked={rated} onChange={(e) => setRated(e.target.checked)} />
          Rated (daily rating)
        </label>
        <ColorChoiceField name={`${ids}-color`} value={color} onChange={setColor} />
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
            {friendName ? "Send challenge" : "Create daily offer"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
