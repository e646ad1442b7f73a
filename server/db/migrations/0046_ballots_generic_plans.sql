-- wj_ballots plans its statements once per connection (issue 19, bench/vote). PL/pgSQL plans each statement with
-- the batch's values for its first five calls, then keeps a generic plan only when its estimate is not above the
-- custom plans' average; the batch's arrays make the custom estimates small, so on some connections every call was
-- planned again: a batch of five took 1.6-2.0 ms in the database against 0.9-1.1 ms with generic plans (measured
-- on PostgreSQL 16 with track_functions and pgbench, docs/benchmarks.md "plans kept"). The plans read the batch
-- through its arrays and the vote's rows by key, so one plan fits every batch.
ALTER FUNCTION "wj_ballots"(jsonb) SET plan_cache_mode = force_generic_plan;
