CREATE TABLE "attempt_questions" (
	"attempt_id" integer NOT NULL,
	"position" integer NOT NULL,
	"question_id" integer NOT NULL,
	"answer_order" integer[] NOT NULL,
	"chosen_answer_id" integer,
	"answered_at" timestamp (3) with time zone,
	CONSTRAINT "attempt_questions_attempt_id_position_pk" PRIMARY KEY("attempt_id","position")
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial" text NOT NULL,
	"attempt_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"score" numeric(7, 2) NOT NULL,
	"issued_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"valid_until" date NOT NULL,
	"signature" text NOT NULL,
	"revoked_at" timestamp (3) with time zone,
	"revoked_reason" text,
	CONSTRAINT "certificates_serial_unique" UNIQUE("serial")
);
--> statement-breakpoint
CREATE TABLE "exam_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"exam_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"started_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp (3) with time zone NOT NULL,
	"extra_seconds" integer DEFAULT 0 NOT NULL,
	"submitted_at" timestamp (3) with time zone,
	"submitted_by" text,
	"correct_count" integer,
	"written_score" numeric(7, 2),
	"practical_score" numeric(7, 2),
	"score" numeric(7, 2),
	"result" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_attempts_time_check" CHECK ("exam_attempts"."ends_at" > "exam_attempts"."started_at" and "exam_attempts"."extra_seconds" >= 0),
	CONSTRAINT "exam_attempts_submitted_check" CHECK (("exam_attempts"."status" = 'submitted') = ("exam_attempts"."submitted_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "exam_checkin_photos" (
	"booking_id" integer NOT NULL,
	"kind" text NOT NULL,
	"file_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_checkin_photos_booking_id_kind_pk" PRIMARY KEY("booking_id","kind")
);
--> statement-breakpoint
CREATE TABLE "exam_checkins" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"id_number_checked_at" timestamp (3) with time zone,
	"fingerprint_checked_at" timestamp (3) with time zone,
	"admitted_by_user_id" integer,
	"admitted_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exams" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"title_en" text NOT NULL,
	"title_ar" text NOT NULL,
	"question_count" integer NOT NULL,
	"full_marks" numeric(7, 2) NOT NULL,
	"passing_marks" numeric(7, 2) NOT NULL,
	"failed_marks" numeric(7, 2) NOT NULL,
	"duration_minutes" integer NOT NULL,
	"practical_marks" numeric(7, 2),
	"review" text DEFAULT 'score' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exams_marks_check" CHECK ("exams"."question_count" > 0 and "exams"."duration_minutes" > 0 and "exams"."full_marks" > 0 and "exams"."passing_marks" < "exams"."full_marks" and "exams"."failed_marks" >= 0 and "exams"."failed_marks" <= "exams"."passing_marks")
);
--> statement-breakpoint
CREATE TABLE "question_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"text" text NOT NULL,
	"audio_file_id" uuid,
	"is_correct" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "question_answers_text_check" CHECK (length(btrim("question_answers"."text")) > 0)
);
--> statement-breakpoint
CREATE TABLE "question_banks" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"language" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_id" integer NOT NULL,
	"item_key" uuid DEFAULT gen_random_uuid() NOT NULL,
	"text" text NOT NULL,
	"image_file_id" uuid,
	"audio_file_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"retired_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_text_check" CHECK (length(btrim("questions"."text")) > 0)
);
--> statement-breakpoint
ALTER TABLE "attempt_questions" ADD CONSTRAINT "attempt_questions_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_questions" ADD CONSTRAINT "attempt_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_questions" ADD CONSTRAINT "attempt_questions_chosen_answer_id_question_answers_id_fk" FOREIGN KEY ("chosen_answer_id") REFERENCES "public"."question_answers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_session_id_scheduled_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."scheduled_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_checkin_photos" ADD CONSTRAINT "exam_checkin_photos_booking_id_exam_checkins_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."exam_checkins"("booking_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_checkin_photos" ADD CONSTRAINT "exam_checkin_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_checkins" ADD CONSTRAINT "exam_checkins_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_checkins" ADD CONSTRAINT "exam_checkins_admitted_by_user_id_users_id_fk" FOREIGN KEY ("admitted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_answers" ADD CONSTRAINT "question_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_answers" ADD CONSTRAINT "question_answers_audio_file_id_files_id_fk" FOREIGN KEY ("audio_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_banks" ADD CONSTRAINT "question_banks_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_bank_id_question_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."question_banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_audio_file_id_files_id_fk" FOREIGN KEY ("audio_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attempt_questions_question_key" ON "attempt_questions" USING btree ("attempt_id","question_id");--> statement-breakpoint
CREATE INDEX "attempt_questions_question_idx" ON "attempt_questions" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_attempt_key" ON "certificates" USING btree ("attempt_id");--> statement-breakpoint
CREATE INDEX "certificates_student_idx" ON "certificates" USING btree ("student_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_booking_key" ON "exam_attempts" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "exam_attempts_session_idx" ON "exam_attempts" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "exam_attempts_student_idx" ON "exam_attempts" USING btree ("student_id","started_at");--> statement-breakpoint
CREATE INDEX "exam_attempts_due_idx" ON "exam_attempts" USING btree ("ends_at") WHERE "exam_attempts"."status" = 'in_progress';--> statement-breakpoint
CREATE UNIQUE INDEX "exams_active_course_key" ON "exams" USING btree ("course_id") WHERE "exams"."status" = 'active';--> statement-breakpoint
CREATE INDEX "question_answers_question_idx" ON "question_answers" USING btree ("question_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "question_answers_one_correct_key" ON "question_answers" USING btree ("question_id") WHERE "question_answers"."is_correct";--> statement-breakpoint
CREATE UNIQUE INDEX "question_banks_course_language_key" ON "question_banks" USING btree ("course_id","language");--> statement-breakpoint
CREATE UNIQUE INDEX "questions_bank_item_key" ON "questions" USING btree ("bank_id","item_key");--> statement-breakpoint
CREATE INDEX "questions_bank_idx" ON "questions" USING btree ("bank_id","position","id");