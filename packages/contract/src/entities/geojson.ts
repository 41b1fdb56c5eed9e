// Minimal GeoJSON (RFC 7946) schemas: enough to type and check what the API
// sends (catchment areas, isolines, area outlines), generic in the feature
// properties.
import * as z from 'zod';

/** [longitude, latitude] with an optional altitude. */
export const Position = z.union([z.tuple([z.number(), z.number()]), z.tuple([z.number(), z.number(), z.number()])]);
export type Position = z.infer<typeof Position>;

export const PointGeometry = z.object({ type: z.literal('Point'), coordinates: Position });
export const MultiPointGeometry = z.object({ type: z.literal('MultiPoint'), coordinates: z.array(Position) });
export const LineStringGeometry = z.object({ type: z.literal('LineString'), coordinates: z.array(Position) });
export const MultiLineStringGeometry = z.object({ type: z.literal('MultiLineString'), coordinates: z.array(z.array(Position)) });
export const PolygonGeometry = z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(Position)) });
export const MultiPolygonGeometry = z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(Position))) });

export const Geometry = z.discriminatedUnion('type', [
  PointGeometry,
  MultiPointGeometry,
  LineStringGeometry,
  MultiLineStringGeometry,
  PolygonGeometry,
  MultiPolygonGeometry,
]);
export type Geometry = z.infer<typeof Geometry>;

/** A feature with typed properties; id optional as in RFC 7946. */
export function featureOf<P extends z.ZodType>(properties: P) {
  return z.object({
    type: z.literal('Feature'),
    id: z.union([z.string(), z.number()]).optional(),
    geometry: Geometry.nullable(),
    properties,
  });
}

export function featureCollectionOf<P extends z.ZodType>(properties: P) {
  return z.object({
    type: z.literal('FeatureCollection'),
    features: z.array(featureOf(properties)),
  });
}

/** Any feature collection, properties unchecked. */
export const FeatureCollection = featureCollectionOf(z.record(z.string(), z.unknown()).nullable());
export type FeatureCollection = z.infer<typeof FeatureCollection>;
