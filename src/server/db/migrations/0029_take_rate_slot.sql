-- A rate limit's slot in one round trip (src/server/shared/rate-limit.ts, takeSlot): records an event under
-- `slot_key` when fewer than `max_events` were recorded after `since`, and returns its id; null when the
-- window is full. The advisory lock queues parallel takers of one key until the holder's statement commits. A
-- plpgsql function's every query reads a fresh snapshot (under READ COMMITTED), so the count after the lock
-- sees the slots committed while it waited, which one plain statement could not: its snapshot is taken before
-- it waits. Before this, the same steps were a transaction of five round trips for every guarded write.
CREATE FUNCTION take_rate_slot(slot_key text, max_events bigint, since timestamptz) RETURNS bigint
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  taken bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(slot_key, 0));
  IF (SELECT count(*) FROM rate_limit_events WHERE key = slot_key AND created_at > since) >= max_events THEN
    RETURN NULL;
  END IF;
  INSERT INTO rate_limit_events (key) VALUES (slot_key) RETURNING id INTO taken;
  RETURN taken;
END $$;
