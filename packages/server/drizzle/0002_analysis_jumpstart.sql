CREATE TABLE "game_analyses" (
	"game_id" text PRIMARY KEY NOT NULL,
	"entries" jsonb NOT NULL,
	"nodes" integer NOT NULL,
	"engine" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jumpstart_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"preset" text NOT NULL,
	"fen" text NOT NULL,
	"eval" real NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_analyses" ADD CONSTRAINT "game_analyses_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jumpstart_positions_preset_idx" ON "jumpstart_positions" USING btree ("preset","id");