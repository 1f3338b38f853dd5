import { RESULT_LABEL, type ResultKind, resultKind } from "./profileText.ts";

const PATHS: Record<ResultKind, string> = {
  win: "M4 8.5l2.5 2.5L12 5.5",
  loss: "M5 5l6 6M11 5l-6 6",
  draw: "M4.5 6.5h7M4.5 9.5h7",
};

/** A win / loss / draw mark with its word for screen readers (SPEC §2: result shown as an icon). */
export function ResultIcon({ result }: { result: boolean | null }) {
  const kind = resultKind(result);
  return (
    <span className={`result-icon result-icon--${kind}`} data-result={kind} title={RESULT_LABEL[kind]}>
      <svg viewBox="0 0 16 16" aria-hidden="true">
        <path d={PATHS[kind]} fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      <span className="visually-hidden">{RESULT_LABEL[kind]}</span>
    </span>
  );
}
