-- The players at each rating of each leaderboard, so that a deep page starts where it should without walking
-- every player above it (an OFFSET of 70,000 index entries took 20-25 ms on PGlite). Triggers keep the count
-- in each rating's own transaction; they only append to the change log, so two games ending at once never
-- wait on one row of counts (nor deadlock on two). The leaderboards area folds the log into the counts.
CREATE TABLE "leaderboard_count_changes" (
	"variant" text NOT NULL,
	"time_class" text NOT NULL,
	"elo" integer NOT NULL,
	"players" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leaderboard_counts" (
	"variant" text NOT NULL,
	"time_class" text NOT NULL,
	"elo" integer NOT NULL,
	"players" integer NOT NULL,
	CONSTRAINT "leaderboard_counts_variant_time_class_elo_pk" PRIMARY KEY("variant","time_class","elo")
);
--> statement-breakpoint
-- Writers wait from here to the end of the migration, so no rating changes between the count and its triggers.
LOCK TABLE "ratings" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO "leaderboard_counts" ("variant", "time_class", "elo", "players")
	SELECT "variant", "time_class", "elo", count(*)::int FROM "ratings" GROUP BY 1, 2, 3;
--> statement-breakpoint
-- Statement-level, on transition tables: a bulk write logs one row per rating it touched, not one per row.
CREATE FUNCTION "leaderboard_count_ratings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO leaderboard_count_changes (variant, time_class, elo, players)
			SELECT variant, time_class, elo, count(*)::int FROM new_rows GROUP BY 1, 2, 3;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO leaderboard_count_changes (variant, time_class, elo, players)
			SELECT variant, time_class, elo, -count(*)::int FROM old_rows GROUP BY 1, 2, 3;
	ELSE
		INSERT INTO leaderboard_count_changes (variant, time_class, elo, players)
			SELECT variant, time_class, elo, sum(players)::int FROM (
				SELECT variant, time_class, elo, 1 AS players FROM new_rows
				UNION ALL SELECT variant, time_class, elo, -1 FROM old_rows
			) moved GROUP BY 1, 2, 3 HAVING sum(players) <> 0;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ratings_counted_insert" AFTER INSERT ON "ratings" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "leaderboard_count_ratings"();
--> statement-breakpoint
CREATE TRIGGER "ratings_counted_update" AFTER UPDATE ON "ratings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "leaderboard_count_ratings"();
--> statement-breakpoint
CREATE TRIGGER "ratings_counted_delete" AFTER DELETE ON "ratings" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "leaderboard_count_ratings"();
--> statement-breakpoint
CREATE FUNCTION "leaderboard_count_ratings_emptied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM leaderboard_counts;
	DELETE FROM leaderboard_count_changes;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ratings_counted_truncate" AFTER TRUNCATE ON "ratings"
	FOR EACH STATEMENT EXECUTE FUNCTION "leaderboard_count_ratings_emptied"();
