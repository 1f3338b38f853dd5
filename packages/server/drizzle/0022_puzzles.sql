-- Puzzles from players' own mistakes: the position, the only move that won or saved and its line, whose mistake it was.
CREATE TABLE "puzzles" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"ply" integer NOT NULL,
	"fen" text NOT NULL,
	"solution" jsonb NOT NULL,
	"played" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"rating" integer DEFAULT 1500 NOT NULL,
	"themes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "puzzles_game_ply_unique" UNIQUE("game_id","ply")
);
--> statement-breakpoint
ALTER TABLE "puzzles" ADD CONSTRAINT "puzzles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "puzzles_user_idx" ON "puzzles" USING btree ("user_id");