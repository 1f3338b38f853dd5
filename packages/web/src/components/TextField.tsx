import { type InputHTMLAttributes, useId } from "react";
import { LengthCount, showsCount } from "./LengthCount.tsx";
import "./TextField.css";

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  /** The visible label, which is also the input's accessible name. */
  label: string;
  /** A problem with the value, shown under the input and announced. */
  error?: string | undefined;
}

/**
 * A labelled input with its error message. A controlled field with a `maxLength` shows its count once it
 * nears the limit, so a long name is not cut without a word.
 */
export function TextField({ label, error, className, ...rest }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const countId = `${id}-count`;
  const { maxLength, value } = rest;
  const length = typeof value === "string" ? value.length : undefined;
  const counted = maxLength !== undefined && length !== undefined && showsCount(length, maxLength);
  const describedBy = [error ? errorId : null, counted ? countId : null].filter(Boolean).join(" ");
  return (
    <div className={["field", className].filter(Boolean).join(" ")}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...rest}
        id={id}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
      {counted ? <LengthCount id={countId} length={length} max={maxLength} /> : null}
    </div>
  );
}
