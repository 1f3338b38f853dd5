import "./TextField.css";

/** How full a field may get before it shows how many characters it holds of its `maxLength`. */
const COUNT_FROM = 0.8;

/** Whether a field of `length` characters out of `max` shows its count. */
export const showsCount = (length: number, max: number) => length >= max * COUNT_FROM;

/**
 * "38 / 40 characters" under a field nearing its limit, so that a long name or message is not cut without a
 * word (the input's maxLength stops the typing); nothing before. Point the input's aria-describedby at `id`:
 * a screen reader reads it with the field, not at every keystroke (so it is not a live region).
 */
export function LengthCount({
  id,
  length,
  max,
  ownRow = false,
}: {
  id: string;
  length: number;
  max: number;
  /** In a one-line form that wraps (an input beside its button): the count takes a row of its own. */
  ownRow?: boolean;
}) {
  if (!showsCount(length, max)) return null;
  return (
    <p className={ownRow ? "field__count field__count--row" : "field__count"} id={id}>
      {length} / {max} characters
    </p>
  );
}
