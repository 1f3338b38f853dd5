-- Arena games carry their tournament (history and profiles link to it); a club arena is a club calendar event; club
-- arenas may recur weekly or monthly; a club battle keeps its final table (the club leaderboard counts it); the
-- site's scheduled arenas are made once per slot by whichever node gets there first (a unique slot).
ALTER TABLE "club_events" ADD COLUMN "tournament_id" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "tournament_id" text;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "battle_result" jsonb;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "recurrence" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "schedule_slot" text;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_schedule_slot_unique" UNIQUE("schedule_slot");