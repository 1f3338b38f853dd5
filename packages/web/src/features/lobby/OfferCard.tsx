import type { ColorChoice, GameOffer } from "@chess/shared";
import { Button } from "../../components/Button.tsx";
import { jumpstartRanges, offerTitle, TIME_CLASS_LABEL, VARIANT_LABEL } from "./lobbyStore.ts";

const COLOR_TITLE: Record<ColorChoice, string> = {
  white: "Creator plays white",
  black: "Creator plays black",
  random: "Random colours",
};

/** A disc in the creator's colour: white, black, or half of each for random. */
export function ColorIcon({ color, size = 20 }: { color: ColorChoice; size?: number }) {
  return (
    <svg className="color-icon" viewBox="0 0 20 20" width={size} height={size} aria-hidden="true" focusable="false">
      {color === "random" ? (
        <>
          <path d="M10 1a9 9 0 0 0 0 18z" fill="#f4f1ea" />
          <path d="M10 1a9 9 0 0 1 0 18z" fill="#1f1d1a" />
        </>
      ) : (
        <circle cx="10" cy="10" r="9" fill={color === "white" ? "#f4f1ea" : "#1f1d1a"} />
      )}
      <circle cx="10" cy="10" r="9" fill="none" stroke="#8b857d" strokeWidth="1.2" />
    </svg>
  );
}

export interface OfferCardProps {
  offer: GameOffer;
  mine: boolean;
  onAccept: () => void;
  onCancel: () => void;
}

/** One open offer (SPEC §2): "name / 5+3", the variant, speed, rating and the creator's colour. */
export function OfferCard({ offer, mine, onAccept, onCancel }: OfferCardProps) {
  const title = offerTitle(offer);
  const ranges = jumpstartRanges(offer);
  const details = (
    <>
      <span className="offer__head">
        {offer.variant === "standard" ? (
          <span className="offer__color" title={COLOR_TITLE[offer.selectedColor]}>
            <ColorIcon color={offer.selectedColor} />
            <span className="visually-hidden">{COLOR_TITLE[offer.selectedColor]}</span>
          </span>
        ) : null}
        <span className="offer__title">{title}</span>
      </span>
      <span className="offer__meta">
        <span>{VARIANT_LABEL[offer.variant]}</span>
        <span>{TIME_CLASS_LABEL[offer.timeClass]}</span>
        {offer.elo !== undefined ? <span>{offer.elo}</span> : null}
        {ranges ? <span>{ranges}</span> : null}
      </span>
    </>
  );

  if (mine) {
    return (
      <li className="offer offer--mine" data-offer-id={offer.offerId}>
        <span className="offer__body">{details}</span>
        <span className="offer__side">
          <span className="offer__tag">Your offer</span>
          <Button variant="ghost" className="offer__cancel" onClick={onCancel} aria-label={`Cancel offer ${title}`}>
            Cancel
          </Button>
        </span>
      </li>
    );
  }
  return (
    <li className="offer" data-offer-id={offer.offerId}>
      <button type="button" className="offer__accept" onClick={onAccept} aria-label={`Accept ${title}`}>
        <span className="offer__body">{details}</span>
        <span className="offer__side">
          <span className="offer__action" aria-hidden="true">
            Accept
          </span>
        </span>
      </button>
    </li>
  );
}
