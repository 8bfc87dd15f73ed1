ALTER TABLE "refund_requests" ADD COLUMN "payout_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "payout_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "payout_error" text;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "payout_claimed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "payout_sent_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "refund_requests_payout_idx" ON "refund_requests" USING btree ("payout_status","id") WHERE "refund_requests"."payout_status" = 'pending';--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_payout_check" CHECK ("refund_requests"."payout_status" = 'none' or "refund_requests"."status" = 'approved');--> statement-breakpoint
-- Hand-written: card refunds approved before the payout queue were sent inside their approval.
UPDATE "refund_requests" AS r SET "payout_status" = 'sent', "payout_attempts" = 1, "payout_sent_at" = r."decided_at"
  FROM "payments" AS p
  WHERE p."id" = r."payment_id" AND r."status" = 'approved' AND r."payout" = 'original' AND p."method" = 'card';
