import {
  ARENA,
  type ArenaSummary,
  canBerserk,
  GAME_STAGES,
  type GameStage,
  HANDICAPS,
  type Handicap,
  VARIANT_LABELS,
  VARIANTS,
  type Variant,
} from "@chess/shared";
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { Modal } from "../../components/Modal.tsx";
import { SelectField } from "../../components/SelectField.tsx";
import { TextField } from "../../components/TextField.tsx";
import { errorMessage } from "../../lib/api.ts";
import {
  type ArenaFieldErrors,
  type ArenaFormValues,
  arenaBody,
  CLOCK_PRESETS,
  DEFAULT_ARENA_FORM,
  gamesHint,
  serverFieldErrors,
  timeControlOf,
  validateArena,
} from "./createArenaForm.ts";
import { type TournamentsApi, tournamentsApi } from "./tournamentsApi.ts";
import "./CreateArenaModal.css";

export interface AdminClub {
  clubId: number;
  clubName: string;
}

export interface CreateArenaModalProps {
  onClose: () => void;
  onCreated: (arena: ArenaSummary) => void;
  /** Clubs I administer, for a club arena; read from GET /club/list when absent. */
  clubs?: AdminClub[];
  /** Opened from a club's calendar: that club, starting on that day ("2026-12-05"). */
  club?: AdminClub;
  date?: string;
  api?: TournamentsApi;
}

const CLOCK_OPTIONS = [...CLOCK_PRESETS, { value: "custom", label: "Custom" }];
const VARIANT_OPTIONS = VARIANTS.map((v) => ({ value: v, label: VARIANT_LABELS[v] }));
const STAGE_OPTIONS = (Object.keys(GAME_STAGES) as GameStage[]).map((k) => ({ value: k, label: GAME_STAGES[k].label }));
const BALANCE_OPTIONS = (Object.keys(HANDICAPS) as Handicap[]).map((k) => ({ value: k, label: HANDICAPS[k].label }));

