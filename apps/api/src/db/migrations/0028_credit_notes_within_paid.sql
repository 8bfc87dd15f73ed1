CREATE INDEX "invoices_credit_notes_payment_idx" ON "invoices" USING btree ("payment_id") WHERE "invoices"."kind" = 'credit_note';--> statement-breakpoint
-- Hand-written: the backstop of the settlement step (issue 24, decision 0023). Money goes back
-- through modules/settlements/, which refuses more than is left under the payment's row lock; the
-- database refuses it too, whatever code writes: a payment's credit notes never add up to more than
-- it paid (a payment not paid has nothing to credit). The payment's row is locked here as well, so
-- two credit notes of one payment are counted one after the other. DETAIL carries what is left
-- (halalas), for the 409 REFUND_EXCEEDS_REMAINING that lib/database-refusals.ts makes of it.
CREATE FUNCTION "invoices_refuse_credit_above_paid"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  paid bigint;
  credited bigint;
  remaining bigint;
BEGIN
  SELECT CASE WHEN "status" = 'paid' THEN "amount" ELSE 0 END INTO paid
    FROM "payments" WHERE "id" = NEW."payment_id" FOR UPDATE;
  SELECT coalesce(sum("total"), 0) INTO credited FROM "invoices"
    WHERE "payment_id" = NEW."payment_id" AND "kind" = 'credit_note';
  remaining := greatest(coalesce(paid, 0) - credited, 0);
  IF NEW."total" <= 0 OR NEW."total" > remaining THEN
    RAISE EXCEPTION 'a credit note of % would take payment % above what it paid (% left)',
      NEW."total", NEW."payment_id", remaining
      USING ERRCODE = '23514', CONSTRAINT = 'invoices_credit_within_paid', DETAIL = remaining::text;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "invoices_credit_within_paid" BEFORE INSERT ON "invoices"
  FOR EACH ROW WHEN (NEW."kind" = 'credit_note') EXECUTE FUNCTION "invoices_refuse_credit_above_paid"();--> statement-breakpoint
-- And a paid payment that has credit notes never stops being paid, nor pays less than they credit.
CREATE FUNCTION "payments_refuse_paid_below_credited"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  credited bigint;
BEGIN
  SELECT coalesce(sum("total"), 0) INTO credited FROM "invoices"
    WHERE "payment_id" = NEW."id" AND "kind" = 'credit_note';
  IF credited > (CASE WHEN NEW."status" = 'paid' THEN NEW."amount" ELSE 0 END) THEN
    RAISE EXCEPTION 'payment % has credit notes of %: it cannot pay less', NEW."id", credited
      USING ERRCODE = '23514', CONSTRAINT = 'payments_credit_within_paid';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "payments_credit_within_paid" BEFORE UPDATE ON "payments"
  FOR EACH ROW WHEN (OLD."status" = 'paid' AND (NEW."status" IS DISTINCT FROM 'paid' OR NEW."amount" <> OLD."amount"))
  EXECUTE FUNCTION "payments_refuse_paid_below_credited"();
