import { useOpening } from "./useOpening.ts";
import "./OpeningName.css";

/** The opening's name over a move list, as lichess shows it: "C50 Italian Game"; nothing before one is named. */
export function OpeningName({ fens }: { fens: readonly string[] }) {
  const opening = useOpening(fens);
  if (!opening) return null;
  return (
    <p className="opening-name" data-testid="opening-name">
      <span className="opening-name__eco">{opening.eco}</span> {opening.name}
    </p>
  );
}
