import type { FormEvent } from "react";
import { Button } from "./Button.tsx";
import { LengthCount, showsCount } from "./LengthCount.tsx";
import "./TextField.css";
import "./MessageComposer.css";
import { trimInvisible } from "@chess/shared";

export interface MessageComposerProps {
  /** The input's id (its label points at it): unique on the page. */
  inputId: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (event: FormEvent) => void;
  maxLength: number;
  placeholder: string;
  /** A send is under way: the button shows it and takes no second click. */
  sending: boolean;
}

/** One line to type a message and a Send button, sending on Enter: the chats' and the conversations'. */
export function MessageComposer({
  inputId,
  value,
  onChange,
  onSubmit,
  maxLength,
  placeholder,
  sending,
}: MessageComposerProps) {
  const countId = `${inputId}-count`;
  return (
    <form className="composer" onSubmit={onSubmit}>
      <label className="visually-hidden" htmlFor={inputId}>
        Message
      </label>
      <input
        id={inputId}
        className="field__input composer__input"
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        autoComplete="off"
        aria-describedby={showsCount(value.length, maxLength) ? countId : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <Button type="submit" variant="primary" disabled={!trimInvisible(value)} busy={sending}>
        Send
      </Button>
      <LengthCount id={countId} length={value.length} max={maxLength} ownRow />
    </form>
  );
}
