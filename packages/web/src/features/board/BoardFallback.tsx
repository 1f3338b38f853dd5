import kingUrl from "./king.svg";
import "./Board.css";

/** What the board area shows when the board failed to render (SPEC §8). */
export function BoardFallback() {
  return (
    <div className="board-fallback" role="alert">
      <img src={kingUrl} alt="A fallen chess king" width={96} height={96} />
      <h2>Something went wrong</h2>
      <p>The board could not be shown. Reload the page to try again.</p>
    </div>
  );
}
