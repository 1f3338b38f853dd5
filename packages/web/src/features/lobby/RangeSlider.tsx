import type { CSSProperties } from "react";
import "./RangeSlider.css";

export interface RangeSliderProps {
  /** DOM id prefix: the two inputs get `${id}-min` and `${id}-max`. */
  id: string;
  /** The field's name, e.g. "Evaluation (pawns)"; each thumb is labelled "Lowest …" / "Highest …". */
  label: string;
  value: { min: number; max: number };
  bounds: { min: number; max: number; step: number };
  /** Formats a value for the live readout, e.g. (v) => `${v}`. */
  format?: (value: number) => string;
  /** One end moved; the caller keeps lower ≤ upper (see moveRangeEnd). */
  onChange: (end: "min" | "max", value: number) => void;
  disabled?: boolean;
  /** Between the two values in the readout: an en dash by default; " to " reads better around negatives. */
  separator?: string;
}

/**
 * A dual-range slider: two range inputs over one track, the span between them highlighted. Each thumb is
 * a native range input, so keyboard and screen readers work as usual.
 */
export function RangeSlider({
  id,
  label,
  value,
  bounds,
  format = String,
  onChange,
  disabled,
  separator = "\u2013",
}: RangeSliderProps) {
  const span = bounds.max - bounds.min || 1;
  const style = {
    "--range-from": `${((value.min - bounds.min) / span) * 100}%`,
    "--range-to": `${((value.max - bounds.min) / span) * 100}%`,
  } as CSSProperties;
  // When both thumbs sit at the top the lower one must stay on top, or it could never be dragged back.
  const lowerOnTop = value.min >= bounds.max - bounds.step / 2;
  return (
    <fieldset className="range-slider" aria-labelledby={`${id}-label`}>
      <div className="range-slider__head">
        <span id={`${id}-label`} className="field__label">
          {label}
        </span>
        <output className="range-slider__value" htmlFor={`${id}-min ${id}-max`} aria-live="polite">
          {format(value.min)}
          {separator}
          {format(value.max)}
        </output>
      </div>
      <div className="range-slider__track" style={style}>
        <input
          id={`${id}-min`}
          type="range"
          className={`range-slider__input${lowerOnTop ? " range-slider__input--top" : ""}`}
          aria-label={`Lowest ${label.toLowerCase()}`}
          min={bounds.min}
          max={bounds.max}
          step={bounds.step}
          value={value.min}
          disabled={disabled}
          onChange={(e) => onChange("min", Number(e.target.value))}
        />
        <input
          id={`${id}-max`}
          type="range"
          className="range-slider__input"
          aria-label={`Highest ${label.toLowerCase()}`}
          min={bounds.min}
          max={bounds.max}
          step={bounds.step}
          value={value.max}
          disabled={disabled}
          onChange={(e) => onChange("max", Number(e.target.value))}
        />
      </div>
    </fieldset>
  );
}
