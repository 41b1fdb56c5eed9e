-- Initial schema of Locus. Names follow the spec's entities (spec point 3).

-- Models and sub-models share one id sequence, so an id in a path such as
-- /api/models/{submodelId}/... identifies either without ambiguity.
CREATE SEQUENCE model_id_seq;

-- Accounts of the built-in identity provider (the "directory").
CREATE TABLE login (
  id              serial PRIMARY KEY,
  identity        text NOT NULL UNIQUE,          -- sign-in name, lower-case e-mail
  display_name    text NOT NULL,
  email           text NOT NULL,
  password_hash   text NOT NULL,                 -- scrypt, see identity/passwords.ts
  mfa             boolean NOT NULL DEFAULT false,
  created         timestamptz NOT NULL DEFAULT now(),
  password_changed timestamptz NOT NULL DEFAULT now()
);

-- Users known to the application, synchronised from the directory.
CREATE TABLE app_user (
  id                      serial PRIMARY KEY,
  subject                 text NOT NULL UNIQUE,  -- the token's sub claim
  title                   text NOT NULL,         -- display name
  email                   text,
  is_global_admin         boolean NOT NULL DEFAULT false,
  deleted_from_directory  boolean NOT NULL DEFAULT false,
  created                 timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE model (
  id                        integer PRIMARY KEY DEFAULT nextval('model_id_seq'),
  name                      text NOT NULL,
  language                  text,
  main_logo                 text,                -- SVG or data held by the server
  main_logo_url             text,                -- link opened from the logo
  secondary_logo            text,
  secondary_logo_url        text,
  map_provider              smallint NOT NULL DEFAULT 0,
  map_ranges                jsonb NOT NULL DEFAULT '[]',
  locations_type            text NOT NULL,
  location_groups_type      smallint NOT NULL DEFAULT 1,
  location_clusters_type    smallint NOT NULL DEFAULT 0,
  areas_type                text NOT NULL,
  location_group_mandatory  boolean NOT NULL DEFAULT false,
  currency                  text NOT NULL DEFAULT 'EUR',
  output_type               smallint NOT NULL DEFAULT 1,
  output_location_property_id integer,
  actual_output_location_property_id integer,
  scenario_hierarchy        boolean NOT NULL DEFAULT true,
  display_location_photo    boolean NOT NULL DEFAULT false,
  location_report_format    text,
  scenario_report_format    text,
  catchment_area_mode       smallint NOT NULL DEFAULT 0,
  allow_multiple_heat_map_sets boolean NOT NULL DEFAULT false,
  allow_multiple_poi_sets   boolean NOT NULL DEFAULT true,
  modified                  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sub_model (
  id          integer PRIMARY KEY DEFAULT nextval('model_id_seq'),
  model_id    integer NOT NULL REFERENCES model(id) ON DELETE CASCADE,
  name        text NOT NULL,
  parameters  jsonb NOT NULL,                    -- ModelParameters of the contract
  sort_order  integer NOT NULL DEFAULT 0,
  modified    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sub_model_model ON sub_model(model_id);

CREATE TABLE model_user (
  model_id  integer NOT NULL REFERENCES model(id) ON DELETE CASCADE,
  user_id   integer NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  is_admin  boolean NOT NULL DEFAULT false,
  PRIMARY KEY (model_id, user_id)
);
CREATE INDEX model_user_user ON model_user(user_id);

CREATE TABLE location_group (
  id          serial PRIMARY KEY,
  model_id    integer NOT NULL REFERENCES model(id) ON DELETE CASCADE,
  code        text NOT NULL,
  name        text NOT NULL,
  selectable  boolean NOT NULL DEFAULT true,
  color       text NOT NULL DEFAULT '#607d8b',   -- brand colour of the icon
  icon_svg    text,                              -- optional own icon
  sort_order  integer NOT NULL DEFAULT 0,
  modified    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (model_id, code)
);

CREATE TABLE location_cluster (
  id         serial PRIMARY KEY,
  model_id   integer NOT NULL REFERENCES model(id) ON DELETE CASCADE,
  name       text NOT NULL,
  latitude   double precision NOT NULL,
  longitude  double precision NOT NULL
);
CREATE INDEX location_cluster_model ON location_cluster(model_id);

CREATE TABLE poi_set (
  id         serial PRIMARY KEY,
  model_id   integer NOT NULL REFERENCES model(id) ON DELETE CASCADE,
  name       text NOT NULL,
  title      text NOT NULL,
  category   text NOT NULL,
  logo_svg   text NOT NULL,
  logo_hash  text NOT NULL
);

CREATE TABLE poi (
  id          serial PRIMARY KEY,
  poi_set_id  integer NOT NULL REFERENCES poi_set(id) ON DELETE CASCADE,
  name        text NOT NULL,
  latitude    double precision NOT NULL,
  longitude   double precision NOT NULL
);
CREATE INDEX poi_set_idx ON poi(poi_set_id);

-- Definitions of location properties (the values live in location_version).
CREATE TABLE location_property (
  id                    serial PRIMARY KEY,
  model_id              integer NOT NULL REFERENCES model(id) ON DELETE CASCADE,
  sub_model_id          integer REFERENCES sub_model(id) ON DELETE CASCADE,
  name                  text NOT NULL,
  title                 text,
  description           text,
  label                 text,
  property_type         smallint NOT NULL DEFAULT 0,   -- 4 = output
  data_type             smallint NOT NULL DEFAULT 1,   -- see decisions: 0 text .. 5 yes/no
  auto_calculate_type   smallint NOT NULL DEFAULT 0,   -- 6 = POIs in range
  poi_set_id            integer REFERENCES poi_set(id) ON DELETE SET NULL,
  poi_range_meters      double precision,
  visible               boolean NOT NULL DEFAULT true,
  view_location         smallint,                      -- null: not in drawer; 0 left, 1 right column
  section_name          text,
  section_title         text,
  section_label         text,
  section_view_order    integer NOT NULL DEFAULT 0,
  section_view_size     integer NOT NULL DEFAULT 12,
  section_secondary     boolean NOT NULL DEFAULT false,
  default_value         text,
  minimum_value         double precision,
  maximum_value         double precision,
  rounding_digits       smallint NOT NULL DEFAULT 0,
  title_short           text,
  choices               jsonb,                          -- [{key, value}]
  range_color           jsonb,                          -- {minimumValue, maximumValue, minimumColor, maximumColor}
  dependency_expression text,
  hidden_in_export      boolean NOT NULL DEFAULT false,
  sort_order            integer NOT NULL DEFAULT 0,
  UNIQUE (model_id, name)
);

CREATE TABLE scenario (
  id                  serial PRIMARY KEY,
  model_id            integer NOT NULL REFERENCES model(id) ON DELETE CASCADE,
  name                text NOT NULL,
  status              smallint NOT NULL DEFAULT 0,
  parent_scenario_id  integer REFERENCES scenario(id),
  is_top              boolean NOT NULL DEFAULT false,
  competition         boolean NOT NULL DEFAULT false,
  created             timestamptz NOT NULL DEFAULT now(),
  modified            timestamptz NOT NULL DEFAULT now(),
  created_by          integer REFERENCES app_user(id) ON DELETE SET NULL,
  -- processing queue: who claimed the scenario and when (see processing/)
  processing_requested_by integer REFERENCES app_user(id) ON DELETE SET NULL,
  claimed_by          text,
  claimed_at          timestamptz,
  heartbeat_at        timestamptz
);
CREATE INDEX scenario_model ON scenario(model_id);
CREATE INDEX scenario_parent ON scenario(parent_scenario_id);
CREATE INDEX scenario_status ON scenario(status);

-- A location's identity. Its attributes per scenario are in location_version.
CREATE TABLE location (
  id                   serial PRIMARY KEY,
  model_id             integer NOT NULL REFERENCES model(id) ON DELETE CASCADE,
  type                 smallint NOT NULL DEFAULT 1,     -- 1 shop, 2 retail area, 4, 5
  created_scenario_id  integer NOT NULL REFERENCES scenario(id) ON DELETE CASCADE
);
CREATE INDEX location_model ON location(model_id);

-- The state of a location as a scenario sets it. The base scenario holds one
-- row (change_type 0) per base location; a child scenario holds a row only for
-- what it changes (1 opened, 2 closed, 3 edited). The effective location in a
-- scenario is the row of the nearest scenario on its path to the base.
CREATE TABLE location_version (
  scenario_id          integer NOT NULL REFERENCES scenario(id) ON DELETE CASCADE,
  location_id          integer NOT NULL REFERENCES location(id) ON DELETE CASCADE,
  change_type          smallint NOT NULL,
  name                 text NOT NULL,
  latitude             double precision NOT NULL,
  longitude            double precision NOT NULL,
  visibility           smallint NOT NULL DEFAULT 0,
  excluded             boolean NOT NULL DEFAULT false,
  location_group_id    integer REFERENCES location_group(id) ON DELETE SET NULL,
  location_cluster_id  integer REFERENCES location_cluster(id) ON DELETE SET NULL,
  properties           jsonb NOT NULL DEFAULT '{}',     -- { propertyName: string | number }
  modified             timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scenario_id, location_id)
);
CREATE INDEX location_version_location ON location_version(location_id);

CREATE TABLE location_photo (
  location_id   integer PRIMARY KEY REFERENCES location(id) ON DELETE CASCADE,
  content_type  text NOT NULL,
  image         bytea NOT NULL
);

CREATE TABLE area_set (
  id                              serial PRIMARY KEY,
  model_id                        integer NOT NULL REFERENCES model(id) ON DELETE CASCADE,
  name                            text NOT NULL,
  slug                            text NOT NULL UNIQUE,
  title                           text NOT NULL,
  hover                           boolean NOT NULL DEFAULT true,
  is_white_spot                   boolean NOT NULL DEFAULT false,
  map_tiles_zoom_levels_available jsonb NOT NULL DEFAULT '[]',
  color_property                  text,              -- property that colours the tiles
  color_ramp                      jsonb,             -- [minColor, maxColor]
  person_type                     text
);

CREATE TABLE area (
  id           bigserial PRIMARY KEY,
  area_set_id  integer NOT NULL REFERENCES area_set(id) ON DELETE CASCADE,
  code         text NOT NULL,
  person_type  text,
  properties   jsonb NOT NULL DEFAULT '{}',
  latitude     double precision NOT NULL,          -- centroid
  longitude    double precision NOT NULL,
  min_lng      double precision NOT NULL,
  min_lat      double precision NOT NULL,
  max_lng      double precision NOT NULL,
  max_lat      double precision NOT NULL,
  geometry     jsonb NOT NULL,                     -- GeoJSON Polygon or MultiPolygon
  UNIQUE (area_set_id, code)
);
CREATE INDEX area_bbox ON area(area_set_id, min_lng, max_lng);

CREATE TABLE iso_line_set (
  id                       serial PRIMARY KEY,
  model_id                 integer NOT NULL REFERENCES model(id) ON DELETE CASCADE,
  name                     text NOT NULL,
  title                    text NOT NULL,
  maximum_minutes          integer NOT NULL,
  minutes                  integer NOT NULL,
  profile                  text NOT NULL,          -- car | pedestrian
  provider                 smallint NOT NULL DEFAULT 0,
  base_url                 text,
  parameters               text,
  post_processing_actions  jsonb NOT NULL DEFAULT '[]'
);

CREATE TABLE isoline (
  location_id      integer NOT NULL REFERENCES location(id) ON DELETE CASCADE,
  iso_line_set_id  integer NOT NULL REFERENCES iso_line_set(id) ON DELETE CASCADE,
  latitude         double precision NOT NULL,
  longitude        double precision NOT NULL,
  minutes          integer NOT NULL,
  geometry         jsonb NOT NULL,
  computed         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (location_id, iso_line_set_id)
);

CREATE TABLE catchment_area (
  id               serial PRIMARY KEY,
  model_id         integer NOT NULL REFERENCES model(id) ON DELETE CASCADE,
  name             text NOT NULL,
  title            text NOT NULL,
  area_set_id      integer NOT NULL REFERENCES area_set(id) ON DELETE CASCADE,
  iso_line_set_id  integer REFERENCES iso_line_set(id) ON DELETE SET NULL,
  on_map           boolean NOT NULL DEFAULT false,
  is_demand        boolean NOT NULL DEFAULT false,  -- the demand area set of the model
  sort_order       integer NOT NULL DEFAULT 0
);

CREATE TABLE catchment_area_zone (
  id                    serial PRIMARY KEY,
  model_id              integer NOT NULL REFERENCES model(id) ON DELETE CASCADE,
  title                 text NOT NULL,
  color                 text NOT NULL,
  catchment_area_name   text NOT NULL,
  sort_order            integer NOT NULL DEFAULT 0
);

CREATE TABLE heat_map_set (
  id        serial PRIMARY KEY,
  model_id  integer NOT NULL REFERENCES model(id) ON DELETE CASCADE,
  name      text NOT NULL,
  title     text NOT NULL
);

CREATE TABLE heat_map_point (
  heat_map_set_id  integer NOT NULL REFERENCES heat_map_set(id) ON DELETE CASCADE,
  latitude         double precision NOT NULL,
  longitude        double precision NOT NULL,
  weight           smallint NOT NULL CHECK (weight BETWEEN 0 AND 255)
);
CREATE INDEX heat_map_point_set ON heat_map_point(heat_map_set_id);

CREATE TABLE normalized_scores_function (
  id             serial PRIMARY KEY,
  model_id       integer NOT NULL REFERENCES model(id) ON DELETE CASCADE,
  title          text NOT NULL,
  function       text NOT NULL,
  weight         double precision NOT NULL DEFAULT 1,
  default_value  double precision NOT NULL DEFAULT 1,
  type           smallint NOT NULL DEFAULT 1,
  sort_order     integer NOT NULL DEFAULT 0
);

CREATE TABLE driver_filter (
  id          serial PRIMARY KEY,
  model_id    integer NOT NULL REFERENCES model(id) ON DELETE CASCADE,
  title       text NOT NULL,
  function    text NOT NULL,
  sort_order  integer NOT NULL DEFAULT 0
);

CREATE TABLE driver (
  id                serial PRIMARY KEY,
  driver_filter_id  integer NOT NULL REFERENCES driver_filter(id) ON DELETE CASCADE,
  title             text NOT NULL,
  function          text NOT NULL,
  weight            double precision NOT NULL DEFAULT 100,
  rounding_digits   smallint NOT NULL DEFAULT 2,
  inverse           boolean NOT NULL DEFAULT false,
  sort_order        integer NOT NULL DEFAULT 0
);

CREATE TABLE processing_log (
  id                  serial PRIMARY KEY,
  scenario_id         integer REFERENCES scenario(id) ON DELETE SET NULL,
  model_id            integer NOT NULL REFERENCES model(id) ON DELETE CASCADE,
  scenario_name       text NOT NULL,
  scheduled           timestamptz NOT NULL DEFAULT now(),
  started             timestamptz,
  isolines_missing    timestamptz,
  ended               timestamptz,
  user_name           text,
  error               text
);
CREATE INDEX processing_log_model ON processing_log(model_id, id DESC);

-- The application log read by the log viewer (event types 8 info, 4 warning, 2 error).
CREATE TABLE log (
  id            bigserial PRIMARY KEY,
  date_time_utc timestamptz NOT NULL DEFAULT now(),
  user_name     text,
  source        text NOT NULL,
  event_type    smallint NOT NULL,
  message       text NOT NULL
);
CREATE INDEX log_time ON log(id DESC);

-- Storage of the built-in OpenID Connect provider (sessions, grants, codes, tokens).
CREATE TABLE oidc_payload (
  kind         text NOT NULL,
  id           text NOT NULL,
  payload      jsonb NOT NULL,
  grant_id     text,
  user_code    text,
  uid          text,
  expires_at   timestamptz,
  consumed_at  timestamptz,
  PRIMARY KEY (kind, id)
);
CREATE INDEX oidc_payload_grant ON oidc_payload(grant_id);
CREATE INDEX oidc_payload_uid ON oidc_payload(uid);

-- Password-reset requests of the built-in provider (token stored hashed).
CREATE TABLE password_reset (
  token_hash  text PRIMARY KEY,
  login_id    integer NOT NULL REFERENCES login(id) ON DELETE CASCADE,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);

-- Mail the server sends (password reset). The built-in mail adapter keeps it
-- here for the operator; an SMTP adapter sends it as well.
CREATE TABLE outbox (
  id         serial PRIMARY KEY,
  recipient  text NOT NULL,
  subject    text NOT NULL,
  body       text NOT NULL,
  created    timestamptz NOT NULL DEFAULT now()
);

-- Key material of the server (signing keys of the identity provider, cookie keys),
-- shared by every process on one database.
CREATE TABLE server_secret (
  name   text PRIMARY KEY,
  value  jsonb NOT NULL
);
