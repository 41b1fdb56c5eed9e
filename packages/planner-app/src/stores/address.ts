// The main screen's address: mid, smid, sid, lid, z, c, b, p.
// Read once at start and on Back/Forward; written on every change — a new
// history entry for model, sub-model, scenario and location, the same entry
// rewritten for map moves.
import type { MapView } from './view';

export interface Address {
  mid: number | null;
  smid: number | null;
  sid: number | null;
  lid: number | null;
  view: Partial<MapView>;
}

function int(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}
function num(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

export function parseAddress(search: string): Address {
  const q = new URLSearchParams(search);
  const view: Partial<MapView> = {};
  const z = num(q.get('z'));
  if (z !== undefined && z >= 0 && z <= 22) view.zoom = z;
  const c = q.get('c')?.split(',').map(Number);
  if (c && c.length === 2 && c.every(Number.isFinite) && Math.abs(c[0]!) <= 180 && Math.abs(c[1]!) <= 85.06) view.center = [c[0]!, c[1]!];
  const b = num(q.get('b'));
  if (b !== undefined) view.bearing = b;
  const p = num(q.get('p'));
  if (p !== undefined && p >= 0 && p <= 85) view.pitch = p;
  return { mid: int(q.get('mid')), smid: int(q.get('smid')), sid: int(q.get('sid')), lid: int(q.get('lid')), view };
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

export function formatAddress(state: { mid: number | null; smid: number | null; sid: number | null; lid: number | null; view: MapView }): string {
  const q = new URLSearchParams();
  if (state.mid !== null) q.set('mid', String(state.mid));
  if (state.smid !== null) q.set('smid', String(state.smid));
  if (state.sid !== null) q.set('sid', String(state.sid));
  if (state.lid !== null) q.set('lid', String(state.lid));
  q.set('z', String(round(state.view.zoom, 2)));
  q.set('c', `${round(state.view.center[0], 5)},${round(state.view.center[1], 5)}`);
  q.set('b', String(round(state.view.bearing, 1)));
  q.set('p', String(round(state.view.pitch, 1)));
  return `?${q.toString().replace(/%2C/g, ',')}`;
}

/** The part of the address whose change makes a new history entry. */
export function selectionKey(state: { mid: number | null; smid: number | null; sid: number | null; lid: number | null }): string {
  return `${state.mid}/${state.smid}/${state.sid}/${state.lid}`;
}
