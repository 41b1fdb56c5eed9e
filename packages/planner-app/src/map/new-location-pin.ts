// Placing a new location on the map: while placing, the cursor is a
// crosshair and the next click opens the location dialog there (Escape
// cancels); the new location's pin follows the view and can be dragged (or
// moved with the arrow keys) until the location is saved. Without a mouse:
// starting to place moves the focus to the map, which shows a crosshair at its
// centre; the arrow keys move the map under it and Enter places the new
// location there.
import type { LocusMap } from '@locus/map-canvas';
import { effect } from '@preact/signals-react';
import { t } from '../i18n';
import { formatLatLonDms } from '../i18n/format';
import { cancelPlacingLocation, locationDraft, moveDraftTo, openNewLocation, placingLocation, updateLocationDraft } from '../stores/editing/location-dialog';

const PIN_SVG =
  '<svg width="32" height="40" viewBox="0 0 32 40" aria-hidden="true"><path d="M16 39c-1-4-14-15-14-24a14 14 0 0 1 28 0c0 9-13 20-14 24z" fill="#1d5fd1" stroke="#fff" stroke-width="2"/><circle cx="16" cy="15" r="5" fill="#fff"/></svg>';
/** Pixels an arrow key moves the pin. */
const KEY_STEP = 10;

export function bindNewLocationPin(map: LocusMap, container: HTMLElement): () => void {
  const stops: (() => void)[] = [];
  const pin = document.createElement('button');
  pin.type = 'button';
  pin.className = 'new-location-pin';
  pin.innerHTML = PIN_SVG;
  pin.hidden = true;
  container.appendChild(pin);
  // The crosshair at the map's centre while placing, and the keyboard hint the map reads out.
  const crosshair = document.createElement('div');
  crosshair.className = 'new-location-crosshair';
  crosshair.setAttribute('aria-hidden', 'true');
  crosshair.hidden = true;
  container.appendChild(crosshair);
  const hint = document.createElement('p');
  hint.id = 'new-location-keys';
  hint.className = 'visually-hidden';
  container.appendChild(hint);

  const place = () => {
    const draft = locationDraft.peek();
    if (!draft || draft.mode !== 'new') {
      pin.hidden = true;
      return;
    }
    const [x, y] = map.project([draft.longitude, draft.latitude]);
    pin.hidden = false;
    pin.style.transform = `translate(${x - 16}px, ${y - 40}px)`;
    pin.setAttribute('aria-label', t('newLocationPin', { position: formatLatLonDms(draft.latitude, draft.longitude) }));
  };

  stops.push(
    effect(() => {
      void locationDraft.value;
      place();
    }),
  );
  stops.push(map.on('move', place));
  stops.push(map.on('moveend', place));

  let placing = false;
  stops.push(
    effect(() => {
      const now = placingLocation.value;
      container.classList.toggle('placing-location', now);
      crosshair.hidden = !now;
      hint.textContent = now ? t('placeLocationKeys') : '';
      if (now) map.container.setAttribute('aria-describedby', hint.id);
      else if (map.container.getAttribute('aria-describedby') === hint.id) map.container.removeAttribute('aria-describedby');
      // Placing starts with the focus on the map, so the arrow keys move it under the crosshair.
      if (now && !placing) map.container.focus({ preventScroll: true });
      placing = now;
    }),
  );
  const onMapKey = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' || e.target !== map.container || !placingLocation.peek()) return;
    e.preventDefault();
    const [lon, lat] = map.getView().center;
    void openNewLocation(lon, lat);
  };
  map.container.addEventListener('keydown', onMapKey);
  stops.push(() => map.container.removeEventListener('keydown', onMapKey));
  stops.push(
    map.on('click', (e) => {
      if (placingLocation.peek()) void openNewLocation(e.lngLat[0], e.lngLat[1]);
    }),
  );
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && placingLocation.peek()) cancelPlacingLocation();
  };
  addEventListener('keydown', onKey);
  stops.push(() => removeEventListener('keydown', onKey));

  // Dragging: the pin's tip follows the pointer; the position is written when it is let go.
  let dragging = false;
  const pointAt = (e: PointerEvent): [number, number] => {
    const rect = container.getBoundingClientRect();
    return map.unproject([e.clientX - rect.left, e.clientY - rect.top]);
  };
  pin.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    dragging = true;
    pin.setPointerCapture?.(e.pointerId);
    pin.classList.add('dragging');
  });
  pin.addEventListener('pointermove', (e) => {
    if (!dragging) return;
    const [lon, lat] = pointAt(e);
    updateLocationDraft({ longitude: lon, latitude: lat });
  });
  const drop = (e: PointerEvent) => {
    if (!dragging) return;
    dragging = false;
    pin.classList.remove('dragging');
    const [lon, lat] = pointAt(e);
    void moveDraftTo(lon, lat);
  };
  pin.addEventListener('pointerup', drop);
  pin.addEventListener('pointercancel', drop);
  pin.addEventListener('keydown', (e) => {
    const draft = locationDraft.peek();
    const delta = { ArrowLeft: [-KEY_STEP, 0], ArrowRight: [KEY_STEP, 0], ArrowUp: [0, -KEY_STEP], ArrowDown: [0, KEY_STEP] }[e.key];
    if (!draft || !delta) return;
    e.preventDefault();
    e.stopPropagation();
    const [x, y] = map.project([draft.longitude, draft.latitude]);
    const [lon, lat] = map.unproject([x + delta[0]!, y + delta[1]!]);
    void moveDraftTo(lon, lat);
  });

  return () => {
    for (const stop of stops) stop();
    pin.remove();
    crosshair.remove();
    hint.remove();
  };
}
