// Reading a position a planner types: latitude first, then longitude, as
// decimal degrees ("52.1561, 5.3875", or with decimal commas "52,1561; 5,3875"
// or "52,1561 5,3875") or in degrees, minutes and seconds with hemisphere
// letters, the form the app shows and copies ("52° 9′ 22.0″ N, 5° 23′ 15.0″ E").
// With hemisphere letters the order may also be longitude first.

export interface LatLon {
  lat: number;
  lon: number;
}

/** One coordinate in DMS or decimal degrees with an optional hemisphere letter, e.g. `52° 9′ 22.0″ N`, `52.15N`. */
const DMS = /^(-)?\s*(\d+(?:[.,]\d+)?)\s*(?:°|º|d|\s)?\s*(?:(\d+(?:[.,]\d+)?)\s*(?:′|'|’|m|\s)\s*(?:(\d+(?:[.,]\d+)?)\s*(?:″|"|”|''|s)?)?)?\s*([NSEW])?$/i;

function number(text: string): number {
  return Number(text.replace(',', '.'));
}

/** One coordinate: its value in degrees and its axis when a hemisphere letter names it. */
function coordinate(text: string): { value: number; axis: 'lat' | 'lon' | null } | null {
  const m = DMS.exec(text.trim());
  if (!m) return null;
  const [, minus, d, min, sec, hemisphere] = m;
  const minutes = min === undefined ? 0 : number(min);
  const seconds = sec === undefined ? 0 : number(sec);
  if (minutes >= 60 || seconds >= 60) return null;
  // Minutes and seconds belong to whole degrees.
  if ((min !== undefined || sec !== undefined) && /[.,]/.test(d!)) return null;
  let value = number(d!) + minutes / 60 + seconds / 3600;
  const letter = hemisphere?.toUpperCase();
  if (minus && letter) return null;
  if (minus || letter === 'S' || letter === 'W') value = -value;
  return { value, axis: letter === 'N' || letter === 'S' ? 'lat' : letter === 'E' || letter === 'W' ? 'lon' : null };
}

/**
 * The two parts of a typed position. A semicolon, or a comma followed by a
 * space or standing between two DMS parts, separates them; otherwise, with
 * decimal commas, a space between two numbers does.
 */
function parts(text: string): [string, string] | null {
  const t = text.trim();
  for (const separator of [/\s*;\s*/, /,\s+/, /\s*\/\s*/]) {
    const split = t.split(separator);
    if (split.length === 2) return [split[0]!, split[1]!];
  }
  // "52.1561,5.3875": one comma between two numbers with decimal points.
  const tight = /^(-?\d+\.\d+),(-?\d+\.\d+)$/.exec(t);
  if (tight) return [tight[1]!, tight[2]!];
  // "52,1561 5,3875" or "52.1561 5.3875": two numbers apart by a space.
  const spaced = /^(-?\d+(?:[.,]\d+)?)\s+(-?\d+(?:[.,]\d+)?)$/.exec(t);
  if (spaced) return [spaced[1]!, spaced[2]!];
  // "52° 9′ 22.0″ N 5° 23′ 15.0″ E": split after the first hemisphere letter.
  const lettered = /^(.*?[NSEW])\s+(.*[NSEW])$/i.exec(t);
  if (lettered) return [lettered[1]!, lettered[2]!];
  return null;
}

/** The position a planner typed, or null when it is not one (or outside the globe's ranges). */
export function parseLatLon(text: string): LatLon | null {
  const p = parts(text);
  if (!p) return null;
  const a = coordinate(p[0]);
  const b = coordinate(p[1]);
  if (!a || !b) return null;
  if (a.axis && a.axis === b.axis) return null;
  const lonFirst = a.axis === 'lon' || b.axis === 'lat';
  const lat = lonFirst ? b.value : a.value;
  const lon = lonFirst ? a.value : b.value;
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { lat, lon };
}

/** Whether a position lies within the box around a list of points, widened by `margin` degrees. */
export function nearPoints(position: LatLon, points: readonly { latitude: number; longitude: number }[], margin = 0.5): boolean {
  if (!points.length) return true;
  let west = Infinity,
    south = Infinity,
    east = -Infinity,
    north = -Infinity;
  for (const p of points) {
    if (p.longitude < west) west = p.longitude;
    if (p.longitude > east) east = p.longitude;
    if (p.latitude < south) south = p.latitude;
    if (p.latitude > north) north = p.latitude;
  }
  return position.lon >= west - margin && position.lon <= east + margin && position.lat >= south - margin && position.lat <= north + margin;
}