/** Create an arena: clock, variant, rules, length and start; a club arena (which may repeat) for a club I run. */
export function CreateArenaModal({
  onClose,
  onCreated,
  clubs,
  club,
  date,
  api = tournamentsApi,
}: CreateArenaModalProps) {
  const [values, setValues] = useState<ArenaFormValues>(() =>
    club
      ? { ...DEFAULT_ARENA_FORM, clubId: String(club.clubId), start: "at", startsAt: date ? `${date}T19:00` : "" }
      : DEFAULT_ARENA_FORM,
  );
  const [errors, setErrors] = useState<ArenaFieldErrors>({});
  const [busy, setBusy] = useState(false);
  const adminClubs = useAdminClubs(clubs ?? (club ? [club] : undefined), api);
  const set = (change: Partial<ArenaFormValues>) => {
    setValues((v) => ({ ...v, ...change }));
    setErrors({});
  };
  const tc = timeControlOf(values);
  const berserkPossible = canBerserk(tc);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateArena(values, Date.now());
    setErrors(found);
    if (Object.keys(found).length > 0 || busy) return;
    setBusy(true);
    try {
      onCreated(await api.create(arenaBody(values)));
    } catch (error) {
      setErrors(serverFieldErrors(errorMessage(undefined, error)));
      setBusy(false);
    }
  }

  const num = (value: string) => (value === "" ? Number.NaN : Number(value));
  return (
    <Modal title={club ? `New arena for ${club.clubName}` : "Create arena"} onClose={onClose}>
      <form className="create-arena" onSubmit={submit} noValidate>
        <TextField
          label="Name (optional)"
          value={values.name}
          maxLength={ARENA.nameMax}
          placeholder="Named after its clock when empty"
          error={errors.name}
          onChange={(e) => set({ name: e.target.value })}
        />
        <div className="create-arena__row">
          <SelectField
            label="Clock"
            value={values.clock}
            options={CLOCK_OPTIONS}
            onChange={(clock) => set({ clock })}
          />
          <SelectField
            label="Variant"
            value={values.variant}
            options={VARIANT_OPTIONS}
            onChange={(variant) => set({ variant: variant as Variant })}
          />
        </div>
        {values.clock === "custom" ? (
          <div className="create-arena__row">
            <TextField
              label="Minutes per side"
              type="number"
              inputMode="decimal"
              min={ARENA.custom.minutes.min}
              max={ARENA.custom.minutes.max}
              step={ARENA.custom.minutes.step}
              value={Number.isNaN(values.customMinutes) ? "" : values.customMinutes}
              onChange={(e) => set({ customMinutes: num(e.target.value) })}
            />
            <TextField
              label="Increment (seconds)"
              type="number"
              inputMode="numeric"
              min={ARENA.custom.increment.min}
              max={ARENA.custom.increment.max}
              value={Number.isNaN(values.customIncrement) ? "" : values.customIncrement}
              onChange={(e) => set({ customIncrement: num(e.target.value) })}
            />
          </div>
        ) : null}
        <FieldError text={errors.clock} />
        {values.variant === "jumpstart" ? (
          <div className="create-arena__row">
            <SelectField
              label="Stage"
              value={values.stage}
              options={STAGE_OPTIONS}
              onChange={(stage) => set({ stage: stage as GameStage })}
            />
            <SelectField
              label="Balance"
              value={values.balance}
              options={BALANCE_OPTIONS}
              onChange={(balance) => set({ balance: balance as Handicap })}
            />
          </div>
        ) : null}
        <FieldError text={errors.variant} />

        <fieldset className="create-arena__checks">
          <legend className="visually-hidden">Rules</legend>
          <Check checked={values.rated} onChange={(rated) => set({ rated })}>
            Rated
          </Check>
          <Check
            checked={values.berserkable && berserkPossible}
            disabled={!berserkPossible}
            onChange={(berserkable) => set({ berserkable })}
            hint={berserkPossible ? undefined : "Not with this clock"}
          >
            Berserk allowed
          </Check>
          <Check checked={values.streaks} onChange={(streaks) => set({ streaks })}>
            Streaks (on fire: double points)
          </Check>
        </fieldset>
        <FieldError text={errors.berserkable} />

        <div className="create-arena__row">
          <TextField
            label="Duration (minutes)"
            type="number"
            inputMode="numeric"
            min={ARENA.duration.min}
            max={ARENA.duration.max}
            value={Number.isNaN(values.durationMinutes) ? "" : values.durationMinutes}
            error={errors.duration}
            onChange={(e) => set({ durationMinutes: num(e.target.value) })}
          />
          {values.start === "soon" ? (
            <TextField
              label="Starts in (minutes)"
              type="number"
              inputMode="numeric"
              min={ARENA.countdown.min}
              max={ARENA.countdown.max}
              value={Number.isNaN(values.countdownMinutes) ? "" : values.countdownMinutes}
              error={errors.start}
              onChange={(e) => set({ countdownMinutes: num(e.target.value) })}
            />
          ) : (
            <TextField
              label="Starts at"
              type="datetime-local"
              value={values.startsAt}
              error={errors.start}
              onChange={(e) => set({ startsAt: e.target.value })}
            />
          )}
        </div>
        {errors.duration ? null : <p className="create-arena__hint">{gamesHint(values)}</p>}

        {adminClubs && adminClubs.length > 0 ? (
          <div className="create-arena__club">
            <div className="create-arena__row">
              <SelectField
                label="Club arena"
                value={values.clubId}
                options={[
                  ...(club ? [] : [{ value: "", label: "No: open to everyone" }]),
                  ...adminClubs.map((c) => ({ value: String(c.clubId), label: `${c.clubName} members only` })),
                ]}
                onChange={(clubId) => set(clubId ? { clubId } : { clubId, recurrence: "none", start: "soon" })}
              />
              {values.clubId ? (
                <SelectField
                  label="Repeats"
                  value={values.recurrence}
                  options={[
                    { value: "none", label: "Once" },
                    { value: "weekly", label: "Every week" },
                    { value: "monthly", label: "Every month" },
                  ]}
                  onChange={(r) => set({ recurrence: r as ArenaFormValues["recurrence"] })}
                />
              ) : null}
            </div>
            {values.clubId && !club ? (
              <label className="create-arena__check">
                <input
                  type="checkbox"
                  checked={values.start === "at"}
                  onChange={(e) => set({ start: e.target.checked ? "at" : "soon" })}
                />
                Set a date (shown on the club's calendar)
              </label>
            ) : null}
            <FieldError text={errors.club} />
          </div>
        ) : null}

        <FieldError text={errors.form} />
        <div className="create-arena__footer">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" busy={busy}>
            Create arena
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function FieldError({ text }: { text: string | undefined }) {
  return text ? (
    <p className="create-arena__error" role="alert">
      {text}
    </p>
  ) : null;
}

function Check({
  checked,
  disabled,
  onChange,
  hint,
  children,
}: {
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  hint?: string | undefined;
  children: ReactNode;
}) {
  return (
    <label className="create-arena__check">
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      {children}
      {hint ? <span className="create-arena__hint"> ({hint})</span> : null}
    </label>
  );
}

/** The clubs I administer: given, or read once; a failure just leaves the club choice out. */
function useAdminClubs(given: AdminClub[] | undefined, api: TournamentsApi): AdminClub[] | undefined {
  const [clubs, setClubs] = useState(given);
  useEffect(() => {
    if (given) return;
    let live = true;
    api.adminClubs().then(
      (list) => live && setClubs(list),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [given, api]);
  return given ?? clubs;
}
