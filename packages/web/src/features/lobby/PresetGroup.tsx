import "./CreateGameModal.css";

/**
 * One titled group of time-control buttons (Create Game's "Bullet", the computer's "Rapid", "No clock"): the
 * pressed one is `selected`, a press picks its label.
 */
export function PresetGroup({
  id,
  title,
  labels,
  selected,
  onPick,
  buttonClassName,
}: {
  /** The heading's id, unique on the page. */
  id: string;
  title: string;
  labels: readonly string[];
  selected: string | undefined;
  onPick: (label: string) => void;
  buttonClassName?: string;
}) {
  return (
    <fieldset className="create-game__group" aria-labelledby={id}>
      <h3 id={id} className="create-game__group-title">
        {title}
      </h3>
      <div className="create-game__group-buttons">
        {labels.map((label) => (
          <button
            key={label}
            type="button"
            className={buttonClassName ? `create-game__preset ${buttonClassName}` : "create-game__preset"}
            aria-pressed={selected === label}
            onClick={() => onPick(label)}
          >
            {label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
