import {
  ANIMATION_SPEEDS,
  type AnimationSpeed,
  BOARD_COLORS,
  CONTACT_CHOICES,
  type ContactChoice,
  DEFAULT_PREFERENCES,
  PIECE_SETS,
  type PieceSet,
  SOUND_SETS,
  type SoundSet,
  TAKEBACK_CHOICES,
  type TakebackChoice,
  THEMES,
  type Theme,
  VOLUME_RANGE,
} from "@chess/shared";
import { type ReactNode, useId, useState } from "react";
import { Button } from "../components/Button.tsx";
import { ChangePasswordForm, CloseAccount, useIdentity } from "../features/accounts/index.ts";
import {
  BOARD_COLOR_SCHEMES,
  Board,
  type BoardColorScheme,
  PIECE_RENDERERS,
  PIECE_SET_LABELS,
} from "../features/board/index.ts";
import { DailySettings } from "../features/daily/index.ts";
import { playSound } from "../features/game/index.ts";
import {
  type PreferencesState,
  PreferredBoardLook,
  preferences,
  usePreferencesState,
} from "../features/preferences/index.ts";
import { soundChoice } from "../features/sounds/index.ts";
import { Page } from "./Page.tsx";
import "./SettingsPage.css";

const THEME_TEXT: Record<Theme, { label: string; hint: string }> = {
  system: { label: "System", hint: "Follows your device" },
  light: { label: "Light", hint: "Light background" },
  dark: { label: "Dark", hint: "Dark background" },
};

const TAKEBACK_TEXT: Record<TakebackChoice, { label: string; hint: string }> = {
  always: { label: "Always", hint: "Your opponent may ask" },
  casual: { label: "In casual games", hint: "Never in rated games" },
  never: { label: "Never", hint: "Nobody asks you" },
};

const CONTACT_TEXT: Record<ContactChoice, { label: string; hint: string }> = {
  everyone: { label: "Everyone", hint: "Any player but those you blocked" },
  friends: { label: "Friends only", hint: "Players you are friends with" },
  nobody: { label: "Nobody", hint: "Not even friends" },
};

/** A contact choice as the settings list it: its name and what it means. */
const contactChoice = (choice: ContactChoice) => (
  <span className="settings__choice-text">
    <span>{CONTACT_TEXT[choice].label}</span>
    <span className="settings__hint">{CONTACT_TEXT[choice].hint}</span>
  </span>
);

const SOUND_SET_TEXT: Record<SoundSet, { label: string; hint: string }> = {
  wood: { label: "Wood", hint: "Pieces knocked on a wooden board" },
  chime: { label: "Chime", hint: "Soft mallet notes" },
  digital: { label: "Digital", hint: "The beeps of a chess clock" },
};

const ANIMATION_LABELS: Record<AnimationSpeed, string> = { off: "Off", fast: "Fast", normal: "Normal", slow: "Slow" };

const PREVIEW_MOVED = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";

/**
 * `/settings`: theme, board, pieces, animation and sound, applied as they are chosen; a player's password, and
 * closing their account.
 */
