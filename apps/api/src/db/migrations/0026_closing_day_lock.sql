-- Hand-written: the closed-day lock, made whole (issue 13 review).
--
-- 1. Only the till's methods are refused on a finished day. Cash and POS are taken at the counter,
--    so a finished day takes no more of them; a card is charged by the gateway and a wire is in the
--    bank before we confirm them, so refusing their confirmation would leave money taken with no
--    record. A card or wire confirmed after the closing is counted on its day by the reports; the
--    closing keeps the totals it saw.
-- 2. A movement and a finish of the same branch and day are ordered by a transaction-level
--    advisory lock on (branch, day): shared for a movement (many at once), exclusive for the
--    finish. A movement under way makes the finish wait and then count it; a finish under way
--    makes the movement wait and then see the day finished. The closing's row is read without a
--    lock, so a finish holding that row never waits on a movement that waits on the row.
--    The refund approval takes the same lock (modules/daily-closings/open-day.ts).
CREATE OR REPLACE FUNCTION "payments_refuse_closed_day"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  closing_day date;
  closing_status text;
BEGIN
  IF NEW."status" = 'paid' AND NEW."paid_at" IS NOT NULL AND NEW."branch_id" IS NOT NULL
     AND NEW."method" IN ('cash', 'pos')
     AND (TG_OP = 'INSERT' OR OLD."status" IS DISTINCT FROM 'paid' OR OLD."paid_at" IS DISTINCT FROM NEW."paid_at")
  THEN
    closing_day := (NEW."paid_at" AT TIME ZONE 'Asia/Riyadh')::date;
    PERFORM pg_advisory_xact_lock_shared(NEW."branch_id", closing_day - DATE '2000-01-01');
    SELECT "status" INTO closing_status FROM "daily_closings"
      WHERE "branch_id" = NEW."branch_id" AND "day" = closing_day;
    IF closing_status = 'finished' THEN
      RAISE EXCEPTION 'the day of this payment is closed for its branch'
        USING ERRCODE = '23514', CONSTRAINT = 'payments_day_closed';
    END IF;
  END IF;
  RETURN NEW;
END $$;
