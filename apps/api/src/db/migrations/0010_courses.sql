CREATE TABLE "course_exams" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"question_count" integer NOT NULL,
	"full_marks" integer NOT NULL,
	"passing_marks" integer NOT NULL,
	"failed_marks" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_exams_course_id_unique" UNIQUE("course_id"),
	CONSTRAINT "course_exams_marks_check" CHECK ("course_exams"."failed_marks" >= 0 and "course_exams"."failed_marks" < "course_exams"."passing_marks" and "course_exams"."passing_marks" < "course_exams"."full_marks"),
	CONSTRAINT "course_exams_counts_check" CHECK ("course_exams"."question_count" > 0 and "course_exams"."duration_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "course_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title_en" text NOT NULL,
	"title_ar" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"training_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_sessions_duration_check" CHECK ("course_sessions"."duration_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"sector" text NOT NULL,
	"language" text NOT NULL,
	"level" text NOT NULL,
	"fee_setup_id" integer NOT NULL,
	"image_file_id" uuid,
	"description_en" text,
	"description_ar" text,
	"status" text DEFAULT 'active' NOT NULL,
	"wizard_step" text DEFAULT 'details' NOT NULL,
	"created_by_user_id" integer,
	"search_text" text GENERATED ALWAYS AS (lower(name_en || ' ' || name_ar)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_exams" ADD CONSTRAINT "course_exams_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_sessions" ADD CONSTRAINT "course_sessions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_fee_setup_id_fee_setups_id_fk" FOREIGN KEY ("fee_setup_id") REFERENCES "public"."fee_setups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "course_sessions_course_position_key" ON "course_sessions" USING btree ("course_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "courses_name_en_key" ON "courses" USING btree (lower("name_en"));--> statement-breakpoint
CREATE UNIQUE INDEX "courses_name_ar_key" ON "courses" USING btree ("name_ar");--> statement-breakpoint
CREATE INDEX "courses_created_at_idx" ON "courses" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "courses_search_text_trgm_idx" ON "courses" USING gin ("search_text" gin_trgm_ops);