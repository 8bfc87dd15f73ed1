ALTER TABLE "exam_attempts" ADD COLUMN "decided_at" timestamp (3) with time zone;--> statement-breakpoint
-- Hand-written: the results decided before this column, at their submission, or — where the result
-- waited for a practical score — at the row's last change, which that score's transaction set.
UPDATE "exam_attempts" SET "decided_at" = CASE
  WHEN "practical_score" IS NULL THEN "submitted_at"
  ELSE greatest("submitted_at", "updated_at")
END WHERE "result" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_decided_check" CHECK (("exam_attempts"."result" is null) = ("exam_attempts"."decided_at" is null));
