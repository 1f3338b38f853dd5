-- A game against the computer has no first-move limit (lichess expires no game against its AI); its rows say so.
-- Games already stored are recognised by the computer's session id (`computer:<level>:<nonce>`, never a
-- real session's: those have no ':').
ALTER TABLE "games" ADD COLUMN "against_computer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "games" SET "against_computer" = true
  WHERE ("white_user_id" IS NULL AND "white_session_id" LIKE 'computer:%')
     OR ("black_user_id" IS NULL AND "black_session_id" LIKE 'computer:%');
