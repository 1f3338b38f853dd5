import "./PresenceDot.css";

/** A green (online) or grey (offline) dot, with the word for screen readers. */
export function PresenceDot({ online }: { online: boolean }) {
  const word = online ? "Online" : "Offline";
  return (
    <span className={online ? "presence-dot is-online" : "presence-dot"} title={word}>
      <span className="visually-hidden">{word}</span>
    </span>
  );
}
