import "./PresenceDot.css";

/**
 * A green (online) or grey (offline) dot. Alone it carries the word for screen readers; `withWord` writes the
 * word beside it for everyone, and the dot is then only a picture (the word once, not "Online Online").
 */
export function PresenceDot({ online, withWord = false }: { online: boolean; withWord?: boolean }) {
  const word = online ? "Online" : "Offline";
  const dot = online ? "presence-dot is-online" : "presence-dot";
  if (withWord) {
    return (
      <>
        <span className={dot} aria-hidden="true" />
        <span>{word}</span>
      </>
    );
  }
  return (
    <span className={dot} title={word}>
      <span className="visually-hidden">{word}</span>
    </span>
  );
}
