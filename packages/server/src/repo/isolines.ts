// Isoline sets of a model and the isolines stored per location.
import type { IsolineFeatureCollection, IsolineParameter } from '@locus/contract';
import type { PostProcessingAction } from '@locus/engine';
import type { Queryable } from '../db/database.js';

/** A model's isoline sets as the isoline tool's parameters. */
export async function isolineParametersOf(db: Queryable, modelId: number): Promise<IsolineParameter[]> {
  const { rows } = await db.query<{
    id: number;
    profile: string;
    parameters: string | null;
    post_processing_actions: unknown;
    minutes: number;
    base_url: string | null;
    maximum_minutes: number;
    provider: number;
  }>('SELECT * FROM iso_line_set WHERE model_id = $1 ORDER BY id', [modelId]);
  return rows.map((r) => ({
    profile: r.profile,
    parameters: r.parameters ?? '{}',
    postProcessingActions: JSON.stringify(r.post_processing_actions ?? []),
    minutes: r.minutes,
    isoLineSetId: r.id,
    baseUrl: r.base_url ?? '',
    maximumMinutes: r.maximum_minutes,
    provider: r.provider,
  }));
}

export interface IsolineSetRow {
  model_id: number;
  name: string;
  maximum_minutes: number;
  base_url: string | null;
  post_processing_actions: PostProcessingAction[] | null;
}

export async function isolineSet(db: Queryable, isoLineSetId: number): Promise<IsolineSetRow | undefined> {
  return (
    await db.query<IsolineSetRow>('SELECT model_id, name, maximum_minutes, base_url, post_processing_actions FROM iso_line_set WHERE id = $1', [isoLineSetId])
  ).rows[0];
}

/** The isolines stored for a location, one feature per isoline set. */
export async function locationIsolines(db: Queryable, locationId: number): Promise<IsolineFeatureCollection> {
  const { rows } = await db.query<{ minutes: number; geometry: IsolineFeatureCollection['features'][number]['geometry']; name: string }>(
    `SELECT i.minutes, i.geometry, s.name FROM isoline i JOIN iso_line_set s ON s.id = i.iso_line_set_id
      WHERE i.location_id = $1 ORDER BY s.id`,
    [locationId],
  );
  return {
    type: 'FeatureCollection',
    features: rows.map((r) => ({ type: 'Feature', geometry: r.geometry, properties: { minutes: r.minutes, isoLineSet: r.name } })),
  };
}
