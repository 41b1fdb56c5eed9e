-- How a heat-map set is drawn: 'density' for a count (spread by a kernel and
-- summed), 'rate' for a value per inhabitant or a share (a choropleth per
-- area). Existing sets stay densities.
ALTER TABLE heat_map_set ADD COLUMN rendering text NOT NULL DEFAULT 'density' CHECK (rendering IN ('density', 'rate'));
