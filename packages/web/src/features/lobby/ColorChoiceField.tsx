import { COLOR_CHOICES, type ColorChoice } from "@chess/shared";
import { ColorIcon } from "./OfferCard.tsx";
import "./CreateGameModal.css";

const COLOR_LABEL: Record<ColorChoice, string> = { white: "White", random: "Random", black: "Black" };
/** White, random, black: left to right as on lichess. */
const COLOR_ORDER: readonly ColorChoice[] = ["white", "random", "black"];

/** "Your colour": white, random or black, as radio buttons with a pawn each (Create Game, Play the computer). */
export function ColorChoiceField({
  name,
  value,
  onChange,
}: {
  /** The radio group's name, unique on the page. */
  name: string;
  value: ColorChoice;
  onChange: (color: ColorChoice) => void;
}) {
  return (
    <fieldset className="create-game__colors">
      <legend className="field__label">Your colour</legend>
      <div className="create-game__color-options">
        {COLOR_ORDER.filter((c) => COLOR_CHOICES.includes(c)).map((color) => (
          <label key={color} className="create-game__color">
            <input type="radio" name={name} value={color} checked={value === color} onChange={() => onChange(color)} />
            <ColorIcon color={color} size={28} />
            <span>{COLOR_LABEL[color]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
