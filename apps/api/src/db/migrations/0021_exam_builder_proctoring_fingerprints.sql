CREATE TABLE "exam_proctor_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"attempt_id" integer,
	"action" text NOT NULL,
	"reason" text NOT NULL,
	"extra_seconds" integer,
	"user_id" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_proctor_actions_reason_check" CHECK (length(btrim("exam_proctor_actions"."reason")) > 0),
	CONSTRAINT "exam_proctor_actions_extra_check" CHECK (("exam_proctor_actions"."action" = 'extra-time') = ("exam_proctor_actions"."extra_seconds" is not null and "exam_proctor_actions"."extra_seconds" > 0))
);
--> statement-breakpoint
CREATE TABLE "exam_question_stats" (
	"question_id" integer PRIMARY KEY NOT NULL,
	"drawn" integer DEFAULT 0 NOT NULL,
	"wrong" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_result_stats" (
	"course_id" integer NOT NULL,
	"language" text NOT NULL,
	"exam_type" text NOT NULL,
	"passed" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "exam_result_stats_course_id_language_exam_type_pk" PRIMARY KEY("course_id","language","exam_type")
);
--> statement-breakpoint
CREATE TABLE "sensitive_access_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"student_id" integer NOT NULL,
	"subject" text NOT NULL,
	"file_id" uuid,
	"purpose" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_fingerprints" (
	"student_id" integer PRIMARY KEY NOT NULL,
	"finger" text NOT NULL,
	"template" text NOT NULL,
	"enrolled_by_user_id" integer,
	"enrolled_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The course wizard's exam settings become the course's active exam: one row per course's exam.
INSERT INTO "exams" ("course_id", "title_en", "title_ar", "question_count", "full_marks", "passing_marks", "failed_marks", "duration_minutes", "created_at", "updated_at")
SELECT ce."course_id", c."name_en", c."name_ar", ce."question_count", ce."full_marks", ce."passing_marks", ce."failed_marks", ce."duration_minutes", ce."created_at", ce."updated_at"
FROM "course_exams" ce JOIN "courses" c ON c."id" = ce."course_id"
WHERE NOT EXISTS (SELECT 1 FROM "exams" e WHERE e."course_id" = ce."course_id" AND e."status" = 'active');--> statement-breakpoint
DROP TABLE "course_exams" CASCADE;--> statement-breakpoint
ALTER TABLE "exam_proctor_actions" ADD CONSTRAINT "exam_proctor_actions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_proctor_actions" ADD CONSTRAINT "exam_proctor_actions_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_proctor_actions" ADD CONSTRAINT "exam_proctor_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_question_stats" ADD CONSTRAINT "exam_question_stats_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_result_stats" ADD CONSTRAINT "exam_result_stats_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensitive_access_log" ADD CONSTRAINT "sensitive_access_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensitive_access_log" ADD CONSTRAINT "sensitive_access_log_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensitive_access_log" ADD CONSTRAINT "sensitive_access_log_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_fingerprints" ADD CONSTRAINT "student_fingerprints_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_fingerprints" ADD CONSTRAINT "student_fingerprints_enrolled_by_user_id_users_id_fk" FOREIGN KEY ("enrolled_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_proctor_actions_booking_idx" ON "exam_proctor_actions" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "sensitive_access_log_student_idx" ON "sensitive_access_log" USING btree ("student_id","created_at");