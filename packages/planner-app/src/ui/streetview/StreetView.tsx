// Street view: the figure at the map's bottom left, shown only
// when a key is configured; dropped on the map (or Enter for the map's
// centre) it looks for a panorama near that point and shows its 600x300 image
// looking towards the point, or marks itself unavailable. The image closes
// when the map changes. The map's context menu tells whether street view is
// available at the clicked point.
import { useSignals } from '@preact/signals-react/runtime';
import { PersonStanding } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { language, t } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { addContextMenuEntry } from '../../map/context-menu-entries';
import type { ContextMenuState } from '../../map/ContextMenu';
import { api } from '../../stores/api';
import { view } from '../../stores/view';
import { Dialog } from '../common';
import {
  closeStreetView,
  loadStreetView,
  openStreetView,
  streetView,
  streetViewAvailableAt,
  streetViewChecking,
  streetViewImage,
  streetViewUnavailable,
} from './state';
import './streetview.css';

function MenuAvailability({ state, close }: { state: ContextMenuState; close: () => void }) {
  const [available, setAvailable] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    void streetViewAvailableAt(state.lat, state.lon).then((yes) => {
      if (live) setAvailable(yes);
    });
    return () => {
      live = false;
    };
  }, [state.lat, state.lon]);
  if (available) {
    return (
      <button
        type="button"
        role="menuitem"
        className="menu-item"
        onClick={() => {
          close();
          void openStreetView(state.lat, state.lon);
        }}
      >
        {t('streetViewOpen')}
      </button>
    );
  }
  return (
    <div className="menu-info" role="presentation" data-testid="street-view-availability">
      <span>{available === null ? t('streetViewChecking') : t('streetViewUnavailable')}</span>
    </div>
  );
}

/** Gap between the figure and the map's left edge (or the open left drawer). */
const FIGURE_GAP = 12;

/** The figure's left offset: beside the left drawer while it is open, so the drawer never hides it. */
function useLeftOfDrawer(figure: React.RefObject<HTMLElement | null>, active: boolean): number {
  const [left, setLeft] = useState(FIGURE_GAP);
  useEffect(() => {
    const screen = figure.current?.parentElement;
    if (!active || !screen) return;
    const measure = () => {
      const drawer = screen.querySelector<HTMLElement>(':scope > .drawer-left');
      const right = drawer ? drawer.getBoundingClientRect().right - screen.getBoundingClientRect().left : 0;
      setLeft(Math.round(right) + FIGURE_GAP);
    };
    const resize = new ResizeObserver(measure);
    let watched: Element | null = null;
    const follow = () => {
      const drawer = screen.querySelector(':scope > .drawer-left');
      if (drawer !== watched) {
        if (watched) resize.unobserve(watched);
        if (drawer) resize.observe(drawer);
        watched = drawer;
      }
      measure();
    };
    const children = new MutationObserver(follow);
    children.observe(screen, { childList: true });
    follow();
    return () => {
      children.disconnect();
      resize.disconnect();
    };
  }, [active, figure]);
  return left;
}

export function StreetViewFigure() {
  useSignals();
  const adapter = streetView.value;
  const [drag, setDrag] = useState<{ x: number; y: number } | null>(null);
  const figure = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    void loadStreetView(api);
  }, []);
  const left = useLeftOfDrawer(figure, adapter !== null);
  useEffect(() => {
    if (!adapter) return;
    return addContextMenuEntry((state, close) => <MenuAvailability key="street-view" state={state} close={close} />);
  }, [adapter]);
  // The image closes when the map changes.
  const image = streetViewImage.value;
  useEffect(() => {
    if (!image) return;
    const map = window.locusMap;
    return map?.on('move', () => closeStreetView());
  }, [image]);

  if (!adapter) return null;
  const unavailable = streetViewUnavailable.value;
  const dropAt = (clientX: number, clientY: number) => {
    const map = window.locusMap;
    if (!map) return;
    const rect = map.container.getBoundingClientRect();
    if (clientX < rect.left || clientX > rect.right || clientY < rect.top || clientY > rect.bottom) return;
    const [lon, lat] = map.unproject([clientX - rect.left, clientY - rect.top]);
    void openStreetView(lat, lon);
  };
  const label = unavailable ? `${t('streetViewFigure')}: ${t('streetViewUnavailable')}` : t('streetViewFigure');
  return (
    <>
      <button
        ref={figure}
        type="button"
        className={`street-view-figure${unavailable ? ' unavailable' : ''}${streetViewChecking.value ? ' checking' : ''}`}
        style={{ left }}
        aria-label={label}
        title={label}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          setDrag({ x: e.clientX, y: e.clientY });
          streetViewUnavailable.value = false;
        }}
        onPointerMove={(e) => {
          if (drag) setDrag({ x: e.clientX, y: e.clientY });
        }}
        onPointerUp={(e) => {
          if (!drag) return;
          setDrag(null);
          const moved = Math.hypot(e.clientX - drag.x, e.clientY - drag.y) > 0 || !figure.current?.contains(document.elementFromPoint(e.clientX, e.clientY));
          if (moved) dropAt(e.clientX, e.clientY);
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' && e.key !== ' ') return;
          e.preventDefault();
          const [lon, lat] = view.value.center;
          void openStreetView(lat, lon);
        }}
      >
        <PersonStanding size={24} aria-hidden="true" />
      </button>
      {drag && (
        <div className="street-view-ghost" aria-hidden="true" style={{ left: drag.x - 12, top: drag.y - 24 }}>
          <PersonStanding size={24} />
        </div>
      )}
      {unavailable && (
        <p className="street-view-note" role="status" style={{ left: left + 48 }}>
          {t('streetViewUnavailable')}
        </p>
      )}
      <StreetViewDialog />
    </>
  );
}

export function StreetViewDialog() {
  useSignals();
  const image = streetViewImage.value;
  const lang = language.value;
  return (
    <Dialog
      title={t('streetViewTitle')}
      open={image !== null}
      onClose={closeStreetView}
      confirmClose={false}
      width="min(660px, 96vw)"
      className="street-view-dialog"
    >
      {image && (
        <img
          src={image.url}
          width={600}
          height={300}
          alt={t('streetViewImage', { bearing: formatNumber(lang, image.heading, 0) })}
          referrerPolicy="no-referrer"
        />
      )}
    </Dialog>
  );
}
