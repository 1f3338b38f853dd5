-- A move row's clock moves from JSON into columns (moveClock.ts): each JSON clock cost the database thread,
-- which every commit waits on, a third more per row. The remaining times are the clock's own (a takeback
-- rewrote only the JSON); what the rest of a clock holds is the game's.
ALTER TABLE "game_moves" ADD COLUMN "lag_w" integer;--> statement-breakpoint
ALTER TABLE "game_moves" ADD COLUMN "lag_b" integer;--> statement-breakpoint
ALTER TABLE "game_moves" ADD COLUMN "running_since" bigint;--> statement-breakpoint
UPDATE "game_moves" SET
  "white_ms" = ("clock"->'remaining'->>'w')::numeric::integer,
  "black_ms" = ("clock"->'remaining'->>'b')::numeric::integer,
  "lag_w" = ("clock"->'lagQuota'->>'w')::numeric::integer,
  "lag_b" = ("clock"->'lagQuota'->>'b')::numeric::integer,
  "running_since" = ("clock"->>'runningSince')::numeric::bigint;