export function SettingsPage() {
  const { identity } = useIdentity();
  const state = usePreferencesState();
  const { prefs } = state;
  const update = preferences.update;
  const [moved, setMoved] = useState(false);
  const ids = useId();

  return (
    <Page title="Settings" lead="How the site looks and sounds. Changes apply at once, on every page and every board.">
      <SaveStatus state={state} />
      <div className="settings">
        <div className="settings__sections">
          <section className="card settings__section" aria-labelledby={`${ids}-look`}>
            <h2 id={`${ids}-look`}>Appearance</h2>
            <Choices
              wide
              legend="Theme"
              name="theme"
              values={THEMES}
              value={prefs.theme}
              onChange={(theme) => update({ theme })}
            >
              {(theme) => (
                <>
                  <span className={`settings__theme-swatch settings__theme-swatch--${theme}`} aria-hidden="true" />
                  <span className="settings__choice-text">
                    <span>{THEME_TEXT[theme].label}</span>
                    <span className="settings__hint">{THEME_TEXT[theme].hint}</span>
                  </span>
                </>
              )}
            </Choices>
          </section>

          <section className="card settings__section" aria-labelledby={`${ids}-board`}>
            <h2 id={`${ids}-board`}>Board</h2>
            <Choices
              legend="Board colours"
              name="boardColors"
              values={BOARD_COLORS}
              value={prefs.boardColors}
              onChange={(boardColors) => update({ boardColors })}
            >
              {(id) => {
                const scheme = BOARD_COLOR_SCHEMES[id];
                return (
                  <>
                    <span
                      className="settings__squares"
                      aria-hidden="true"
                      style={{
                        background: `conic-gradient(${scheme.dark} 0 25%, ${scheme.light} 0 50%, ${scheme.dark} 0 75%, ${scheme.light} 0)`,
                      }}
                    />
                    <span>{scheme.label}</span>
                  </>
                );
              }}
            </Choices>
            <Choices
              wide
              legend="Pieces"
              name="pieceSet"
              values={PIECE_SETS}
              value={prefs.pieceSet}
              onChange={(pieceSet) => update({ pieceSet })}
            >
              {(set) => (
                <>
                  <PiecePreview set={set} colors={BOARD_COLOR_SCHEMES[prefs.boardColors]} />
                  <span>{PIECE_SET_LABELS[set]}</span>
                </>
              )}
            </Choices>
            <label className="settings__check">
              <input
                type="checkbox"
                checked={prefs.showCoordinates}
                onChange={(e) => update({ showCoordinates: e.target.checked })}
              />
              Show coordinates on the board
            </label>
            <Choices
              legend="Move animation"
              name="animation"
              values={ANIMATION_SPEEDS}
              value={prefs.animation}
              onChange={(animation) => {
                update({ animation });
                setMoved((m) => !m);
              }}
            >
              {(speed) => <span>{ANIMATION_LABELS[speed]}</span>}
            </Choices>
          </section>

          <section
            className="card settings__section"
            aria-labelledby={`${ids}-sound`}
            data-sound-set={prefs.soundSet}
            data-testid="sound-settings"
          >
            <h2 id={`${ids}-sound`}>Sound</h2>
            <label className="settings__check">
              <input
                type="checkbox"
                checked={prefs.soundEnabled}
                onChange={(e) => update({ soundEnabled: e.target.checked })}
              />
              Play sounds for moves, captures, checks and the end of a game
            </label>
            <Choices
              wide
              legend="Sounds"
              name="soundSet"
              values={SOUND_SETS}
              value={prefs.soundSet}
              onChange={(soundSet) => {
                update({ soundSet });
                // Choosing a set lets you hear it, as a piece set shows itself.
                const choice = soundChoice({ ...prefs, soundSet });
                if (choice) playSound("move", prefs.soundVolume, choice.set);
              }}
            >
              {(set) => (
                <span className="settings__choice-text">
                  <span>{SOUND_SET_TEXT[set].label}</span>
                  <span className="settings__hint">{SOUND_SET_TEXT[set].hint}</span>
                </span>
              )}
            </Choices>
            <div className="settings__volume">
              <label htmlFor={`${ids}-volume`}>Volume</label>
              <input
                id={`${ids}-volume`}
                type="range"
                min={VOLUME_RANGE.min}
                max={VOLUME_RANGE.max}
                step={5}
                value={prefs.soundVolume}
                disabled={!prefs.soundEnabled}
                onChange={(e) => update({ soundVolume: Number(e.target.value) })}
              />
              <output htmlFor={`${ids}-volume`}>{prefs.soundVolume}%</output>
            </div>
            <div>
              <Button
                variant="secondary"
                disabled={soundChoice(prefs) === null}
                onClick={() => playSound("move", prefs.soundVolume, prefs.soundSet)}
              >
                Play a test sound
              </Button>
            </div>
          </section>

          {identity.kind === "user" ? (
            <section className="card settings__section" aria-labelledby={`${ids}-privacy`}>
              <h2 id={`${ids}-privacy`}>Messages and challenges</h2>
              <Choices
                wide
                legend="Who can message you"
                name="messagesFrom"
                values={CONTACT_CHOICES}
                value={prefs.messagesFrom}
                onChange={(messagesFrom) => update({ messagesFrom })}
              >
                {contactChoice}
              </Choices>
              <Choices
                wide
                legend="Who can challenge you"
                name="challengesFrom"
                values={CONTACT_CHOICES}
                value={prefs.challengesFrom}
                onChange={(challengesFrom) => update({ challengesFrom })}
              >
                {contactChoice}
              </Choices>
              <p className="settings__hint">Players you blocked can do neither, whatever you choose here.</p>
            </section>
          ) : null}

          <section className="card settings__section" aria-labelledby={`${ids}-games`}>
            <h2 id={`${ids}-games`}>Games</h2>
            {identity.kind === "user" ? (
              <>
                <Choices
                  wide
                  legend="Takebacks your opponent may ask you for"
                  name="takebacks"
                  values={TAKEBACK_CHOICES}
                  value={prefs.takebacks}
                  onChange={(takebacks) => update({ takebacks })}
                >
                  {(choice) => (
                    <span className="settings__choice-text">
                      <span>{TAKEBACK_TEXT[choice].label}</span>
                      <span className="settings__hint">{TAKEBACK_TEXT[choice].hint}</span>
                    </span>
                  )}
                </Choices>
                <p className="settings__hint">
                  You answer each request; this decides whether it comes at all. It applies from your next game.
                </p>
              </>
            ) : (
              <p className="settings__hint">
                Your opponents may ask you to take back a move, and you may decline. Log in to choose whether they may
                ask.
              </p>
            )}
          </section>

          {identity.kind === "user" ? (
            <section className="card settings__section" aria-labelledby={`${ids}-daily`}>
              <DailySettings headingId={`${ids}-daily`} />
            </section>
          ) : null}

          <div className="settings__reset">
            <Button variant="ghost" onClick={() => update(DEFAULT_PREFERENCES)}>
              Reset to defaults
            </Button>
          </div>

          {identity.kind === "user" ? (
            <>
              <section className="card settings__section" aria-labelledby={`${ids}-password`}>
                <h2 id={`${ids}-password`}>Password</h2>
                <ChangePasswordForm />
              </section>
              <section className="card settings__section" aria-labelledby={`${ids}-account`}>
                <h2 id={`${ids}-account`}>Account</h2>
                <CloseAccount />
              </section>
            </>
          ) : null}
        </div>

        <aside className="settings__preview" aria-label="Preview">
          {/* The preview follows the choices by itself, whatever page holds it. */}
          <PreferredBoardLook>
            <Board id="settings-board" label="Board preview" position={moved ? PREVIEW_MOVED : "start"} />
          </PreferredBoardLook>
          <Button variant="ghost" onClick={() => setMoved((m) => !m)}>
            {moved ? "Take back 1. e4" : "Play 1. e4"}
          </Button>
        </aside>
      </div>
    </Page>
  );
}

