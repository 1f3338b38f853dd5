import { useId } from "react";
import "./SelectField.css";

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps {
  /** The visible label, which is also the select's accessible name. */
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  disabled?: boolean;
  /** A line under the select saying why it is as it is (e.g. why it is disabled), linked to it. */
  hint?: string | undefined;
  className?: string;
}

/** A labelled drop-down; filters and sort forms use it. */
export function SelectField({ label, value, options, onChange, disabled, hint, className }: SelectFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={["select-field", className].filter(Boolean).join(" ")}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint ? (
        <span id={hintId} className="select-field__hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}
