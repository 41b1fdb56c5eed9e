// One demand area seen from the map: the locations it reaches, with the
// minutes by car and on foot, the utility U_ij (its "score"), the share P_ij
// and the value V_ij. Serves "area properties in a scenario with the area's locations".

import type { ScenarioResult } from '../model/scenario.js';

export interface AreaLocation {
  location: number;
  value: number;
  share: number;
  score: number;
  /** null where that mode does not reach within its maximumMinutes. */
  minutesCar: number | null;
  minutesPedestrian: number | null;
}

export function areaLocations(result: ScenarioResult, area: number): { totalValue: number; locations: AreaLocation[] } {
  const { pairs } = result;
  const locations: AreaLocation[] = [];
  let totalValue = 0;
  for (let k = pairs.offsets[area]; k < pairs.offsets[area + 1]; k++) {
    const j = pairs.location[k];
    totalValue += result.flow[k];
    locations.push({
      location: j,
      value: result.flow[k],
      share: result.probability[k],
      score: result.attractiveness[j] * result.decay[k],
      minutesCar: Number.isFinite(pairs.minutesCar[k]) ? pairs.minutesCar[k] : null,
      minutesPedestrian: Number.isFinite(pairs.minutesPedestrian[k]) ? pairs.minutesPedestrian[k] : null,
    });
  }
  locations.sort((a, b) => b.value - a.value || a.location - b.location);
  return { totalValue, locations };
}