/** A group of radio tiles, one per value. */
function Choices<T extends string>({
  legend,
  name,
  values,
  value,
  onChange,
  wide = false,
  children,
}: {
  legend: string;
  /** Roomier tiles, for choices with a picture and a longer name. */
  wide?: boolean;
  name: string;
  values: readonly T[];
  value: T;
  onChange: (value: T) => void;
  children: (value: T) => ReactNode;
}) {
  return (
    <fieldset className={wide ? "settings__choices settings__choices--wide" : "settings__choices"}>
      <legend>{legend}</legend>
      <div className="settings__choice-list">
        {values.map((v) => (
          <label key={v} className="settings__choice">
            <input type="radio" name={name} value={v} checked={v === value} onChange={() => onChange(v)} />
            {children(v)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A white knight and a black queen of the set, on squares of the chosen board colours. */
function PiecePreview({ set, colors }: { set: PieceSet; colors: BoardColorScheme }) {
  const renderers = PIECE_RENDERERS[set];
  const style = { width: "100%", height: "100%" };
  return (
    <span className="settings__pieces" aria-hidden="true">
      <span style={{ background: colors.light }}>{renderers.wN?.({ svgStyle: style })}</span>
      <span style={{ background: colors.dark }}>{renderers.bQ?.({ svgStyle: style })}</span>
    </span>
  );
}

/** Where the settings are kept, and whether the last save worked. */
function SaveStatus({ state }: { state: PreferencesState }) {
  if (state.owner === "guest") {
    return (
      <p className="settings__status" role="status">
        Saved in this browser. Log in to keep your settings with your account.
      </p>
    );
  }
  if (state.sync === "failed") {
    return (
      <p className="settings__status settings__status--error" role="status">
        Your settings could not be saved to your account: {state.error ?? "Failed"}{" "}
        <Button variant="ghost" onClick={() => preferences.retry()}>
          Try again
        </Button>
      </p>
    );
  }
  const text =
    state.sync === "loading"
      ? "Loading your saved settings…"
      : state.sync === "saving"
        ? "Saving…"
        : "Saved to your account.";
  return (
    <p className="settings__status" role="status">
      {text}
    </p>
  );
}
