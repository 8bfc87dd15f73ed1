CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text GENERATED ALWAYS AS ('BK-' || lpad(id::text, 7, '0')) STORED NOT NULL,
	"session_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"corporate_id" integer,
	"batch_id" uuid,
	"channel" text NOT NULL,
	"status" text DEFAULT 'Pending Payment' NOT NULL,
	"payment_type" text DEFAULT 'full' NOT NULL,
	"payment_timing" text DEFAULT 'Immediate' NOT NULL,
	"hold_expires_at" timestamp (3) with time zone,
	"original_fee" bigint NOT NULL,
	"amana_fee" bigint NOT NULL,
	"vat" bigint NOT NULL,
	"total" bigint NOT NULL,
	"amount_paid" bigint DEFAULT 0 NOT NULL,
	"booked_by_user_id" integer NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_amounts_check" CHECK ("bookings"."total" >= 0 and "bookings"."amount_paid" >= 0 and "bookings"."amount_paid" <= "bookings"."total")
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"next_value" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"payment_id" integer NOT NULL,
	"invoice_id" integer,
	"issued_at" timestamp (3) with time zone NOT NULL,
	"seller_name_en" text NOT NULL,
	"seller_name_ar" text NOT NULL,
	"seller_vat_number" text NOT NULL,
	"buyer_name" text NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal" bigint NOT NULL,
	"amana_fee" bigint NOT NULL,
	"vat" bigint NOT NULL,
	"total" bigint NOT NULL,
	"zatca_qr" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"booking_id" integer,
	"product_id" integer,
	"quantity" integer DEFAULT 1 NOT NULL,
	"payer_student_id" integer,
	"payer_corporate_id" integer,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"subtotal" bigint NOT NULL,
	"amana_fee" bigint DEFAULT 0 NOT NULL,
	"vat" bigint NOT NULL,
	"currency" text DEFAULT 'SAR' NOT NULL,
	"branch_id" integer,
	"pos_reference" text,
	"bank_name" text,
	"account_number" text,
	"iban" text,
	"wire_copy_file_id" uuid,
	"gateway" text,
	"gateway_payment_id" text,
	"card_brand" text,
	"failure_reason" text,
	"taken_by_user_id" integer,
	"paid_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_payer_check" CHECK (("payments"."payer_student_id" is null) <> ("payments"."payer_corporate_id" is null)),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" > 0 and "payments"."quantity" > 0),
	CONSTRAINT "payments_purpose_check" CHECK (("payments"."purpose" = 'booking') = ("payments"."booking_id" is not null) and ("payments"."purpose" = 'product') = ("payments"."product_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "wallet_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer,
	"corporate_id" integer,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"payment_id" integer,
	"booking_id" integer,
	"note" text,
	"created_by_user_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_entries_owner_check" CHECK (("wallet_entries"."student_id" is null) <> ("wallet_entries"."corporate_id" is null)),
	CONSTRAINT "wallet_entries_amount_check" CHECK ("wallet_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "scheduled_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"course_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"classroom_id" integer,
	"delivery" text NOT NULL,
	"language" text NOT NULL,
	"exam_type" text,
	"starts_at" timestamp (3) with time zone NOT NULL,
	"ends_at" timestamp (3) with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"seats_taken" integer DEFAULT 0 NOT NULL,
	"staff_user_id" integer,
	"series_id" uuid,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_sessions_time_check" CHECK ("scheduled_sessions"."ends_at" > "scheduled_sessions"."starts_at"),
	CONSTRAINT "scheduled_sessions_seats_check" CHECK ("scheduled_sessions"."capacity" > 0 and "scheduled_sessions"."seats_taken" >= 0 and "scheduled_sessions"."seats_taken" <= "scheduled_sessions"."capacity"),
	CONSTRAINT "scheduled_sessions_kind_check" CHECK (("scheduled_sessions"."kind" = 'exam') = ("scheduled_sessions"."exam_type" is not null)),
	CONSTRAINT "scheduled_sessions_room_check" CHECK (("scheduled_sessions"."delivery" = 'remote') = ("scheduled_sessions"."classroom_id" is null))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_session_id_scheduled_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."scheduled_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_corporate_id_corporates_id_fk" FOREIGN KEY ("corporate_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_booked_by_user_id_users_id_fk" FOREIGN KEY ("booked_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payer_student_id_students_id_fk" FOREIGN KEY ("payer_student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payer_corporate_id_corporates_id_fk" FOREIGN KEY ("payer_corporate_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_wire_copy_file_id_files_id_fk" FOREIGN KEY ("wire_copy_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_taken_by_user_id_users_id_fk" FOREIGN KEY ("taken_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_corporate_id_corporates_id_fk" FOREIGN KEY ("corporate_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_sessions" ADD CONSTRAINT "scheduled_sessions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_sessions" ADD CONSTRAINT "scheduled_sessions_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_sessions" ADD CONSTRAINT "scheduled_sessions_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_sessions" ADD CONSTRAINT "scheduled_sessions_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_sessions" ADD CONSTRAINT "scheduled_sessions_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_live_seat_key" ON "bookings" USING btree ("session_id","student_id") WHERE "bookings"."status" not in ('Cancelled', 'Expired');--> statement-breakpoint
CREATE INDEX "bookings_student_created_idx" ON "bookings" USING btree ("student_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_corporate_created_idx" ON "bookings" USING btree ("corporate_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_session_idx" ON "bookings" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "bookings_created_idx" ON "bookings" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_hold_idx" ON "bookings" USING btree ("hold_expires_at") WHERE "bookings"."status" = 'Pending Payment';--> statement-breakpoint
CREATE INDEX "bookings_batch_idx" ON "bookings" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_payment_kind_key" ON "invoices" USING btree ("payment_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE INDEX "invoices_invoice_idx" ON "invoices" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_payment_key" ON "payments" USING btree ("gateway","gateway_payment_id");--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payments_student_idx" ON "payments" USING btree ("payer_student_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_corporate_idx" ON "payments" USING btree ("payer_corporate_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_branch_paid_idx" ON "payments" USING btree ("branch_id","paid_at");--> statement-breakpoint
CREATE INDEX "wallet_entries_student_idx" ON "wallet_entries" USING btree ("student_id","id");--> statement-breakpoint
CREATE INDEX "wallet_entries_corporate_idx" ON "wallet_entries" USING btree ("corporate_id","id");--> statement-breakpoint
CREATE INDEX "scheduled_sessions_starts_at_idx" ON "scheduled_sessions" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "scheduled_sessions_branch_starts_at_idx" ON "scheduled_sessions" USING btree ("branch_id","starts_at");--> statement-breakpoint
CREATE INDEX "scheduled_sessions_course_starts_at_idx" ON "scheduled_sessions" USING btree ("course_id","starts_at");--> statement-breakpoint
CREATE INDEX "scheduled_sessions_staff_starts_at_idx" ON "scheduled_sessions" USING btree ("staff_user_id","starts_at");--> statement-breakpoint
CREATE INDEX "scheduled_sessions_series_idx" ON "scheduled_sessions" USING btree ("series_id");--> statement-breakpoint
-- A room, an instructor or an examiner is never booked twice at overlapping times (DESIGN §5):
-- exclusion constraints on the sessions' time ranges. btree_gist is a trusted extension.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "scheduled_sessions" ADD CONSTRAINT "scheduled_sessions_room_clash" EXCLUDE USING gist ("classroom_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("status" = 'scheduled' AND "classroom_id" IS NOT NULL);
--> statement-breakpoint
ALTER TABLE "scheduled_sessions" ADD CONSTRAINT "scheduled_sessions_staff_clash" EXCLUDE USING gist ("staff_user_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("status" = 'scheduled' AND "staff_user_id" IS NOT NULL);
--> statement-breakpoint
-- Invoices and credit notes are immutable: a correction is a credit note, never an edit.
CREATE FUNCTION "invoices_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'invoices are immutable' USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_immutable" BEFORE UPDATE OR DELETE ON "invoices" FOR EACH ROW EXECUTE FUNCTION "invoices_refuse_change"();
