import { type ClubMember, TIME_CLASS_LABEL, TIME_CLASSES, type TimeClass, VARIANT_LABELS } from "@chess/shared";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/Button.tsx";
import { PresenceDot } from "../../components/PresenceDot.tsx";
import { SelectField } from "../../components/SelectField.tsx";
import { DEFAULT_MEMBER_SORT, type MemberSort, memberElo, sortMembers } from "./memberSort.ts";
import type { Loaded } from "./useClubData.ts";
import "./ClubMembers.css";
import "./clubs.css";

const VARIANT_OPTIONS: ReadonlyArray<{ value: MemberSort["variant"]; label: string }> = [
  { value: "standard", label: "Standard" },
  { value: "jumpstart", label: "Jumpstart" },
  { value: "fun", label: VARIANT_LABELS.fun },
];
const TIME_OPTIONS = TIME_CLASSES.map((t) => ({ value: t, label: TIME_CLASS_LABEL[t] }));
const ELO_TYPE_OPTIONS = [
  { value: "global", label: "Global" },
  { value: "club", label: "Club" },
];

/** The members with their ratings, sorted by the applied "Sort by ELO" choice (SPEC §2). */
export function ClubMembers({ members }: { members: Loaded<ClubMember> }) {
  const [draft, setDraft] = useState<MemberSort>(DEFAULT_MEMBER_SORT);
  const [applied, setApplied] = useState<MemberSort>(DEFAULT_MEMBER_SORT);
  const set = (change: Partial<MemberSort>) => setDraft((d) => ({ ...d, ...change }));
  const sorted = members.items ? sortMembers(members.items, applied) : null;

  function apply(event: FormEvent) {
    event.preventDefault();
    setApplied(draft);
  }

  return (
    <section className="club-members card" aria-labelledby="club-members-title">
      <h2 id="club-members-title" className="club-section-title">
        Members{members.items ? ` (${members.items.length})` : ""}
      </h2>
      <form className="club-members__sort" onSubmit={apply} aria-label="Sort by ELO">
        <p className="club-members__sort-title" aria-hidden="true">
          Sort by ELO
        </p>
        <SelectField
          className="club-members__field"
          label="Game variant"
          value={draft.variant}
          options={VARIANT_OPTIONS}
          onChange={(v) => set({ variant: v as MemberSort["variant"] })}
        />
        <SelectField
          className="club-members__field"
          label="Time format"
          value={draft.timeClass}
          options={TIME_OPTIONS}
          onChange={(v) => set({ timeClass: v as TimeClass })}
        />
        <SelectField
          className="club-members__field"
          label="Elo type"
          value={draft.eloType}
          options={ELO_TYPE_OPTIONS}
          onChange={(v) => set({ eloType: v as MemberSort["eloType"] })}
        />
        <Button type="submit" className="club-members__apply">
          Apply
        </Button>
      </form>
      {members.error ? (
        <p className="club-error" role="alert">
          {members.error}
        </p>
      ) : null}
      {sorted === null ? (
        <p className="club-muted">Loading members…</p>
      ) : (
        <ol className="club-members__list" aria-label="Members by rating">
          {sorted.map((m, i) => (
            <li key={m.id}>
              <Link className="club-member" to={`/profile?username=${encodeURIComponent(m.username)}`}>
                <span className="club-member__rank">{i + 1}</span>
                <PresenceDot online={m.online} />
                <span className="club-member__name">{m.username}</span>
                {m.role === "administrator" ? <span className="club-badge">Admin</span> : null}
                <span className="club-member__elo">{memberElo(m, applied)}</span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
