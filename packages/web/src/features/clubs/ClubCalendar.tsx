import { type ClubEvent, EVENT_TITLE_MAX } from "@chess/shared";
import { type FormEvent, useMemo, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/Button.tsx";
import { IconButton } from "../../components/IconButton.tsx";
import { errorMessage } from "../../lib/api.ts";
import { type AdminClub, CreateArenaModal, tournamentPath } from "../tournaments/index.ts";
import {
  addMonths,
  calendarGrid,
  eventsByDate,
  isoLongDate,
  localIsoDate,
  monthOf,
  monthTitle,
  WEEKDAYS,
  type YearMonth,
} from "./calendar.ts";
import { ChevronIcon } from "./clubIcons.tsx";
import { nonBlank } from "./clubText.ts";
import type { Loaded } from "./useClubData.ts";
import "./ClubCalendar.css";
import "./clubs.css";
import { LengthCount, showsCount } from "../../components/LengthCount.tsx";

export interface ClubCalendarProps {
  events: Loaded<ClubEvent>;
  /** POST /event/create then reload; rejects with the failure. */
  onAddNote: (date: string, title: string) => Promise<void>;
  /** Today, for the first month shown and its mark; new Date() by default. */
  today?: Date;
  /** The club, when I administer it: a day can get a club arena. */
  adminOf?: AdminClub;
  /** A club arena was created: its event is read again. */
  onArenaCreated?: () => void;
}

const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** The club's month calendar (SPEC §2): Monday first, 42 days, dots on days with notes; a day shows and adds notes. */
export function ClubCalendar({ events, onAddNote, today = new Date(), adminOf, onArenaCreated }: ClubCalendarProps) {
  const todayIso = localIsoDate(today);
  const [month, setMonth] = useState<YearMonth>(() => monthOf(today));
  const [selected, setSelected] = useState<string>(todayIso);
  const byDate = useMemo(() => eventsByDate(events.items ?? []), [events.items]);
  const cells = calendarGrid(month);
  const weeks = Array.from({ length: 6 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
  const notes = byDate.get(selected) ?? [];
  const [creating, setCreating] = useState(false);

  function pick(date: string, inMonth: boolean) {
    setSelected(date);
    if (!inMonth) {
      const [y, m] = date.split("-").map(Number);
      setMonth({ year: y ?? month.year, month: (m ?? 1) - 1 });
    }
  }

  return (
    <section className="club-calendar card" aria-labelledby="club-calendar-title">
      <div className="club-calendar__head">
        <h2 id="club-calendar-title" className="club-section-title">
          Calendar
        </h2>
        <div className="club-calendar__nav">
          <IconButton label="Previous month" onClick={() => setMonth((m) => addMonths(m, -1))}>
            <ChevronIcon direction="left" />
          </IconButton>
          <span id="club-calendar-month" className="club-calendar__month" aria-live="polite">
            {monthTitle(month)}
          </span>
          <IconButton label="Next month" onClick={() => setMonth((m) => addMonths(m, 1))}>
            <ChevronIcon direction="right" />
          </IconButton>
        </div>
      </div>
      <table className="club-calendar__grid" aria-labelledby="club-calendar-month">
        <thead>
          <tr>
            {WEEKDAYS.map((d, i) => (
              <th key={d} scope="col" abbr={WEEKDAY_NAMES[i]}>
                {d.slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.date}>
              {week.map((cell) => {
                const count = byDate.get(cell.date)?.length ?? 0;
                const classes = [
                  "club-calendar__day",
                  cell.inMonth ? "" : "is-outside",
                  cell.date === todayIso ? "is-today" : "",
                  cell.date === selected ? "is-selected" : "",
                ]
                  .filter(Boolean)
                  .join(" ");
                return (
                  <td key={cell.date}>
                    <button
                      type="button"
                      className={classes}
                      aria-pressed={cell.date === selected}
                      aria-label={`${isoLongDate(cell.date)}${count ? `, ${count} note${count === 1 ? "" : "s"}` : ""}`}
                      data-date={cell.date}
                      onClick={() => pick(cell.date, cell.inMonth)}
                    >
                      <span>{cell.day}</span>
                      {count ? (
                        <span className="club-calendar__dot" data-testid="event-dot" aria-hidden="true" />
                      ) : null}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="club-calendar__day-panel">
        <h3 className="club-calendar__day-title">{isoLongDate(selected)}</h3>
        {events.error ? (
          <p className="club-error" role="alert">
            {events.error}
          </p>
        ) : null}
        {notes.length === 0 ? (
          <p className="club-muted">No notes for this day.</p>
        ) : (
          <ul className="club-calendar__notes" aria-label={`Notes for ${isoLongDate(selected)}`}>
            {notes.map((note) => (
              <li key={note.id} className="club-calendar__note">
                {note.tournamentId ? (
                  <Link
                    className="club-calendar__note-title club-calendar__arena"
                    to={tournamentPath(note.tournamentId)}
                  >
                    <span className="club-calendar__arena-tag">Arena</span> {note.title}
                  </Link>
                ) : (
                  <span className="club-calendar__note-title">{note.title}</span>
                )}
                <span className="club-muted club-calendar__note-author">{note.author}</span>
              </li>
            ))}
          </ul>
        )}
        <NoteForm key={selected} onAdd={(title) => onAddNote(selected, title)} />
        {adminOf && selected >= todayIso ? (
          <Button className="club-calendar__new-arena" onClick={() => setCreating(true)}>
            New club arena on this day
          </Button>
        ) : null}
        {creating && adminOf ? (
          <CreateArenaModal
            club={adminOf}
            date={selected}
            onClose={() => setCreating(false)}
            onCreated={() => {
              setCreating(false);
              onArenaCreated?.();
            }}
          />
        ) : null}
      </div>
    </section>
  );
}

function NoteForm({ onAdd }: { onAdd: (title: string) => Promise<void> }) {
  const [draft, setDraft] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const title = nonBlank(draft);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!title || busy) return;
    setBusy(true);
    setError(undefined);
    try {
      await onAdd(title);
      setDraft("");
    } catch (e) {
      setError(errorMessage(undefined, e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="club-calendar__form" onSubmit={submit} noValidate>
      <label className="visually-hidden" htmlFor="club-note-input">
        New note
      </label>
      <input
        id="club-note-input"
        className="club-input"
        value={draft}
        maxLength={EVENT_TITLE_MAX}
        aria-describedby={showsCount(draft.length, EVENT_TITLE_MAX) ? "club-note-input-count" : undefined}
        placeholder="Add a note for this day…"
        autoComplete="off"
        onChange={(e) => setDraft(e.target.value)}
      />
      <Button type="submit" variant="primary" disabled={!title} busy={busy}>
        Add
      </Button>
      <LengthCount id="club-note-input-count" length={draft.length} max={EVENT_TITLE_MAX} ownRow />
      {error ? (
        <p className="club-error club-calendar__form-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
