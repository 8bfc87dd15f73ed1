CREATE TABLE "amana_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_number" text NOT NULL,
	"verified_by_user_id" integer NOT NULL,
	"verified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "amana_batches_batch_number_unique" UNIQUE("batch_number")
);
--> statement-breakpoint
CREATE TABLE "amana_invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"amana_invoice_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"student_id" integer,
	"corporate_id" integer,
	"amount" bigint NOT NULL,
	"batch_id" integer,
	CONSTRAINT "amana_invoice_lines_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "amana_invoice_lines_amount_check" CHECK ("amana_invoice_lines"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "amana_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"branch_id" integer NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"issued_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "amana_invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "amana_invoices_period_check" CHECK ("amana_invoices"."period_from" <= "amana_invoices"."period_to")
);
--> statement-breakpoint
CREATE TABLE "daily_closings" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"day" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"system_cash" bigint DEFAULT 0 NOT NULL,
	"system_card" bigint DEFAULT 0 NOT NULL,
	"system_pos" bigint DEFAULT 0 NOT NULL,
	"system_wire" bigint DEFAULT 0 NOT NULL,
	"total_amount" bigint DEFAULT 0 NOT NULL,
	"cash_revenue" bigint DEFAULT 0 NOT NULL,
	"card_revenue" bigint DEFAULT 0 NOT NULL,
	"cash_amount" bigint DEFAULT 0 NOT NULL,
	"deposit_amount" bigint DEFAULT 0 NOT NULL,
	"bank_name" text,
	"note" text,
	"deposit_slip_file_id" uuid,
	"created_by_user_id" integer NOT NULL,
	"finished_by_user_id" integer,
	"finished_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_closings_amounts_check" CHECK ("daily_closings"."cash_amount" >= 0 and "daily_closings"."deposit_amount" >= 0 and "daily_closings"."total_amount" >= 0 and "daily_closings"."cash_revenue" >= 0 and "daily_closings"."card_revenue" >= 0),
	CONSTRAINT "daily_closings_finished_check" CHECK (("daily_closings"."status" = 'finished') = ("daily_closings"."finished_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"source_id" integer NOT NULL,
	"branch_id" integer,
	"memo" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"ledger_account_id" integer NOT NULL,
	"debit" bigint DEFAULT 0 NOT NULL,
	"credit" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "journal_lines_side_check" CHECK ("journal_lines"."debit" >= 0 and "journal_lines"."credit" >= 0 and ("journal_lines"."debit" = 0) <> ("journal_lines"."credit" = 0))
);
--> statement-breakpoint
CREATE TABLE "refund_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"payout" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by_user_id" integer NOT NULL,
	"decided_by_user_id" integer,
	"decided_at" timestamp (3) with time zone,
	"decision_note" text,
	"credit_note_id" integer,
	"gateway_refund_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_requests_amount_check" CHECK ("refund_requests"."amount" > 0),
	CONSTRAINT "refund_requests_four_eyes_check" CHECK ("refund_requests"."decided_by_user_id" is null or "refund_requests"."decided_by_user_id" <> "refund_requests"."requested_by_user_id"),
	CONSTRAINT "refund_requests_decided_check" CHECK (("refund_requests"."status" = 'pending') = ("refund_requests"."decided_at" is null))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "amana_batches" ADD CONSTRAINT "amana_batches_verified_by_user_id_users_id_fk" FOREIGN KEY ("verified_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amana_invoice_lines" ADD CONSTRAINT "amana_invoice_lines_amana_invoice_id_amana_invoices_id_fk" FOREIGN KEY ("amana_invoice_id") REFERENCES "public"."amana_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amana_invoice_lines" ADD CONSTRAINT "amana_invoice_lines_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amana_invoice_lines" ADD CONSTRAINT "amana_invoice_lines_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amana_invoice_lines" ADD CONSTRAINT "amana_invoice_lines_corporate_id_corporates_id_fk" FOREIGN KEY ("corporate_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amana_invoice_lines" ADD CONSTRAINT "amana_invoice_lines_batch_id_amana_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."amana_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amana_invoices" ADD CONSTRAINT "amana_invoices_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amana_invoices" ADD CONSTRAINT "amana_invoices_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_closings" ADD CONSTRAINT "daily_closings_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_closings" ADD CONSTRAINT "daily_closings_deposit_slip_file_id_files_id_fk" FOREIGN KEY ("deposit_slip_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_closings" ADD CONSTRAINT "daily_closings_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_closings" ADD CONSTRAINT "daily_closings_finished_by_user_id_users_id_fk" FOREIGN KEY ("finished_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_ledger_account_id_ledger_accounts_id_fk" FOREIGN KEY ("ledger_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_credit_note_id_invoices_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "amana_invoice_lines_invoice_idx" ON "amana_invoice_lines" USING btree ("amana_invoice_id");--> statement-breakpoint
CREATE INDEX "amana_invoices_branch_period_idx" ON "amana_invoices" USING btree ("branch_id","period_from");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_closings_branch_day_key" ON "daily_closings" USING btree ("branch_id","day");--> statement-breakpoint
CREATE INDEX "daily_closings_day_idx" ON "daily_closings" USING btree ("day","id");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_source_key" ON "journal_entries" USING btree ("source","source_id");--> statement-breakpoint
CREATE INDEX "journal_entries_day_idx" ON "journal_entries" USING btree ("day","id");--> statement-breakpoint
CREATE INDEX "journal_lines_entry_idx" ON "journal_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "journal_lines_account_idx" ON "journal_lines" USING btree ("ledger_account_id");--> statement-breakpoint
CREATE INDEX "refund_requests_status_created_idx" ON "refund_requests" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "refund_requests_payment_idx" ON "refund_requests" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_role_unique" UNIQUE("role");--> statement-breakpoint
-- Hand-written: every journal entry balances. Checked at commit (deferred), once the whole entry's
-- lines are in: a transaction that would leave an entry's debits and credits unequal is refused.
CREATE FUNCTION "journal_entry_must_balance"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entry integer := coalesce(NEW."entry_id", OLD."entry_id");
  difference bigint;
BEGIN
  SELECT coalesce(sum("debit"), 0) - coalesce(sum("credit"), 0) INTO difference
    FROM "journal_lines" WHERE "entry_id" = entry;
  IF difference <> 0 THEN
    RAISE EXCEPTION 'journal entry % does not balance (debits - credits = %)', entry, difference
      USING ERRCODE = '23514', CONSTRAINT = 'journal_entry_balanced';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "journal_lines_balanced" AFTER INSERT OR UPDATE OR DELETE ON "journal_lines"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "journal_entry_must_balance"();--> statement-breakpoint
-- Hand-written: a finished day is locked. A payment becoming paid on a day its branch has closed is
-- refused (the service answers 409 DAY_CLOSED; a correction is an entry on a later day), and a
-- finished closing is never changed.
CREATE FUNCTION "payments_refuse_closed_day"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  closing_status text;
BEGIN
  IF NEW."status" = 'paid' AND NEW."paid_at" IS NOT NULL AND NEW."branch_id" IS NOT NULL
     AND (TG_OP = 'INSERT' OR OLD."status" IS DISTINCT FROM 'paid' OR OLD."paid_at" IS DISTINCT FROM NEW."paid_at")
  THEN
    -- FOR SHARE: a finish under way (it locks the closing's row) is waited for and then seen, and a
    -- finish that starts later waits for this payment, whose takings it then counts.
    SELECT "status" INTO closing_status FROM "daily_closings"
      WHERE "branch_id" = NEW."branch_id" AND "day" = (NEW."paid_at" AT TIME ZONE 'Asia/Riyadh')::date
      FOR SHARE;
    IF closing_status = 'finished' THEN
      RAISE EXCEPTION 'the day of this payment is closed for its branch'
        USING ERRCODE = '23514', CONSTRAINT = 'payments_day_closed';
    END IF;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "payments_closed_day" BEFORE INSERT OR UPDATE ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "payments_refuse_closed_day"();--> statement-breakpoint
CREATE FUNCTION "daily_closings_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a finished daily closing cannot be changed'
    USING ERRCODE = '23514', CONSTRAINT = 'daily_closings_finished_locked';
END $$;--> statement-breakpoint
CREATE TRIGGER "daily_closings_locked" BEFORE UPDATE OR DELETE ON "daily_closings"
  FOR EACH ROW WHEN (OLD."status" = 'finished') EXECUTE FUNCTION "daily_closings_refuse_change"();
