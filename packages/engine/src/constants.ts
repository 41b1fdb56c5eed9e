// Business constants of the calculation that the engine uses, with the spec's names.

/** Primary / secondary catchment: the areas reaching 50 % and 80 % of a location's output. */
export const PRIMARY_CATCHMENT_SHARE = 0.5;
export const SECONDARY_CATCHMENT_SHARE = 0.8;
/** An area whose fraction (P_ij) is under this is shown as "excluded". */
export const EXCLUDED_AREA_FRACTION = 0.01;
/** Differences smaller than this percentage of the default output are left out. */
export const DIFFERENCE_THRESHOLD_PERCENTAGE = 0.001;
/** Matching locations: the reference plus the 10 most similar; matching scores: the top 6. */
export const MATCHING_LOCATIONS_TOP_N = 11;
export const MATCHING_SCORES_TOP_N = 6;
/** Driver rounding digits of a new row. */
export const DEFAULT_DRIVER_ROUNDING_DIGITS = 2;
