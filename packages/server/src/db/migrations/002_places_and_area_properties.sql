-- The gazetteer of places searched by name (GeoNames, loaded at first start),
-- and the definitions of area properties (titles, short titles for the
-- report's top-areas table, data types and rounding).

CREATE TABLE place (
  id          integer PRIMARY KEY,              -- GeoNames id
  name        text NOT NULL,
  country     text NOT NULL,
  population  integer NOT NULL,
  latitude    double precision NOT NULL,
  longitude   double precision NOT NULL
);
CREATE INDEX place_position ON place(latitude, longitude);
CREATE INDEX place_name ON place(lower(name));

CREATE TABLE area_property (
  id               serial PRIMARY KEY,
  area_set_id      integer NOT NULL REFERENCES area_set(id) ON DELETE CASCADE,
  name             text NOT NULL,
  title            text,
  title_short      text,
  data_type        smallint NOT NULL DEFAULT 1,
  rounding_digits  smallint NOT NULL DEFAULT 0,
  sort_order       integer NOT NULL DEFAULT 0,
  UNIQUE (area_set_id, name)
);
