-- The range of a numeric location property: minimum_value and maximum_value
-- (existing) bound every value a write stores; value_step is the step a value
-- keeps to, counted from the minimum (NULL: any value); whole_numbers refuses
-- fractions. Values stored before a range was set stay as they are and are
-- flagged where they are shown (docs/planner-app.md, "Values within bounds").
ALTER TABLE location_property ADD COLUMN value_step double precision CHECK (value_step IS NULL OR value_step > 0);
ALTER TABLE location_property ADD COLUMN whole_numbers boolean NOT NULL DEFAULT false;
