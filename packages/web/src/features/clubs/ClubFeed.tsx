import { POST_MAX, type Post } from "@chess/shared";
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { IconButton } from "../../components/IconButton.tsx";
import { errorMessage } from "../../lib/api.ts";
import { CloseIcon, PlusIcon, RefreshIcon } from "./clubIcons.tsx";
import { nonBlank, relativeTime } from "./clubText.ts";
import type { Loaded } from "./useClubData.ts";
import "./ClubFeed.css";
import "./clubs.css";
import { LengthCount, showsCount } from "../../components/LengthCount.tsx";
import { dateAndTime } from "../../lib/dates.ts";

export interface ClubFeedProps {
  posts: Loaded<Post>;
  /** POST /post/create then reload; rejects with the failure. */
  onPublish: (text: string) => Promise<void>;
  onRefresh: () => void;
  /** "now" for relative times; Date.now by default. */
  now?: () => number;
}

/** The club's posts, newest first, with the create-post input (SPEC §2, §5). */
export function ClubFeed({ posts, onPublish, onRefresh, now = Date.now }: ClubFeedProps) {
  const [composing, setComposing] = useState(false);
  const at = now();
  return (
    <section className="club-feed card" aria-labelledby="club-feed-title">
      <div className="club-feed__head">
        <h2 id="club-feed-title" className="club-section-title">
          Posts
        </h2>
        <div className="club-feed__tools">
          <IconButton label="Refresh posts" onClick={onRefresh}>
            <RefreshIcon />
          </IconButton>
          {composing ? null : (
            <Button variant="primary" onClick={() => setComposing(true)}>
              <PlusIcon />
              Create post
            </Button>
          )}
        </div>
      </div>
      {composing ? <PostComposer onPublish={onPublish} onDone={() => setComposing(false)} /> : null}
      {posts.error ? (
        <p className="club-error" role="alert">
          {posts.error}
        </p>
      ) : null}
      {posts.items === null ? (
        <p className="club-muted">Loading posts…</p>
      ) : posts.items.length === 0 ? (
        <p className="club-muted">No posts yet. Share news, a puzzle or a game with your club.</p>
      ) : (
        <ol className="club-feed__posts">
          {posts.items.map((post) => (
            <li key={post.id} className="club-post">
              <div className="club-post__meta">
                <span className="club-post__author">{post.author}</span>
                <time
                  className="club-post__time"
                  dateTime={new Date(post.createdAt).toISOString()}
                  title={dateAndTime(post.createdAt)}
                >
                  {relativeTime(post.createdAt, at)}
                </time>
              </div>
              {/* Rendered as text: React escapes it, nothing is parsed as HTML. */}
              <p className="club-post__text">{post.text}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function PostComposer({ onPublish, onDone }: { onPublish: (text: string) => Promise<void>; onDone: () => void }) {
  const [draft, setDraft] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const text = nonBlank(draft);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text || busy) return;
    setBusy(true);
    setError(undefined);
    try {
      await onPublish(text);
      onDone();
    } catch (e) {
      setError(errorMessage(undefined, e));
      setBusy(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Escape") {
      event.preventDefault();
      onDone();
    }
  }

  return (
    <form className="club-composer" onSubmit={submit} noValidate>
      <label className="visually-hidden" htmlFor="club-post-input">
        Post text
      </label>
      <input
        id="club-post-input"
        ref={inputRef}
        className="club-input"
        value={draft}
        maxLength={POST_MAX}
        aria-describedby={showsCount(draft.length, POST_MAX) ? "club-post-input-count" : undefined}
        placeholder="Write a post…"
        autoComplete="off"
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <Button type="submit" variant="primary" disabled={!text} busy={busy}>
        Send
      </Button>
      <IconButton label="Cancel post" onClick={onDone}>
        <CloseIcon />
      </IconButton>
      <LengthCount id="club-post-input-count" length={draft.length} max={POST_MAX} ownRow />
      {error ? (
        <p className="club-error club-composer__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
