-- A run's rows are a partition of their own (0025): the key (id, run_id) pages them in id order; (run_id, id) only repeated it.
DROP INDEX "reconciliation_rows_page";