// The isoline tool's state and its call (global
// administrators): the set, minutes (0 to the set's maximum on the slider,
// at least 1 in the call), the profile among the set's parameters, the point,
// and the drawn result.
import type { IsolineFeatureCollection, IsolineParameter } from '@locus/contract';
import { signal } from '@preact/signals-react';
import type { ApiClient } from '@locus/contract/client';

export const isolineToolOpen = signal(false);
export const toolParameters = signal<IsolineParameter[]>([]);
export const toolSetId = signal<number | null>(null);
export const toolMinutes = signal(10);
export const toolProfile = signal('');
export const toolPoint = signal<{ lon: number; lat: number } | null>(null);
/** The isoline the tool drew (drawn on the map with the isoline style). */
export const toolIsoline = signal<IsolineFeatureCollection | null>(null);
export const toolBusy = signal(false);

/** Help pages of the routing providers that have one (provider codes 1 and 4). */
export const PROVIDER_HELP: Readonly<Record<number, string>> = {
  1: 'https://docs.openrouteservice.org/api-reference/endpoints/isochrones',
  4: 'https://valhalla.github.io/valhalla/api/isochrone/api-reference/',
};

/** The minutes the call uses: the slider's value, at least 1 and at most the set's maximum. */
export function callMinutes(sliderValue: number, maximumMinutes: number): number {
  return Math.min(Math.max(1, Math.round(sliderValue)), maximumMinutes);
}

/** The parameters of the chosen set and profile. */
export function chosenParameter(list: readonly IsolineParameter[], setId: number | null, profile: string): IsolineParameter | null {
  const ofSet = list.filter((p) => p.isoLineSetId === setId);
  return ofSet.find((p) => p.profile === profile) ?? ofSet[0] ?? null;
}

/** Reads the model's isoline parameters and picks the first set and profile. */
export async function loadToolParameters(api: ApiClient, modelId: number): Promise<void> {
  const list = await api.call('isolinesParameters', { params: { modelId } });
  toolParameters.value = list;
  const first = list[0];
  if (first && !list.some((p) => p.isoLineSetId === toolSetId.value)) {
    toolSetId.value = first.isoLineSetId;
    toolProfile.value = first.profile;
    toolMinutes.value = Math.min(toolMinutes.value, first.maximumMinutes);
  }
}

/** Computes the isoline around the chosen point with the chosen parameters. */
export async function drawToolIsoline(api: ApiClient): Promise<number | null> {
  const p = chosenParameter(toolParameters.value, toolSetId.value, toolProfile.value);
  const point = toolPoint.value;
  if (!p || !point) return null;
  const minutes = callMinutes(toolMinutes.value, p.maximumMinutes);
  toolBusy.value = true;
  try {
    toolIsoline.value = await api.call('isoline', {
      params: { isoLineSetId: p.isoLineSetId },
      query: {
        longitude: point.lon,
        latitude: point.lat,
        minutes,
        profile: p.profile,
        baseUrl: p.baseUrl,
        parameters: p.parameters || undefined,
        postProcessingActions: p.postProcessingActions || undefined,
      } as never,
    });
    return minutes;
  } finally {
    toolBusy.value = false;
  }
}
