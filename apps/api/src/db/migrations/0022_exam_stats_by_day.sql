ALTER TABLE "exam_question_stats" ADD COLUMN "day" date DEFAULT ((now() at time zone 'Asia/Riyadh')::date) NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_result_stats" ADD COLUMN "day" date DEFAULT ((now() at time zone 'Asia/Riyadh')::date) NOT NULL;--> statement-breakpoint
-- drizzle-kit cannot name the primary key a column declared inline (it left the drop commented out),
-- and wrote the new keys before the new columns: the drops below are by hand, the order put right.
ALTER TABLE "exam_question_stats" DROP CONSTRAINT "exam_question_stats_pkey";--> statement-breakpoint
ALTER TABLE "exam_result_stats" DROP CONSTRAINT "exam_result_stats_course_id_language_exam_type_pk";--> statement-breakpoint
ALTER TABLE "exam_question_stats" ADD CONSTRAINT "exam_question_stats_question_id_day_pk" PRIMARY KEY("question_id","day");--> statement-breakpoint
ALTER TABLE "exam_result_stats" ADD CONSTRAINT "exam_result_stats_day_course_id_language_exam_type_pk" PRIMARY KEY("day","course_id","language","exam_type");--> statement-breakpoint
-- Hand-written backfill (issue 12, statistics by date): the counts so far carry no day, so they are
-- rebuilt from the submitted attempts, each on the Riyadh day of its result — the submission, or for
-- an exam with a practical part the attempt's last change (when the practical score was entered).
DELETE FROM "exam_question_stats";--> statement-breakpoint
DELETE FROM "exam_result_stats";--> statement-breakpoint
INSERT INTO "exam_question_stats" ("question_id", "day", "drawn", "wrong", "updated_at")
SELECT aq."question_id",
  (a."submitted_at" at time zone 'Asia/Riyadh')::date,
  count(*)::int,
  (count(*) FILTER (WHERE qa."is_correct" IS NOT TRUE))::int,
  max(a."submitted_at")
FROM "attempt_questions" aq
JOIN "exam_attempts" a ON a."id" = aq."attempt_id"
LEFT JOIN "question_answers" qa ON qa."id" = aq."chosen_answer_id"
WHERE a."status" = 'submitted' AND a."submitted_at" IS NOT NULL
GROUP BY aq."question_id", (a."submitted_at" at time zone 'Asia/Riyadh')::date;--> statement-breakpoint
INSERT INTO "exam_result_stats" ("day", "course_id", "language", "exam_type", "passed", "failed")
SELECT (CASE WHEN e."practical_marks" IS NULL THEN coalesce(a."submitted_at", a."updated_at") ELSE a."updated_at" END
    at time zone 'Asia/Riyadh')::date,
  e."course_id",
  a."language",
  coalesce(s."exam_type", 'Assessment'),
  (count(*) FILTER (WHERE a."result" = 'Passed'))::int,
  (count(*) FILTER (WHERE a."result" = 'Failed'))::int
FROM "exam_attempts" a
JOIN "exams" e ON e."id" = a."exam_id"
JOIN "scheduled_sessions" s ON s."id" = a."session_id"
WHERE a."result" IS NOT NULL
GROUP BY 1, 2, 3, 4;
