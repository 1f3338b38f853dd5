import type { ColorChoice, GameOffer } from "@chess/shared";
import { TIME_CLASS_LABEL } from "@chess/shared";
import { useId } from "react";
import { Button } from "../../components/Button.tsx";
import { CARD_VARIANT_LABEL, jumpstartRanges, jumpstartSide, offerName, offerTitle } from "./lobbyStore.ts";

const COLOR_TITLE: Record<ColorChoice, string> = {
  white: "Creator plays white",
  black: "Creator plays black",
  random: "Random colours",
};

/** A pawn in the creator's colour: white, black, or half of each for random. */
export function ColorIcon({ color, size = 20 }: { color: ColorChoice; size?: number }) {
  const clip = useId();
  // A pawn, not a disc: a disc beside a name reads as a radio button. Each half keeps an edge of the other
  // colour so Black shows on a dark page and White on a light one.
  const pawn = (fill: string, stroke: string) => (
    <g fill={fill} stroke={stroke} strokeWidth="1.1" strokeLinejoin="round">
      <circle cx="10" cy="5.2" r="2.9" />
      <path d="M7 9h6v1.4h-1.2c.2 2.4 1 4.3 2.3 5.6v1.3H5.9V16c1.3-1.3 2.1-3.2 2.3-5.6H7z" />
      <rect x="4.6" y="17.1" width="10.8" height="1.9" rx="0.6" />
    </g>
  );
  return (
    <svg
      className={`color-icon color-icon--${color}`}
      viewBox="0 0 20 20"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      {color === "random" ? (
        <>
          <defs>
            <clipPath id={`${clip}-l`}>
              <rect x="0" y="0" width="10" height="20" />
            </clipPath>
            <clipPath id={`${clip}-r`}>
              <rect x="10" y="0" width="10" height="20" />
            </clipPath>
          </defs>
          <g clipPath={`url(#${clip}-l)`}>{pawn(LIGHT, DARK_EDGE)}</g>
          <g clipPath={`url(#${clip}-r)`}>{pawn(DARK, LIGHT_EDGE)}</g>
        </>
      ) : color === "white" ? (
        pawn(LIGHT, DARK_EDGE)
      ) : (
        pawn(DARK, LIGHT_EDGE)
      )}
    </svg>
  );
}

const LIGHT = "#f4f1ea";
const DARK = "#1f1d1a";
const DARK_EDGE = "#5a554e";
const LIGHT_EDGE = "#cfc8bd";

/** A crown: the creator plays the favoured side of a jumpstart position. */
export function CrownIcon({ size = 20 }: { size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path
        d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 10H5z"
        fill="#e7b53c"
        stroke="#8a6516"
        strokeWidth="1.3"
        strokeLinejoin="round"
      />
      <rect x="5" y="18.5" width="14" height="2.2" rx="0.6" fill="#e7b53c" stroke="#8a6516" strokeWidth="1" />
    </svg>
  );
}

/** Crossed swords: the creator takes the handicap (the worse side) of a jumpstart position. */
export function SwordsIcon({ size = 20 }: { size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      style={{ color: "var(--color-text-muted)" }}
    >
      {/* Blades in the theme's muted text colour and darker hilts: both read on light and dark cards. */}
      <g fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round">
        <path d="M4 4l11 11M20 4L9 15" />
      </g>
      <g fill="none" stroke="#b8732a" strokeWidth="2.8" strokeLinecap="round">
        <path d="M12.5 17.5l5-5M11.5 17.5l-5-5M17 17l3 3M7 17l-3 3" />
      </g>
    </svg>
  );
}

export interface OfferCardProps {
  offer: GameOffer;
  mine: boolean;
  onAccept: () => void;
  onCancel: () => void;
}

/**
 * One open offer (SPEC §2): "name / 5+3", the variant, speed, rating, and the creator's colour — or, for
 * jumpstart, the eval and move ranges with a crown (creator favoured) or swords (creator handicapped).
 */
export function OfferCard({ offer, mine, onAccept, onCancel }: OfferCardProps) {
  const title = offerTitle(offer);
  const name = offerName(offer);
  const ranges = jumpstartRanges(offer);
  const side = jumpstartSide(offer);
  const details = (
    <>
      <span className="offer__head">
        {offer.variant !== "jumpstart" ? (
          <span className="offer__color" title={COLOR_TITLE[offer.selectedColor]}>
            <ColorIcon color={offer.selectedColor} />
            <span className="visually-hidden">{COLOR_TITLE[offer.selectedColor]}</span>
          </span>
        ) : side ? (
          <span className="offer__color" title={side.title} role="img" aria-label={side.title} data-icon={side.icon}>
            {side.icon === "crown" ? <CrownIcon /> : <SwordsIcon />}
          </span>
        ) : null}
        <span className="offer__title">{title}</span>
      </span>
      <span className="offer__meta">
        <span>{CARD_VARIANT_LABEL[offer.variant]}</span>
        <span>{TIME_CLASS_LABEL[offer.timeClass]}</span>
        {offer.elo !== undefined ? <span>{offer.elo}</span> : null}
      </span>
      {ranges ? (
        <span className="offer__meta offer__ranges">
          <span>{ranges.eval}</span>
          <span>{ranges.moves}</span>
        </span>
      ) : null}
    </>
  );

  if (mine) {
    return (
      <li className="offer offer--mine" data-offer-id={offer.offerId}>
        <span className="offer__body">{details}</span>
        <span className="offer__side">
          <span className="offer__tag">Your offer</span>
          <Button variant="ghost" className="offer__cancel" onClick={onCancel} aria-label={`Cancel offer ${name}`}>
            Cancel
          </Button>
        </span>
      </li>
    );
  }
  return (
    <li className="offer" data-offer-id={offer.offerId}>
      <button type="button" className="offer__accept" onClick={onAccept} aria-label={`Accept ${name}`}>
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
