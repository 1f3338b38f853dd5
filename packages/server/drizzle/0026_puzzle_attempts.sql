CREATE TABLE "puzzle_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"puzzle_id" integer NOT NULL,
	"user_id" integer,
	"session_id" text,
	"solved" boolean NOT NULL,
	"moves" jsonb NOT NULL,
	"rated" boolean DEFAULT false NOT NULL,
	"rating_change" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "puzzle_ratings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"rating" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "puzzle_attempts" ADD CONSTRAINT "puzzle_attempts_puzzle_id_puzzles_id_fk" FOREIGN KEY ("puzzle_id") REFERENCES "public"."puzzles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "puzzle_attempts" ADD CONSTRAINT "puzzle_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "puzzle_ratings" ADD CONSTRAINT "puzzle_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "puzzle_attempts_user_idx" ON "puzzle_attempts" USING btree ("user_id","puzzle_id");--> statement-breakpoint
CREATE INDEX "puzzle_attempts_session_idx" ON "puzzle_attempts" USING btree ("session_id","puzzle_id");--> statement-breakpoint
CREATE INDEX "puzzle_attempts_puzzle_idx" ON "puzzle_attempts" USING btree ("puzzle_id");--> statement-breakpoint
CREATE INDEX "puzzles_rating_idx" ON "puzzles" USING btree ("rating","id");