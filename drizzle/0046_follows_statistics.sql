-- Follows are skewed: a few people follow hundreds, most follow a handful. With the default
-- sample the planner takes anyone's follows for a handful, and "Friends going" then walks a
-- heavy follower's 500 follows probing each for a mark, where the concert's few marks probed
-- for a follow cost a tenth. A larger sample keeps the heavy followers' counts known.
ALTER TABLE "user_follows" ALTER COLUMN "follower_id" SET STATISTICS 1000;
--> statement-breakpoint
ANALYZE "user_follows";
